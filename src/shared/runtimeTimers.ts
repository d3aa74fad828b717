/**
 * The timers and the clock that both runtimes of shared code have (a page and Node), which
 * shared's `lib: ES2022` does not declare: typed here once, taken from the global object.
 */
interface RuntimeTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  performance: { now(): number };
}

export const runtime = globalThis as unknown as RuntimeTimers;
