/** The inventory panel's PuppetDB query as raw HTTP (bench:fleet's baseline; no vscode). */
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { CERTNAME_COLUMN, inventoryQuery } from '../../src/shared/inventoryTable';

/** The query the inventory panel sends for `columns` (certname first), as raw HTTP. */
export async function rawInventory(url: string, columns: string[]): Promise<unknown[]> {
  return (await timedRawInventory(url, columns)).rows;
}

/** The same request (or another `query` of the endpoint), timed: to its first bytes and to its whole answer parsed. */
export async function timedRawInventory(
  url: string,
  columns: string[],
  query: unknown[] = inventoryQuery(columns),
): Promise<{ rows: unknown[]; firstBytesMs: number; ms: number }> {
  const search = new URLSearchParams({
    query: JSON.stringify(query),
    order_by: JSON.stringify([{ field: CERTNAME_COLUMN, order: 'asc' }]),
  });
  const started = performance.now();
  const response = await request(`${url}/pdb/query/v4/inventory?${search}`);
  if (response.statusCode !== 200) throw new Error(`inventory: HTTP ${response.statusCode}`);
  let firstBytesMs = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of response.body) {
    firstBytesMs ||= performance.now() - started;
    chunks.push(chunk as Buffer);
  }
  const rows = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown[];
  return { rows, firstBytesMs, ms: performance.now() - started };
}
