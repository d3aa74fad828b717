/** The inventory panel's PuppetDB query as raw HTTP (bench:fleet's baseline; no vscode). */
import { request } from 'undici';

/** The query the inventory panel sends for `columns` (certname first), as raw HTTP. */
export async function rawInventory(url: string, columns: string[]): Promise<unknown[]> {
  // in no order, as the panel asks (its view orders the rows)
  const search = new URLSearchParams({ query: JSON.stringify(['extract', columns]) });
  const response = await request(`${url}/pdb/query/v4/inventory?${search}`);
  if (response.statusCode !== 200) throw new Error(`inventory: HTTP ${response.statusCode}`);
  return JSON.parse(await response.body.text()) as unknown[];
}
