/**
 * The catalog graph at 3,000 / 6,000 / 10,000 / 20,000 resources (twice as many edges): the real
 * graph bundle (`node esbuild.mjs --production` first) in headless Chromium, fed the `catalog`
 * message the host posts. Each size is drawn by the baseline (the graph as it was at
 * BASELINE_REF, built from git) and as shipped, each in a fresh browser. Prints, per size, the
 * time from message to painted, to ready to select and zoom, the paint part of it and the longest main-thread task
 * (PerformanceObserver 'longtask'), for the first draw and for a new catalog version, and the
 * longest task while looking closer (zooming in past the far view with `+`, then dragging the
 * view about and clicking); each beside the baseline's and as a ratio (shipped ÷ baseline).
 * Prints numbers; asserts nothing.
 *
 * Headless Chromium has WebGL only in software (SwiftShader), which the view does not use, so
 * "as shipped" is the canvas renderer here; `--webgl 3000` also draws that size with the WebGL
 * renderer (the page pretends to have a GPU) to measure it.
 *
 *   node --import tsx bench/webviews/graph.ts [--resources 3000,6000,10000,20000] [--webgl 3000]
 *     [--baseline-ref COMMIT] [--screenshots test-results]
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { openBenchPage } from './benchPage';
import { buildBaselineBundle } from './graph/baselineBundle';
import { generateCatalog } from '../../test/fixtures/graph/generateCatalog';
import { splitCatalogMessage } from '../../src/shared/catalogParts';

/** The last commit before WebGL, level of detail and the split drawing (issue 14). */
const BASELINE_REF = '532ad028bd290c277a92cc6dc444f2ac25e66fa2';

interface Measured {
  nodes: number;
  edges: number;
  layoutMs: number;
  paintMs: number;
  /** Message → every element on screen (a big graph's sketch; the whole drawing otherwise). */
  firstPaintMs: number;
  /** Message → ready to select, search and zoom (a big graph's sketch answers while cytoscape takes the elements in). */
  usableMs: number;
  /** Message → drawn whole (by cytoscape, or a big graph by the sketch alone). */
  totalMs: number;
  longestTaskMs: number;
  renderer: string;
}

/** Longest main-thread tasks while a person looks closer at the drawn graph. */
interface Closer {
  /** `+` pressed (a frame each) from fitted to past the far view, and labels given. */
  zoomInMs: number;
  /** Dragging the view about (a frame per move), then a click on what is under the pointer. */
  panMs: number;
}

/** A key pressed the moment the graph is usable: what it took to select, while the elements still went in. */
interface EarlyKey {
  /** Key down → the resource selected (the screen reader's announcement written). */
  selectMs: number;
  /** Whether cytoscape was still taking the elements in when it was selected. */
  takingIn: boolean;
  /** The longest main-thread task from the key to the selection. */
  longestTaskMs: number;
}

interface Run {
  first: Measured;
  again: Measured;
  /** A key pressed while a third version is being taken in (undefined: the baseline's view had none). */
  early: EarlyKey | undefined;
  closer: Closer;
  /** The `+` presses it took to leave the far view (the shipped view's sketch hidden). */
  presses: number;
}

/** Zoom steps (×1.25 each) past the far view's end: the view then shows labels, at about 1. */
const PRESSES_PAST_FAR_VIEW = 2;
const MAX_PRESSES = 40;

const NEXT_PAINT =
  'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))';
const LONGEST_TASK_SINCE_MARK = `Math.max(0, ...window.longTasks.filter((task) => task.at >= window.mark).map((task) => task.ms))`;

const TARGETS = [
  { upTo: 6000, firstDrawMs: 1000 },
  { upTo: Infinity, firstDrawMs: 2000 },
];
const LONGEST_TASK_TARGET_MS = 100;
/** Issue 35: each interaction's longest task, at every size. */
const INTERACTION_TARGET_MS = 50;
/** Issue 35: ready to select and zoom. */
const READY_TARGETS = [
  { upTo: 3000, ms: 500 },
  { upTo: 6000, ms: 1000 },
  { upTo: 10000, ms: 1500 },
  { upTo: 20000, ms: 2500 },
];

function readyTarget(resources: number): number | undefined {
  return READY_TARGETS.find((each) => resources <= each.upTo)?.ms;
}

