/**
 * Case-insensitive substring search over many rows of text (the events table's filters).
 *
 * Each row's text is lower-cased once, when it is indexed (in slices, so the work can be spread
 * over idle time), never on a keystroke. A search then tests only the rows that can still match:
 * when the new needles refine the last search's (typing one more character: every old needle
 * occurs in some new one), only the last result and the rows indexed since are tested, so a
 * keystroke costs what the previous one matched, not the whole table.
 */
export class TextIndex {
  private readonly texts: string[] = [];
  private last: { needles: readonly string[]; size: number; rows: Uint32Array } | undefined;

  /** `textOf(index)`: the text of row `index` (lower-cased here). */
  constructor(private readonly textOf: (index: number) => string) {}

  /** How many rows are indexed. */
  get size(): number {
    return this.texts.length;
  }

  /** Forgets every row (the rows changed; they are indexed again from the first). */
  clear(): void {
    this.texts.length = 0;
    this.last = undefined;
  }

  /** Indexes up to `limit` more rows, up to row `rows` (exclusive); true when all are indexed. */
  extend(rows: number, limit = Infinity): boolean {
    const end = Math.min(rows, this.texts.length + limit);
    for (let index = this.texts.length; index < end; index++) {
      this.texts.push(this.textOf(index).toLowerCase());
    }
    return this.texts.length >= rows;
  }

  /**
   * The indexed rows whose text contains every needle (case-insensitive), in ascending order.
   * Rows not indexed yet are not searched: extend first.
   */
  search(needles: readonly string[]): Uint32Array {
    const lowered = needles.map((needle) => needle.toLowerCase()).filter(Boolean);
    const { texts, last } = this;
    const narrow = !!last && last.size <= texts.length && refines(lowered, last.needles);
    const from = narrow ? last.size : 0;
    const found = new Uint32Array((narrow ? last.rows.length : 0) + texts.length - from);
    // plain loops, no closure: a keystroke may test every one of hundreds of thousands of rows
    let count = 0;
    const candidates = narrow ? last.rows : NONE;
    for (let at = 0; at < candidates.length; at++) {
      const index = candidates[at]!;
      if (containsAll(texts[index]!, lowered)) found[count++] = index;
    }
    for (let index = from; index < texts.length; index++) {
      if (containsAll(texts[index]!, lowered)) found[count++] = index;
    }
    // a view, not a copy, when most of the buffer is used (a keystroke that still matches most rows)
    const rows = count * 2 >= found.length ? found.subarray(0, count) : found.slice(0, count);
    this.last = { needles: lowered, size: texts.length, rows };
    return rows;
  }
}

const NONE = new Uint32Array(0);

function containsAll(text: string, needles: readonly string[]): boolean {
  for (let at = 0; at < needles.length; at++) if (!text.includes(needles[at]!)) return false;
  return true;
}

/** Whether every row matching `next` also matches `previous`: each old needle is in a new one. */
function refines(next: readonly string[], previous: readonly string[]): boolean {
  return previous.every((old) => next.some((needle) => needle.includes(old)));
}
