/**
 * Writes query rows to a CSV or JSON file as they stream in, a batch at a time, holding none of
 * them afterwards (pure: the caller gives the batches and where the text goes).
 */
import { columnsOf, csvLine, csvRow } from './csv';

export interface RowsFileResult {
  rows: number;
  /** CSV only: fields of later rows that the header (taken from the first rows) has no column for. */
  unlistedFields: string[];
}

export async function writeRowsFile(
  batches: AsyncIterable<readonly unknown[]>,
  format: 'csv' | 'json',
  write: (text: string) => Promise<void>,
): Promise<RowsFileResult> {
  let rows = 0;
  let columns: string[] | undefined;
  let known = new Set<string>();
  const unlisted = new Set<string>();
  if (format === 'json') await write('[');
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    let text = '';
    if (format === 'json') {
      for (const row of batch) text += `${rows++ === 0 ? '\n' : ',\n'}${JSON.stringify(row)}`;
    } else {
      if (!columns) {
        // a streamed CSV can't go back to its header: the columns are those of the first rows
        columns = columnsOf(batch);
        known = new Set(columns);
        text += csvLine(columns);
      }
      for (const row of batch) {
        if (typeof row === 'object' && row !== null && !Array.isArray(row)) {
          for (const key of Object.keys(row)) if (!known.has(key)) unlisted.add(key);
        }
        text += csvRow(row, columns);
        rows++;
      }
    }
    await write(text);
  }
  if (format === 'json') await write(rows === 0 ? ']\n' : '\n]\n');
  else if (!columns) await write(csvLine(columnsOf([])));
  return { rows, unlistedFields: [...unlisted] };
}