/**
 * Posts the messages `window.prepared` (put there by an earlier evaluation: parsing megabytes of
 * script is the bench's cost, not the view's) and waits for the view's next `drawn` message.
 */
const MEASURE = `(async () => {
  const before = window.toHost.filter((message) => message.type === 'drawn').length;
  const started = performance.now();
  for (const message of window.prepared) window.postMessage(message, '*');
  let drawn;
  while (!(drawn = window.toHost.filter((message) => message.type === 'drawn')[before])) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const totalMs = performance.now() - started;
  // a failed layout worker draws the fast layout instead: that is not the path being measured
  const failure = document.querySelector('.layout-failure:not([hidden])');
  if (failure) throw new Error('the layout worker failed: ' + failure.textContent);
  // long tasks are reported a little after they end
  await new Promise((resolve) => setTimeout(resolve, 150));
  return {
    nodes: drawn.nodes, edges: drawn.edges, layoutMs: drawn.layoutMs, paintMs: drawn.paintMs, totalMs,
    // the baseline's view had no sketch: its first paint was the whole drawing
    firstPaintMs: drawn.firstPaintMs === undefined ? totalMs : totalMs - drawn.paintMs + drawn.firstPaintMs,
    // before the sketch answered input itself, the view was usable once drawn whole
    usableMs: drawn.usableMs === undefined ? totalMs : totalMs - drawn.paintMs + drawn.usableMs,
    longestTaskMs: Math.max(0, ...window.longTasks.filter((task) => task.at >= started).map((task) => task.ms)),
    renderer: document.querySelector('.graph-layer:not([hidden]) canvas[data-id$="-webgl"]') ? 'webgl' : 'canvas',
  };
})()`;

/**
 * Posts `window.prepared` and resolves once the view can be used: it says so while still drawing
 * (the status line's "Finishing the drawing…", as cytoscape's WebGL renderer takes the elements
 * in), or it is drawn whole (the sketch alone draws a big graph for the canvas renderer). Then
 * watches the screen reader's announcement, where a key that selects a resource writes it.
 */
const POST_UNTIL_USABLE = `(async () => {
  const before = window.toHost.filter((message) => message.type === 'drawn').length;
  for (const message of window.prepared) window.postMessage(message, '*');
  for (;;) {
    if (window.toHost.filter((message) => message.type === 'drawn').length > before) break;
    if (document.body.textContent.includes('Finishing the drawing')) break;
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  const announcer = document.querySelector('[aria-live=polite].visually-hidden');
  window.early = { drawnBefore: before };
  document.querySelector('.graph-canvas').addEventListener('keydown', (event) => (window.early.keyAt = event.timeStamp), { once: true, capture: true });
  new MutationObserver((_, observer) => {
    observer.disconnect();
    window.early.selectedAt = performance.now();
    window.early.takingIn = window.toHost.filter((message) => message.type === 'drawn').length === before;
  }).observe(announcer, { childList: true, characterData: true, subtree: true });
})()`;

type Variant = 'baseline' | 'shipped' | 'webgl';

async function drawIn(
  resources: number,
  variant: Variant,
  baselineBundles: string,
  screenshots: string | undefined,
  presses: number | undefined,
): Promise<Run> {
  const catalog = generateCatalog(resources);
  const { page, close } = await openBenchPage(
    'graph',
    variant === 'webgl' ? join(__dirname, 'graph', 'pretendHardwareWebgl.js') : undefined,
    variant === 'baseline' ? baselineBundles : undefined,
  );
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    const measure = async (version: string) => {
      const message = { type: 'catalog' as const, catalog: { ...catalog, version } };
      // as the host posts it: a big catalog in parts (the baseline's view took it whole)
      const posted = variant === 'baseline' ? [message] : splitCatalogMessage(message);
      await page.evaluate(`window.prepared = ${JSON.stringify(posted)};`);
      return (await page.evaluate(MEASURE)) as Measured;
    };
    const first = await measure('1');
    const again = await measure('2');
    const early = variant === 'baseline' ? undefined : await keyTheMomentUsable(page, catalog);
    if (screenshots) {
      await page.screenshot({
        path: join(screenshots, `graph-bench-${resources}-${variant}-${first.renderer}-fitted.png`),
      });
    }
    const { closer, pressed } = await lookCloser(page, presses);
    if (screenshots) {
      await page.screenshot({
        path: join(screenshots, `graph-bench-${resources}-${variant}-${first.renderer}-zoomed.png`),
      });
    }
    if (errors.length > 0) throw new Error(`the page failed: ${errors.join('; ')}`);
    const violations = (await page.evaluate('window.cspViolations')) as string[];
    if (violations.length > 0) {
      throw new Error(`the page broke the webviews' CSP: ${violations.join('; ')}`);
    }
    return { first, again, early, closer, presses: pressed };
  } finally {
    await close();
  }
}

