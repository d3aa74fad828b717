/**
 * The rounds of bench:fleet's "a second view of the same kind" (issue 35 §2): a subject's view
 * opened in a new panel, then, a second later (the user looked at it), the next subject's, which
 * VS Code's preview rule shows in the first one's panel; beside a raw request for the second
 * subject, in the same round. The first round is a warm-up and is left out.
 */
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';

/** How long the user looks at the first subject's view before opening the next. */
export const READING_MS = 1000;

/** A duration, and what came with it. */
export interface Timed<T> {
  ms: number;
  of: T;
}

export interface SecondViewRound<O, R> {
  /** The first subject's view, in a new panel. */
  firstMs: number;
  /** The same, with what came with it. */
  first: Timed<O>;
  /** The second subject's, in the preview's panel. */
  second: Timed<O>;
  /** The raw request for the second subject. */
  raw: Timed<R>;
}

export async function secondViewRounds<O, R>(options: {
  /** Two subjects per round, the warm-up's included. */
  subjects: readonly string[];
  rounds: number;
  /** What the views are, for the error when the second opens a panel of its own. */
  kind: string;
  open(subject: string): Promise<Timed<O>>;
  raw(subject: string): Promise<Timed<R>>;
}): Promise<Array<SecondViewRound<O, R>>> {
  const { subjects, rounds, kind, open, raw } = options;
  const measured: Array<SecondViewRound<O, R>> = [];
  for (let round = 0; round <= rounds; round++) {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const [one, two] = [subjects[2 * round]!, subjects[2 * round + 1]!];
    const first = await open(one);
    await new Promise((resolve) => setTimeout(resolve, READING_MS));
    const second = await open(two);
    const tabs = vscode.window.tabGroups.all
      .flatMap((group) => group.tabs)
      .filter((tab) => tab.input instanceof vscode.TabInputWebview);
    if (tabs.length !== 1) throw new Error(`the second ${kind} opened a panel of its own`);
    const rawRequest = await raw(two);
    // the first round is a warm-up
    if (round > 0) measured.push({ firstMs: first.ms, first, second, raw: rawRequest });
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  return measured;
}

/** A view command run and timed until it answers; an answer naming an error is thrown. */
export async function timedCommand<I extends { error?: string | undefined }>(
  command: string,
  argument: unknown,
): Promise<{ ms: number; info: I }> {
  const started = performance.now();
  const info = await vscode.commands.executeCommand<I>(command, argument);
  if (info.error) throw new Error(info.error);
  return { ms: performance.now() - started, info };
}

/** The medians of the rounds: the first view in a new panel, the second in the preview's, raw. */
export function medianTimes<O, R>(
  measured: Array<SecondViewRound<O, R>>,
  median: (values: number[]) => number,
): { newPanel: number; reused: number; raw: number } {
  return {
    newPanel: median(measured.map((round) => round.firstMs)),
    reused: median(measured.map((round) => round.second.ms)),
    raw: median(measured.map((round) => round.raw.ms)),
  };
}
