/**
 * Rows as the raw JSON a view shows beside its table (the results panel, a notebook output): the
 * first RAW_JSON_ROWS of them, indented, after a line saying how many more there are and where
 * `whole` (an action the view offers) gets them all. Set as text, never markup.
 */
export const RAW_JSON_ROWS = 2_000;

export function rawJsonText(rows: readonly unknown[], whole: string): string {
  const shown = rows.slice(0, RAW_JSON_ROWS);
  const note =
    rows.length > RAW_JSON_ROWS
      ? `// the first ${RAW_JSON_ROWS.toLocaleString('en-US')} of ${rows.length.toLocaleString('en-US')} rows; ${whole} has all\n`
      : '';
  return note + JSON.stringify(shown, null, 2);
}