/**
 * A third catalog version; the moment the view can be used (while the elements still go in, where
 * they do), the canvas gets the keyboard and a Right arrow selects the resource mid-view.
 */
async function keyTheMomentUsable(
  page: Page,
  catalog: ReturnType<typeof generateCatalog>,
): Promise<EarlyKey> {
  const message = { type: 'catalog' as const, catalog: { ...catalog, version: '3' } };
  await page.evaluate(`window.prepared = ${JSON.stringify(splitCatalogMessage(message))};`);
  await page.evaluate(POST_UNTIL_USABLE);
  await page.locator('.graph-canvas').press('ArrowRight');
  await page.evaluate(`(async () => {
    // selected, and then the drawing goes on: the next measurement starts from a view drawn whole
    while (window.early.selectedAt === undefined ||
      window.toHost.filter((message) => message.type === 'drawn').length <= window.early.drawnBefore) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })()`);
  await page.waitForTimeout(150);
  return (await page.evaluate(`({
    selectMs: window.early.selectedAt - window.early.keyAt,
    takingIn: window.early.takingIn,
    longestTaskMs: Math.max(0, ...window.longTasks.filter((task) => task.at + task.ms >= window.early.keyAt && task.at <= window.early.selectedAt).map((task) => task.ms)),
  })`)) as EarlyKey;
}

/**
 * Zooms the drawn graph in on its middle with the view's `+` key, a frame per press: `presses`
 * times, or (undefined) until the sketch goes under cytoscape's layer (the near view), and PRESSES_PAST_FAR_VIEW more.
 * Then waits for the labels in view, and drags the view about and clicks (the pointer's hit tests).
 */
async function lookCloser(
  page: Page,
  presses: number | undefined,
): Promise<{ closer: Closer; pressed: number }> {
  const canvas = page.locator('.graph-canvas');
  const box = (await canvas.boundingBox())!;
  const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await canvas.focus();
  await page.evaluate('window.mark = performance.now()');
  let pressed = 0;
  const sketchShown = `Boolean(document.querySelector('canvas.graph-sketch:not([hidden]):not(.near)'))`;
  if (presses === undefined) {
    while (pressed < MAX_PRESSES && (await page.evaluate(sketchShown))) {
      await canvas.press('+');
      await page.evaluate(NEXT_PAINT);
      pressed++;
    }
    presses = pressed + PRESSES_PAST_FAR_VIEW;
  }
  for (; pressed < presses; pressed++) {
    await canvas.press('+');
    await page.evaluate(NEXT_PAINT);
  }
  // the level of detail gives labels a few hundred per task, after the view settles
  await page.waitForTimeout(1500);
  await page.evaluate(NEXT_PAINT);
  const zoomInMs = (await page.evaluate(LONGEST_TASK_SINCE_MARK)) as number;
  await page.evaluate('window.mark = performance.now()');
  await page.mouse.move(middle.x, middle.y);
  await page.evaluate(NEXT_PAINT);
  await page.mouse.down();
  for (let move = 1; move <= 20; move++) {
    await page.mouse.move(middle.x - move * 25, middle.y - move * 12);
    await page.evaluate(NEXT_PAINT);
  }
  await page.mouse.up();
  await page.mouse.click(middle.x, middle.y);
  await page.evaluate(NEXT_PAINT);
  await page.waitForTimeout(300);
  const panMs = (await page.evaluate(LONGEST_TASK_SINCE_MARK)) as number;
  return { closer: { zoomInMs, panMs }, pressed };
}

