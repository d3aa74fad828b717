/**
 * The hunks of one file's unified diff (git's), read with the `diff` package: where each sits on
 * the new side (where a lens goes) and which lines of the old side it touches (what today's
 * catalogs were compiled from, so what their `file:line` values point at). Pure.
 */
import { parsePatch } from 'diff';

export interface DiffHunk {
  /** The new side's first line (1-based) and its line count; a deletion has count 0. */
  newStart: number;
  newCount: number;
  /** Old-side lines (1-based) the hunk removes or replaces. */
  removedLines: number[];
  /**
   * Old-side lines after which the hunk inserts lines (0: before the first line): an insertion
   * lands in whatever block is open after that line.
   */
  insertedAfter: number[];
}

/**
 * The hunks of `patch` (the unified diff of one file; a patch of several files gives the first
 * file's). Empty for no change, a binary file or a mode change.
 */
export function parseHunks(patch: string): DiffHunk[] {
  if (patch.trim() === '') return [];
  const [file] = parsePatch(patch);
  if (!file) return [];
  return file.hunks.map((hunk) => {
    const removedLines: number[] = [];
    const insertedAfter: number[] = [];
    // (`diff` reads git's `-20,0`, nothing removed after line 20, as starting at line 21)
    let oldLine = hunk.oldStart;
    let inserting = false;
    for (const line of hunk.lines) {
      const mark = line[0];
      if (mark === '-') {
        removedLines.push(oldLine);
        oldLine++;
        inserting = false;
      } else if (mark === '+') {
        if (!inserting) insertedAfter.push(oldLine - 1);
        inserting = true;
      } else if (mark === ' ') {
        oldLine++;
        inserting = false;
      }
      // `\ No newline at end of file` changes no line
    }
    return {
      // (likewise a deletion's: the lens goes on the line after it, the first at the top)
      newStart: Math.max(1, hunk.newStart),
      newCount: hunk.newLines,
      removedLines,
      insertedAfter,
    };
  });
}

/** The one hunk of a file added, deleted or renamed as a whole (the model counts it so). */
export function wholeFileHunk(lineCount: number): DiffHunk {
  return {
    newStart: 1,
    newCount: lineCount,
    removedLines: [],
    insertedAfter: [0],
  };
}
