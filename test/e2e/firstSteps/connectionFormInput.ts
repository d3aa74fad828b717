/**
 * The connection form's quick input, as the first-steps sections drive it: its text box, its
 * steps (titles) and its rows.
 */
import type { Page } from 'playwright-core';

export const formWidget = (page: Page) => page.locator('.quick-input-widget');
export const formInput = (page: Page) => page.locator('.quick-input-widget input').first();

/** Waits until the quick input's title ends with `title` (a step, e.g. "URL"). */
export async function step(page: Page, title: string): Promise<void> {
  await page.waitForFunction(
    `[...document.querySelectorAll('.quick-input-widget .quick-input-title')].some(
      (element) => element.offsetParent !== null &&
        element.textContent.trim().endsWith(${JSON.stringify(title)}))`,
    undefined,
    { timeout: 30_000 },
  );
}

/** Types `value` (if given) and presses Enter. */
export async function enter(page: Page, value?: string): Promise<void> {
  if (value !== undefined) await formInput(page).fill(value);
  await formInput(page).press('Enter');
}

/** Clicks the row whose label starts with `label`. */
export async function choose(page: Page, label: string): Promise<void> {
  // the pointer left where the last click was: over a row of this list, that row's hover (its
  // detail) covers the row below it until the pointer leaves
  await page.mouse.move(0, 0);
  await formWidget(page)
    .locator(`.quick-input-list .monaco-list-row[aria-label^="${label}"]`)
    .first()
    .click();
}
