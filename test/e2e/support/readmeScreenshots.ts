/**
 * The README's pictures of each view, taken by the e2e scripts themselves (never by hand) when
 * PDBX_README_SCREENSHOTS=1 (`npm run screenshots`), into media/screenshots/ (kept out of the .vsix).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';

const folder = resolve(__dirname, '../../../media/screenshots');

/** Saves `target` (the page, or one part of it) as media/screenshots/<name>.png, if asked to. */
export async function saveReadmeScreenshot(target: Page | Locator, name: string): Promise<void> {
  if (process.env.PDBX_README_SCREENSHOTS !== '1') return;
  mkdirSync(folder, { recursive: true });
  await target.screenshot({ path: join(folder, `${name}.png`) });
}