/** `task`: a longest task, which Chromium reports only over 50 ms (0: none was longer). */
function row(
  label: string,
  now: number,
  base: number,
  target: number | undefined,
  task = false,
): string {
  const ms = (value: number) =>
    task && value === 0 ? '  ≤ 50 ms' : `${value.toFixed(0).padStart(6)} ms`;
  const ratio = base > 0 ? (now / base).toFixed(2) : '-';
  const goal =
    target === undefined ? '' : `  target ≤ ${target} ms ${now <= target ? 'met' : 'MISSED'}`;
  return `  ${label.padEnd(28)} ${ms(now)}   baseline ${ms(base)}   ${ratio.padStart(5)}×${goal}`;
}

function print(resources: number, label: string, now: Run, base: Run): void {
  const target = TARGETS.find((each) => resources <= each.upTo)!.firstDrawMs;
  console.log(
    `${resources.toLocaleString('en-US')} resources / ${now.first.edges.toLocaleString('en-US')} edges, ${label} (${now.first.renderer} renderer; layout ${now.first.layoutMs.toFixed(0)} ms in the worker)`,
  );
  for (const [name, measured, baseline] of [
    ['first draw', now.first, base.first],
    ['new catalog version', now.again, base.again],
  ] as const) {
    console.log(
      row(`${name}: whole graph painted`, measured.firstPaintMs, baseline.firstPaintMs, target),
    );
    console.log(
      row(
        '  ready to select and zoom',
        measured.usableMs,
        baseline.usableMs,
        readyTarget(resources),
      ),
    );
    console.log(row('  drawn whole', measured.totalMs, baseline.totalMs, undefined));
    console.log(row('  of it drawing', measured.paintMs, baseline.paintMs, undefined));
    console.log(
      row(
        '  longest main-thread task',
        measured.longestTaskMs,
        baseline.longestTaskMs,
        LONGEST_TASK_TARGET_MS,
        true,
      ),
    );
  }
  if (now.early) {
    console.log(
      `  a key the moment it is usable (${now.early.takingIn ? 'while cytoscape still took the elements in' : 'drawn whole by then'})`,
    );
    console.log(row('    key → resource selected', now.early.selectMs, 0, INTERACTION_TARGET_MS));
    console.log(
      row('    longest task meanwhile', now.early.longestTaskMs, 0, INTERACTION_TARGET_MS, true),
    );
  }
  console.log(`  zoomed in (${now.presses} × +), the longest main-thread task`);
  for (const [name, key] of [
    ['zooming in, labels given', 'zoomInMs'],
    ['dragging about, a click', 'panMs'],
  ] as const) {
    console.log(row(`  ${name}`, now.closer[key], base.closer[key], INTERACTION_TARGET_MS, true));
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      resources: { type: 'string', default: '3000,6000,10000,20000' },
      // the graph before WebGL, level of detail and the split drawing
      'baseline-ref': { type: 'string', default: BASELINE_REF },
      // sizes also drawn with cytoscape's WebGL renderer in software (slow: minutes at 6,000)
      webgl: { type: 'string', default: '' },
      screenshots: { type: 'string' },
      // only as shipped (quicker, while tuning): the ratios are then 1
      'no-baseline': { type: 'boolean', default: false },
    },
  });
  const sizes = values.resources.split(',').map(Number);
  const webglSizes = new Set(values.webgl.split(',').filter(Boolean).map(Number));
  const baselineBundles = await buildBaselineBundle(values['baseline-ref']);
  console.log(
    `catalog graph: as shipped beside the baseline (the graph at ${values['baseline-ref'].slice(0, 10)}, canvas renderer), each in a fresh headless Chromium; ratio = shipped ÷ baseline`,
  );
  for (const resources of sizes) {
    const now = await drawIn(resources, 'shipped', baselineBundles, values.screenshots, undefined);
    const base = values['no-baseline']
      ? now
      : await drawIn(resources, 'baseline', baselineBundles, undefined, now.presses);
    print(resources, 'as shipped', now, base);
    if (webglSizes.has(resources)) {
      const webgl = await drawIn(
        resources,
        'webgl',
        baselineBundles,
        values.screenshots,
        now.presses,
      );
      print(resources, 'WebGL renderer in software (SwiftShader), not shipped', webgl, base);
    }
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
