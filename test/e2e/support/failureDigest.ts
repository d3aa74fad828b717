/**
 * What a failed e2e process said about its failure, short enough to print again at the end of a
 * run. CI keeps only the last part of a long log; a batch's failure printed twenty minutes
 * earlier would otherwise be out of it, and with it the reason.
 */

/** How many lines of one failure (its `✘` line and what follows) the digest keeps. */
const LINES_PER_FAILURE = 12;
/** How many of the process's last lines the digest keeps when no check says `✘`. */
const LAST_LINES = 30;
/** A line that starts the next check, script or summary: the end of a failure's text. */
const NEXT_ENTRY = /^(?: {2}[✔✘⟳]|== |-- |e2e )/u;

/**
 * Each failed check of `output` (a `✘` line and the lines after it, up to the next check), or
 * when none failed by name, the last lines: a thrown error or a crash ends the output.
 */
export function failureDigest(output: string): string[] {
  const lines = output.replace(/\r/g, '').trimEnd().split('\n');
  const digest: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    if (!lines[index]!.startsWith('  ✘')) continue;
    const failure = [lines[index]!];
    for (let next = index + 1; next < lines.length && !NEXT_ENTRY.test(lines[next]!); next++) {
      failure.push(lines[next]!);
    }
    digest.push(...failure.slice(0, LINES_PER_FAILURE));
    if (failure.length > LINES_PER_FAILURE) {
      digest.push(`    … ${failure.length - LINES_PER_FAILURE} more lines above`);
    }
  }
  if (digest.length > 0) return digest;
  return lines.slice(-LAST_LINES);
}
