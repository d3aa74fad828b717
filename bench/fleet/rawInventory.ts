/** The inventory panel's PuppetDB query as raw HTTP (bench:fleet's baseline; no vscode). */
import { request } from 'undici';
import { CERTNAME_COLUMN } from '../../src/shared/inventoryTable';

/** The query the inventory panel sends for `columns` (certname first), as raw HTTP. */
export async function rawInventory(url: string, columns: string[]): Promise<unknown[]> {
  const search = new URLSearchParams({
    query: JSON.stringify(['extract', columns]),
    order_by: JSON.stringify([{ field: CERTNAME_COLUMN, order: 'asc' }]),
  });
  const response = await request(`${url}/pdb/query/v4/inventory?${search}`);
  if (response.statusCode !== 200) throw new Error(`inventory: HTTP ${response.statusCode}`);
  return JSON.parse(await response.body.text()) as unknown[];
}
