/**
 * Several e2e scripts in one process and one workbench (test/e2e/runBatch.ts). A workbench start
 * (VS Code server, Chromium, the workbench, the extension host) costs about 40 CPU-s on the
 * 2-core CI machine, more than most scripts' own checks, and CI is bound by CPU. So the scripts
 * of a batch run side by side until each asks for its workbench; then their passes run one after
 * another in one workbench, reset between them as between themes (resetWorkbench), and each
 * script goes on with what its passes gave.
 *
 * Only scripts that ask for the same settings share a workbench (the connection list is the
 * user's, kept by the server, and the workspace's settings are the folder's); their files go into
 * one workspace, which can be a clone of at most one repository. Others get a workbench each, as
 * when they run alone.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** What a script asks for: a workbench with `options` to run `passes` in. */
export interface BatchRequest<Options, Pass> {
  script: string;
  options: Options;
  passes: readonly Pass[];
  outcome?: (label: string, error: unknown) => void;
}

/**
 * Runs requests that can share one workbench, the passes of each in the order asked; gives each
 * request's failure (undefined: its passes ran, each reported to its outcome).
 */
export type RunShared<Options, Pass> = (
  requests: BatchRequest<Options, Pass>[],
) => Promise<unknown[]>;

interface Waiting<Options, Pass> {
  request: BatchRequest<Options, Pass>;
  settle: (error?: unknown) => void;
}

class Batch<Options, Pass> {
  private readonly arrived = new Set<string>();
  private readonly waiting: Waiting<Options, Pass>[] = [];
  private closed = false;

  constructor(
    private readonly scripts: readonly string[],
    private readonly runShared: RunShared<Options, Pass>,
    private readonly compatible: (a: Options, b: Options) => boolean,
  ) {}

  /** Whether `script` still takes part: it has not asked for a workbench or ended yet. */
  open(script: string): boolean {
    return !this.closed && this.scripts.includes(script) && !this.arrived.has(script);
  }

  ask(request: BatchRequest<Options, Pass>): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({
        request,
        settle: (error) => (error === undefined ? resolve() : reject(error)),
      });
      this.arrive(request.script);
    });
  }

  /** A script that ended without asking (or after its request) takes no more part. */
  arrive(script: string): void {
    this.arrived.add(script);
    if (this.closed || this.scripts.some((each) => !this.arrived.has(each))) return;
    this.closed = true;
    void this.runAll();
  }

  private async runAll(): Promise<void> {
    // requests that can share, in the order the scripts were named
    const order = (each: Waiting<Options, Pass>) => this.scripts.indexOf(each.request.script);
    const groups: Waiting<Options, Pass>[][] = [];
    for (const each of [...this.waiting].sort((a, b) => order(a) - order(b))) {
      const group = groups.find((members) =>
        members.every((member) => this.compatible(member.request.options, each.request.options)),
      );
      if (group) group.push(each);
      else groups.push([each]);
    }
    for (const group of groups) {
      try {
        const failures = await this.runShared(group.map((each) => each.request));
        group.forEach((each, index) => each.settle(failures[index]));
      } catch (error) {
        for (const each of group) each.settle(error);
      }
    }
  }
}

const current = new AsyncLocalStorage<string>();
let batch: Batch<unknown, unknown> | undefined;

/** Starts a batch of `scripts` (the names asBatchScript loads them by: runBatch.ts gives files). */
export function startBatch<Options, Pass>(
  scripts: readonly string[],
  runShared: RunShared<Options, Pass>,
  compatible: (a: Options, b: Options) => boolean,
): void {
  batch = new Batch(scripts, runShared, compatible) as unknown as Batch<unknown, unknown>;
}

/** Runs `load` (which starts a script) as `script` of the batch. */
export function asBatchScript(script: string, load: () => void): void {
  current.run(script, load);
}

/**
 * Runs a script's main; in a batch, its end (if it did not ask for a workbench) counts as its
 * arrival, so that the others do not wait for it.
 */
export function runBatchedMain(main: () => Promise<void>): Promise<void> {
  const script = current.getStore();
  if (!batch || script === undefined) return main();
  return main().finally(() => batch?.arrive(script));
}

/** Whether this process runs a batch of scripts (a failure then must not end it). */
export function inABatch(): boolean {
  return batch !== undefined;
}

/**
 * The batch's answer to a workbench request: a promise settled once the request's passes ran in
 * a shared workbench, or undefined when the request is the script's own (no batch, or a second
 * request of a script).
 */
export function inBatch<Options, Pass>(
  request: Omit<BatchRequest<Options, Pass>, 'script'>,
): Promise<void> | undefined {
  const script = current.getStore();
  if (!batch || script === undefined || !batch.open(script)) return undefined;
  return batch.ask({ ...request, script } as BatchRequest<unknown, unknown>);
}
