/** The inventory panel's PuppetDB query as raw HTTP (bench:fleet's baseline; no vscode). */
import { CERTNAME_COLUMN, inventoryQuery } from '../../src/shared/inventoryTable';
import { timedGet, type TimedGet } from '../timedGet';

/** The query the inventory panel sends for `columns` (certname first), as raw HTTP. */
export async function rawInventory(url: string, columns: string[]): Promise<unknown[]> {
  return (await timedRawInventory(url, columns)).rows;
}

/** The same request (or another `query` of the endpoint), timed: to its first bytes and to its whole answer parsed. */
export async function timedRawInventory(
  url: string,
  columns: string[],
  query: unknown[] = inventoryQuery(columns),
): Promise<TimedGet> {
  const search = new URLSearchParams({
    query: JSON.stringify(query),
    order_by: JSON.stringify([{ field: CERTNAME_COLUMN, order: 'asc' }]),
  });
  return timedGet(`${url}/pdb/query/v4/inventory?${search}`);
}
