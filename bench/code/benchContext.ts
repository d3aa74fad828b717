/** What bench/code/index.ts hands each part of `npm run bench:code`. */
import type { ExtensionApi } from '../../src/extension/extension';

export interface BenchContext {
  api: ExtensionApi;
  /** The PuppetDB the raw requests go to, and the connection the extension asks it through. */
  url: string;
  connection: string;
  rounds: number;
  log(text: string): void;
  /** Prints a measured row beside its baseline of the same run, with the ratio and target. */
  row(what: string, measured: number[], baseline: number[], label: string, target: string): void;
  /** Runs the measured work and its baseline in turn, `rounds` times each. */
  alternate(
    rounds: number,
    measured: () => Promise<number>,
    baseline: () => Promise<number>,
  ): Promise<[number[], number[]]>;
}
