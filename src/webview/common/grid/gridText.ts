/**
 * What a grid copies and finds, as text (pure, no DOM): rows as tab-separated values, and the
 * row that type-to-find lands on.
 */

/**
 * Rows of cells as tab-separated values, one line per row (a header line first when given). A
 * tab or a line break inside a cell would cut it in two: each becomes a space.
 */
export function toTsv(rows: readonly (readonly string[])[], header?: readonly string[]): string {
  const line = (cells: readonly string[]) =>
    cells.map((cell) => cell.replace(/[\t\r\n]+/g, ' ')).join('\t');
  return [...(header ? [line(header)] : []), ...rows.map(line)].join('\n');
}

/**
 * Type-to-find: the position of the first row, from `from` on and round to the start, whose
 * text starts with `prefix` (case-insensitively); -1 when none does. `textOf(position)` is
 * undefined for rows that are not searched (a group's header).
 */
export function findByPrefix(
  count: number,
  from: number,
  prefix: string,
  textOf: (position: number) => string | undefined,
): number {
  const wanted = prefix.toLowerCase();
  if (!wanted || count === 0) return -1;
  const start = ((from % count) + count) % count;
  for (let step = 0; step < count; step++) {
    const position = (start + step) % count;
    const text = textOf(position);
    if (text !== undefined && text.toLowerCase().startsWith(wanted)) return position;
  }
  return -1;
}

/** How long a pause ends a type-to-find word (ms between keys). */
export const FIND_PAUSE_MS = 1000;

/**
 * The keys typed for type-to-find: a word that a pause ends. A key repeated alone ("s", "s")
 * moves to the next match rather than looking for "ss".
 */
export class FindBuffer {
  private text = '';
  private lastAt = -Infinity;

  /** Adds a key typed at `at` (ms); answers the word to find and whether to look past the row. */
  type(key: string, at: number): { prefix: string; next: boolean } {
    if (at - this.lastAt > FIND_PAUSE_MS) this.text = '';
    this.lastAt = at;
    const repeated = this.text.length > 0 && [...this.text].every((each) => each === key);
    if (repeated) {
      this.text += key;
      return { prefix: key, next: true };
    }
    this.text += key;
    return { prefix: this.text, next: this.text.length === 1 };
  }

  /** Whether a word is being typed (a space then belongs to it). */
  typing(at: number): boolean {
    return this.text.length > 0 && at - this.lastAt <= FIND_PAUSE_MS;
  }
}
