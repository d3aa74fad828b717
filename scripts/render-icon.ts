/**
 * Renders media/icon.svg to media/icon.png (the Marketplace icon, 128×128) in headless Chromium.
 * The PNG is committed; run this after changing the SVG:
 *
 *   node --import tsx scripts/render-icon.ts
 */
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const executablePath = process.env.CHROMIUM ?? '/usr/bin/chromium';

async function main(): Promise<void> {
  const svg = readFileSync('media/icon.svg', 'utf8');
  const browser = await chromium.launch({ executablePath });
  try {
    const page = await browser.newPage({ viewport: { width: 128, height: 128 } });
    await page.setContent(`<body style="margin:0;background:transparent">${svg}</body>`);
    await page.locator('svg').screenshot({ path: 'media/icon.png', omitBackground: true });
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
