/**
 * Log messages compared across runs: the same error in two runs rarely reads the same, because it
 * carries a time, a duration, a process id or a temporary file's hex name. These parts are replaced
 * by placeholders before two messages are compared, and the answer says it compared them so.
 */

/** What a volatile part becomes, in the order they are replaced (the longest shapes first). */
const VOLATILE: ReadonlyArray<readonly [RegExp, string]> = [
  // 2026-11-29T07:27:37.123Z, 2026-11-29 07:27:37 +0000
  [/\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|\s?[+-]\d{2}:?\d{2})?/g, '<time>'],
  // 8-4-4-4-12 hex: uuids
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<id>'],
  // 07:27:37
  [/\b\d{1,2}:\d{2}:\d{2}(?:\.\d+)?\b/g, '<time>'],
  // hex ids of 7 and more characters with a digit in them (commits, hashes, temp names)
  [/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,}\b/gi, '<hex>'],
  [/\b0x[0-9a-f]+\b/gi, '<hex>'],
  // any other number, decimals too
  [/\d+(?:\.\d+)?/g, '<n>'],
];

/** The message with its times, ids, hex names and numbers replaced by placeholders. */
export function normaliseMessage(message: string): string {
  let text = message;
  for (const [pattern, placeholder] of VOLATILE) text = text.replace(pattern, placeholder);
  return text.replace(/\s+/g, ' ').trim();
}

/** Said beside every answer that compared messages this way. */
export const NORMALISED_NOTE =
  'Messages are compared with their numbers, times and hex ids replaced by placeholders.';
