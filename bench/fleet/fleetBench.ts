/** What each row of bench:fleet is given by bench/fleet/index.ts. */
export interface FleetBench {
  /** The fleet's PuppetDB, for the raw requests beside the view. */
  url: string;
  /** The extension's connection to it. */
  connectionId: string;
  /** Rounds after the warm-up. */
  rounds: number;
  log(text: string): void;
  median(values: number[]): number;
}
