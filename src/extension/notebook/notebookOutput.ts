import { randomUUID } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import * as vscode from 'vscode';
import type { PqlBookOutput } from '../../shared/notebook/pqlBook';
import { type OutputData, CellRowsPacker, unpackedOutput } from '../../shared/notebook/cellRows';

/**
 * The mime type of a PQL cell's output: its rows (packed: cellRows.ts) and how the run went
 * (`PqlBookOutput`), as gzipped JSON; what the notebook renderer draws (its table, charts and
 * JSON) and what the serializer saves. No second copy as `application/json` for VS Code's own
 * JSON view: it made each output twice as large, and opening a notebook of 20 saved outputs
 * about 0.1 s slower (bench:notebook).
 */
export const ROWS_MIME = 'application/vnd.puppetdb-explorer.rows+gzip';

/**
 * How hard an output is compressed: the fastest level. VS Code carries an output's bytes from the
 * extension host through the window into the notebook's frame, which took 280–400 ms for the
 * 4.9 MB of a 100,000-row answer; gzipped at this level (about 40 ms) they are a fifth of that,
 * and arrive 180–300 ms sooner with the renderer's unzipping counted (bench:notebook).
 */
const GZIP_LEVEL = 1;

/**
 * The cell output showing `output` (rows, or the run's failure). Its data carries a `key` of its
 * own (never saved: the file format does not know it), by which the renderer names the output it
 * draws when it posts a certname, and its rows packed (cellRows.ts): by `packer` when the run
 * packed them as they came (it must hold exactly `output.rows`), else here.
 */
export function cellOutput(
  output: PqlBookOutput,
  packer?: CellRowsPacker,
): vscode.NotebookCellOutput {
  const { rows, ...rest } = output;
  const head = JSON.stringify({ ...rest, key: randomUUID() });
  let packed = packer;
  if (!packed && rows) {
    packed = new CellRowsPacker();
    packed.add(rows);
  }
  const data = packed ? `${head.slice(0, -1)},"packedRows":${packed.json()}}` : head;
  const items = [
    new vscode.NotebookCellOutputItem(gzipSync(data, { level: GZIP_LEVEL }), ROWS_MIME),
  ];
  if (output.error !== undefined) items.push(vscode.NotebookCellOutputItem.stderr(output.error));
  return new vscode.NotebookCellOutput(items);
}

/** The PQL output among a cell's outputs, as the serializer saves it (other outputs are not saved). */
export function savedOutput(
  outputs: readonly vscode.NotebookCellOutput[] | undefined,
): PqlBookOutput | undefined {
  const data = outputData(outputs);
  if (!data) return undefined;
  const { key: _key, arriving, ...saved } = data;
  // saved while the run was under way: the file says how many of the rows so far it lacks
  const lacking = typeof arriving === 'number' ? arriving - (saved.rows?.length ?? 0) : 0;
  if (lacking > 0) saved.rowsOmitted = (saved.rowsOmitted ?? 0) + lacking;
  return saved;
}

/** The PQL output among `outputs`, its rows unpacked, with its `key`. */
export function outputData(
  outputs: readonly vscode.NotebookCellOutput[] | undefined,
): (PqlBookOutput & { key?: unknown }) | undefined {
  for (const output of outputs ?? []) {
    const item = output.items.find((candidate) => candidate.mime === ROWS_MIME);
    if (!item) continue;
    try {
      const value: unknown = JSON.parse(new TextDecoder().decode(gunzipSync(item.data)));
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        return unpackedOutput(value as OutputData);
      }
    } catch {
      // an output this extension did not write whole: nothing of it is saved
    }
  }
  return undefined;
}
