/**
 * The hunks of one file's unified diff (git's), read with the `diff` package: where each sits on
 * the new side (where a lens goes) and which lines of the old side it touches (what today's
 * catalogs were compiled from, so what their `file:line` values point at). Pure.
 */
import { applyPatch, parsePatch, reversePatch } from 'diff';

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
  const [file] = parsePatch(untrimmed(patch));
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

const HUNK_HEADER = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/;

/**
 * `patch` with the blank context lines a trimmed diff lost at its end put back: the git
 * extension trims the diff of a commit range, and a hunk ending on an empty line of the file
 * ends on a context line that is a single space. Only the last hunk can be short, and only of
 * context lines; a patch that is whole is returned as it is.
 */
export function untrimmed(patch: string): string {
  const lines = patch.replace(/\n$/, '').split('\n');
  let header = -1;
  for (let index = lines.length - 1; index >= 0; index--) {
    if (HUNK_HEADER.test(lines[index]!)) {
      header = index;
      break;
    }
  }
  if (header < 0) return patch;
  const [, oldCount = '1', newCount = '1'] = HUNK_HEADER.exec(lines[header]!)!;
  let old = 0;
  let added = 0;
  for (const line of lines.slice(header + 1)) {
    if (line.startsWith('-')) old++;
    else if (line.startsWith('+')) added++;
    else if (line.startsWith(' ') || line === '') {
      old++;
      added++;
    }
  }
  const missingOld = Number(oldCount) - old;
  const missingNew = Number(newCount) - added;
  if (missingOld <= 0 || missingOld !== missingNew) return patch;
  return `${lines.join('\n')}\n${' \n'.repeat(missingOld)}`;
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

/**
 * The files of a diff of several (`git diff`'s output), each with its own part of the text, by
 * its repository-relative path (the new side's; the old one's for a deletion).
 */
export function splitPatch(patch: string): Map<string, string> {
  const files = new Map<string, string>();
  const parts = patch.split(/^(?=diff --git )/m).filter((part) => part.startsWith('diff --git '));
  for (const part of parts) {
    const path = patchPath(part);
    if (path !== undefined) files.set(path, part);
  }
  return files;
}

/** (`a/` and `b/`, or `i/`, `w/`, `c/`, `o/` under git's `diff.mnemonicPrefix`) */
const SIDE = String.raw`(?:[abciwo]/)`;

function patchPath(part: string): string | undefined {
  const newName = new RegExp(`^\\+\\+\\+ ${SIDE}(.*)$`, 'm').exec(part)?.[1];
  if (newName !== undefined && newName !== '/dev/null') return newName;
  const oldName = new RegExp(`^--- ${SIDE}(.*)$`, 'm').exec(part)?.[1];
  if (oldName !== undefined && oldName !== '/dev/null') return oldName;
  // a binary file or a mode change: `diff --git a/x b/x`
  const header = new RegExp(`^diff --git ${SIDE}(.*) ${SIDE}(.*)$`, 'm').exec(part);
  return header?.[2];
}

/** Whether a file's patch adds it (`--- /dev/null`) or deletes it (`+++ /dev/null`). */
export function patchAdds(patch: string): boolean {
  return /^--- \/dev\/null$/m.test(patch) || /^new file mode /m.test(patch);
}

export function patchDeletes(patch: string): boolean {
  return /^\+\+\+ \/dev\/null$/m.test(patch) || /^deleted file mode /m.test(patch);
}

/**
 * The old side of a file from its new side and its patch, with no git process: the patch applied
 * backwards. Undefined when it does not apply (the file changed again since git's diff).
 */
export function oldSideOf(newText: string, patch: string): string | undefined {
  const [file] = parsePatch(untrimmed(patch));
  if (!file || file.hunks.length === 0) return undefined;
  const old = applyPatch(newText, reversePatch(file));
  return old === false ? undefined : old;
}
