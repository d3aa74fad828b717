/**
 * A small catalog's graph in a renewed page, as the preview's panel shows the next node's (issue
 * 35 §2), against the same catalog in a page of its own (a new panel's): the real graph bundle
 * (`node esbuild.mjs --production` first) in headless Chromium on the plain bench page, outside
 * VS Code. Each round draws a generated catalog of 50–59 resources (twice as many edges, give or
 * take) both ways; medians after a warm-up. Per way: the catalog message to the page's report that
 * it drew, and by the page's clock the layout (ELK in its worker), the drawing to its first paint,
 * and when cytoscape held every element (usable). What VS Code adds, the bench:fleet row
 * (`BENCH_FLEET_ONLY=graph`) measures. Prints numbers; asserts nothing.
 *
 *   node --import tsx bench/webviews/graphRenewed.ts [--rounds 10]
 */
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { openBenchPage } from './benchPage';
import { generateCatalog } from '../../test/fixtures/graph/generateCatalog';
import { splitCatalogMessage } from '../../src/shared/catalogParts';

interface Drawn {
  totalMs: number;
  layoutMs: number;
  paintMs: number;
  usableMs: number;
}

/**
 * Posts `window.prepared` (put there by an earlier evaluation), after a `renew` when asked, and
 * waits for the view's next `drawn` message.
 */
const draw = (renew: boolean) => `(async () => {
  const before = window.toHost.filter((message) => message.type === 'drawn').length;
  ${renew ? "window.postMessage({ type: 'renew' }, '*');" : ''}
  const started = performance.now();
  for (const message of window.prepared) window.postMessage(message, '*');
  let drawn;
  while (!(drawn = window.toHost.filter((message) => message.type === 'drawn')[before])) {
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  if (document.querySelector('.layout-failure:not([hidden])')) throw new Error('the layout worker failed');
  return { totalMs: performance.now() - started, layoutMs: drawn.layoutMs, paintMs: drawn.paintMs, usableMs: drawn.usableMs };
})()`;

/** The catalog of a round: 50–59 resources, a different graph each round. */
function catalogOf(round: number) {
  const catalog = generateCatalog(50 + (round % 10), 100 + (round % 7));
  return splitCatalogMessage({
    type: 'catalog' as const,
    catalog: { ...catalog, version: String(round) },
  });
}

async function drawIn(page: Page, round: number, renew: boolean): Promise<Drawn> {
  await page.evaluate(`window.prepared = ${JSON.stringify(catalogOf(round))};`);
  return (await page.evaluate(draw(renew))) as Drawn;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function summary(runs: Drawn[]): string {
  const of = (key: keyof Drawn) => median(runs.map((run) => run[key])).toFixed(1);
  return `${of('totalMs')} ms (layout ${of('layoutMs')}, drawing ${of('paintMs')}, usable after ${of('usableMs')})`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { rounds: { type: 'string', default: '10' } } });
  const rounds = Number(values.rounds);
  const warmUps = 2;
  const renewed: Drawn[] = [];
  const fresh: Drawn[] = [];
  const kept = await openBenchPage('graph');
  try {
    for (let round = 0; round < rounds + warmUps; round++) {
      // the same catalog both ways, alternately: a page of its own, then the kept page renewed
      const own = await openBenchPage('graph');
      let alone: Drawn;
      try {
        alone = await drawIn(own.page, round, false);
      } finally {
        await own.close();
      }
      const again = await drawIn(kept.page, round, round > 0);
      if (round < warmUps) continue;
      fresh.push(alone);
      renewed.push(again);
    }
  } finally {
    await kept.close();
  }
  const ratio = median(renewed.map((run) => run.totalMs)) / median(fresh.map((run) => run.totalMs));
  console.log(`graph of 50-59 resources, ${rounds} rounds after ${warmUps} warm-ups, medians:`);
  console.log(`  in a page of its own (baseline): ${summary(fresh)}`);
  console.log(
    `  in a renewed page (the preview's): ${summary(renewed)}, ${ratio.toFixed(2)}× the baseline`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
