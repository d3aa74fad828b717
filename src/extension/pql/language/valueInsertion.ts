/**
 * How a completed value lands in a PQL query: always as one whole, closed string literal whose
 * value is exactly the value. Live values (certnames, fact names) come from PuppetDB and may hold
 * `"`, `'` or `\`: none of them can end the string early or change what the query means.
 */
export interface ValueInsertion {
  /** The literal to insert, quotes included. */
  text: string;
  /** How many characters before the cursor it replaces (the opening quote and what was typed). */
  replaceBefore: number;
  /** How many after it (a closing quote the editor added). */
  replaceAfter: number;
  /** What the editor matches the typed text against. */
  filterText: string;
}

/**
 * `quote` is the quote of a string left open before the cursor (undefined when none is), `typed`
 * what follows that quote as written (or the word typed, with no quote), `next` the character
 * after the cursor.
 */
export function valueInsertion(
  value: string,
  quote: '"' | "'" | undefined,
  typed: string,
  next: string,
): ValueInsertion {
  const text = pqlString(value, quote ?? '"');
  if (!quote) return { text, replaceBefore: typed.length, replaceAfter: 0, filterText: value };
  return {
    text,
    replaceBefore: typed.length + 1,
    replaceAfter: next === quote ? 1 : 0,
    filterText: quote + value,
  };
}

/**
 * A PQL string literal of `value`: single-quoted as preferred when it can be, else double-quoted
 * with JSON escapes. PuppetDB keeps a single-quoted string's backslashes as written but for `\'`,
 * so a value fits single quotes unless it holds `'` or a line break, or ends in a backslash
 * (which would escape the closing quote).
 */
export function pqlString(value: string, preferred: '"' | "'"): string {
  const fitsSingleQuotes = !/['\r\n\u0085\u2028\u2029]|\\$/.test(value);
  return preferred === "'" && fitsSingleQuotes ? `'${value}'` : JSON.stringify(value);
}
