import { performance } from 'node:perf_hooks';

/**
 * When a bundle began to run: the entry (codeCachedEntry.ts) and the extension's own bundle
 * (extension.ts) each import this first, so it is the first module the bundle evaluates, and each
 * logs how long it took from there.
 */
export const bundleStarted = performance.now();

/**
 * The extension host's CPU time then: beside the wall time, what the start cost the process
 * itself, not the other processes of a busy machine that took turns on its cores meanwhile.
 */
export const bundleStartedCpu = process.cpuUsage();

/** The host's CPU time since `since`, in ms (every thread of it: V8's compiler and GC too). */
export function cpuMsSince(since: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
}
