/**
 * End to end in headless Chromium: the catalog graph of a sample node, opened from the explorer
 * tree (dark theme) and from the command palette (light theme). Checks against the catalog the
 * real server holds: drawn nodes and edges, the theme's colours on the canvas, search, the
 * details panel, focus mode, the relationship filter, collapsing a class, comparing with another
 * node's catalog, the panel coming back after a window reload; and that the fleet's XSS payloads
 * stay inert text. Screenshots in dark and light themes go to test-results/graph-*.png.
 *
 *   node --import tsx test/e2e/graph.e2e.ts [--state-dir .work/puppetdb-test] [--screenshots test-results]
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { connect } from '../../src/client';
import { catalogToDto } from '../../src/extension/graph/catalogToDto';
import { INERT_JOINER } from '../../src/extension/inertText';
import type { CatalogGraphDto } from '../../src/shared/catalogGraph';
import { splitCatalogMessage } from '../../src/shared/catalogParts';
import { buildGraphModel, focusSet } from '../../src/shared/catalogGraphModel';
import { generateCatalog } from '../fixtures/graph/generateCatalog';
import { loadedFleet, testServer } from '../integration/support/puppetdb';
import { startRecordingProxy, type RecordingProxy } from './support/recordingProxy';
import {
  e2eArguments,
  hideSideBars,
  reloadWindow,
  runCommand,
  webviewFrame,
  withWorkbenchInThemes,
  type WorkbenchRun,
} from './support/workbench';
import { saveReadmeScreenshot } from './support/readmeScreenshots';

interface GraphHooks {
  nodeIds(): string[];
  edgeIds(): string[];
  selected(): string | undefined;
  focus(): boolean;
  styleOf(id: string, property: string): string | undefined;
  positionOf(id: string): { x: number; y: number } | undefined;
  renderedPositionOf(id: string): { x: number; y: number } | undefined;
  timings: {
    layoutMs: number;
    /** Whether the last drawing's layout was one kept (no layout was made for it). */
    keptLayout: boolean;
    paintMs: number;
    firstPaintMs: number;
    draws: number;
    engine: string;
  };
  select(id: string): void;
  setFocus(on: boolean): void;
  collapse(id: string): void;
  layoutFailure(): string | null | undefined;
  inCytoscape(): number;
  zoom(): number;
  details(): string;
}
/** Test builds only (esbuild `__PDBX_TEST_HOOKS__`): faults of the graph's workers. */
interface GraphFaults {
  crashNextLayout(): void;
  crashSketchWorker(): void;
  relayout(): void;
}
declare const window: {
  __pdbxGraph: GraphHooks;
  __pdbxGraphFaults: GraphFaults;
};
declare const document: {
  body: { classList: { contains(name: string): boolean } };
  querySelector(selector: string): { getBoundingClientRect(): { width: number; height: number } };
  querySelectorAll(selector: string): Iterable<PageCanvas>;
};
/** What canvasesHoldStill reads of a canvas. */
interface PageCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): {
    getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray };
  } | null;
}
declare const innerWidth: number;
declare function getComputedStyle(element: unknown): { getPropertyValue(name: string): string };

const sorted = (items: Iterable<string>) => [...items].sort();

/** Waits until the view has drawn more times than `draws` (each change redraws once). */
async function nextDraw(frame: Frame, draws: number): Promise<void> {
  await frame.waitForFunction((n) => window.__pdbxGraph.timings.draws > n, draws, {
    timeout: 60_000,
  });
}

const draws = (frame: Frame) => frame.evaluate(() => window.__pdbxGraph.timings.draws);

/**
 * What the canvases of the drawing on screen show: how many pixels are painted, and a hash of
 * which (what the user sees of it, which the drawing's own record, nodeIds and the like, does
 * not prove).
 */
const painted = (frame: Frame) =>
  frame.evaluate(`(() => {
    let pixels = 0;
    let hash = 2166136261;
    for (const layer of document.querySelectorAll('.graph-layer')) {
      if (layer.hidden || getComputedStyle(layer).visibility === 'hidden') continue;
      for (const canvas of layer.querySelectorAll('canvas')) {
        const context = canvas.width && canvas.height ? canvas.getContext('2d') : null;
        if (!context) continue;
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        for (let at = 3; at < data.length; at += 4) {
          if (data[at] === 0) continue;
          pixels++;
          hash = Math.imul(hash ^ at, 16777619) >>> 0;
        }
      }
    }
    return { pixels, hash };
  })()`) as Promise<{ pixels: number; hash: number }>;

/** `#rrggbb` → `rgb(r,g,b)`, as cytoscape reports colours. */
function rgb(hex: string): string {
  const value = hex.trim().replace('#', '');
  const [r, g, b] = [0, 2, 4].map((at) => parseInt(value.slice(at, at + 2), 16));
  return `rgb(${r},${g},${b})`;
}

/**
 * Whether the page draws the far view's sketch itself: its canvas was not handed over to the
 * sketch worker (the page cannot get a context of a canvas that was).
 */
async function sketchDrawnOnPage(frame: Frame): Promise<boolean> {
  return (await frame.evaluate(`(() => {
    try {
      return document.querySelector('canvas.graph-sketch').getContext('2d') !== null;
    } catch {
      return false;
    }
  })()`)) as boolean;
}

/**
 * Reads `read` after every frame the page paints until `done` holds of what it read, for at most
 * 30 s; answers what it read last (a check then says what was wrong).
 */
/**
 * A page script: the RGB pixels of a box of the sketch's canvas, `dx`, `dy` from `at`, read
 * through a copy (the sketch worker draws that canvas, a frame or more after it is asked to).
 */
function sketchPixels(
  at: { x: number; y: number },
  box: { dx: number; dy: number; width: number; height: number },
): string {
  return `(() => {
    const sketch = document.querySelector('canvas.graph-sketch');
    const copy = document.createElement('canvas');
    copy.width = sketch.width;
    copy.height = sketch.height;
    const context = copy.getContext('2d');
    context.drawImage(sketch, 0, 0);
    const data = context.getImageData(
      Math.round(${at.x}) + ${box.dx}, Math.round(${at.y}) + ${box.dy}, ${box.width}, ${box.height},
    ).data;
    const pixels = [];
    for (let index = 0; index < data.length; index += 4) pixels.push([...data.slice(index, index + 3)]);
    return pixels;
  })()`;
}

async function readUntil<T>(
  frame: Frame,
  read: () => Promise<T>,
  done: (value: T) => boolean,
): Promise<T> {
  let value = await read();
  for (const deadline = Date.now() + 30_000; !done(value) && Date.now() < deadline;) {
    await frame.evaluate(
      'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
    );
    value = await read();
  }
  return value;
}

async function openFromTree(page: Page, certname: string): Promise<void> {
  await page.locator('.activitybar [aria-label^="PuppetDB"]').first().click();
  for (const label of ['Local PuppetDB', 'Nodes']) {
    const row = page.locator(`.monaco-list-row[aria-label^="${label}"]`).first();
    await row.waitFor({ timeout: 30_000 });
    if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
  }
  const node = page.locator(`.monaco-list-row[aria-label^="${certname}"]`).first();
  for (let step = 0; step < 40 && !(await node.isVisible()); step++) {
    await page.locator('.sidebar .monaco-list').first().hover();
    await page.mouse.wheel(0, 300);
    await page.waitForTimeout(100);
  }
  await node.hover();
  await node.locator('.action-label[aria-label="Open Catalog Graph"]').click();
}

async function openFromPalette(page: Page, certname: string): Promise<void> {
  // the contributed commands are known once the extension's view container is
  await page.locator('.activitybar [aria-label^="PuppetDB"]').first().waitFor({ timeout: 60_000 });
  // the name filled into the picker's input (keys typed the moment it shows can still go to the
  // page that had the focus: CI once saw the picker with an empty filter)
  await runCommand(page, 'PuppetDB: Open Catalog Graph', [
    { asks: 'Node (certname)', answer: certname },
  ]);
}

/**
 * Clicks an export button (unless `clicked` says it was) and accepts the save dialog's proposal;
 * the saved file's bytes. The dialog opens first (the host asks where before the page makes the
 * picture), and the file is written once the page has made it.
 */
async function exportThroughDialog(
  page: Page,
  frame: Frame,
  format: 'png' | 'svg',
  expectedPath: string,
  clicked = false,
  /** How long a drawing under way may take before the dialog opens, and the picture after. */
  makingMs = 15_000,
): Promise<Buffer> {
  if (!clicked) await frame.locator(`vscode-toolbar-button[data-action="${format}"]`).click();
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: makingMs });
  const name = basename(expectedPath);
  await page.waitForFunction(
    `document.querySelector('.quick-input-widget input')?.value.endsWith(${JSON.stringify(name)})`,
  );
  await input.press('Enter');
  // (a headless window has no focus, so the host's "Saved …" toast stays in the notification
  // centre) wait for the file, until its size holds still
  let size = -1;
  for (let waited = 0; ; waited += 250) {
    const now = existsSync(expectedPath) ? statSync(expectedPath).size : -1;
    if (now > 0 && now === size) break;
    if (waited > makingMs) throw new Error(`nothing was saved at ${expectedPath}`);
    size = now;
    await page.waitForTimeout(250);
  }
  return readFileSync(expectedPath);
}

/**
 * More room for the graph in the screenshots: no side bars, and the graph refitted to the wider
 * panel (an untouched view is fitted again when it is resized) before anything is taken of it.
 */
async function widenGraph(page: Page, frame: Frame): Promise<void> {
  const width = await frame.evaluate(() => innerWidth);
  if (!(await hideSideBars(page))) return;
  await frame.waitForFunction((before) => innerWidth > before, width, { timeout: 15_000 });
  // the resize observer refits in the frame of the new size, and cytoscape repaints after it
  await canvasesHoldStill(frame);
}

/**
 * Waits until cytoscape's canvases change in no frame for a few frames: after a refit it draws
 * the elements first from the textures of the old zoom, scaled (labels look doubled), and renders
 * them anew over the next frames.
 */
async function canvasesHoldStill(frame: Frame): Promise<void> {
  await frame.waitForFunction(
    () => {
      const sums = [...document.querySelectorAll('.graph-layer:not([hidden]) canvas')].map(
        (canvas) => {
          const data = canvas
            .getContext('2d')
            ?.getImageData(0, 0, canvas.width, canvas.height).data;
          let sum = 0;
          for (let index = 0; data && index < data.length; index += 8) {
            sum = (sum * 31 + data[index]!) | 0;
          }
          return sum;
        },
      );
      const page = window as unknown as { canvasesStill?: { last: string; same: number } };
      const still = (page.canvasesStill ??= { last: '', same: 0 });
      const now = sums.join(',');
      still.same = now === still.last ? still.same + 1 : 0;
      still.last = now;
      return still.same >= 5;
    },
    undefined,
    { polling: 'raf', timeout: 15_000 },
  );
  await frame.evaluate(() => {
    delete (window as unknown as { canvasesStill?: unknown }).canvasesStill;
  });
}

interface Fixture {
  certname: string;
  catalog: CatalogGraphDto;
  other: string;
  otherCatalog: CatalogGraphDto;
  screenshots: string;
  /** The extension's connection goes through it: what it asks PuppetDB is recorded. */
  proxy: RecordingProxy;
}

type Check = (name: string, assertion: () => void | Promise<void>) => Promise<void>;

/** One theme's run: dark opens the graph from the tree and reloads the window; light opens it
 *  from the palette and compares with another node. */
async function exercise(
  { page, dialogs, shade, folder }: WorkbenchRun,
  theme: string,
  { certname, catalog, other, otherCatalog, screenshots, proxy }: Fixture,
  check: Check,
): Promise<void> {
  if (shade === 'dark') await openFromTree(page, certname);
  else await openFromPalette(page, certname);
  let frame = await webviewFrame(page, 'graph', { timeoutMs: 60_000 });
  await frame.waitForFunction(() => window.__pdbxGraph?.timings.draws > 0, undefined, {
    timeout: 60_000,
  });
  await widenGraph(page, frame);
  const how = shade === 'dark' ? 'from the tree' : 'from the palette';

  const drawnNodes = await frame.evaluate(() => window.__pdbxGraph.nodeIds());
  const drawnEdges = await frame.evaluate(() => window.__pdbxGraph.edgeIds());
  await check(
    `${theme}: opened ${how}, the graph of ${certname} draws the catalog's ${catalog.resources.length} resources and ${catalog.edges.length} edges`,
    () => {
      assert.deepEqual(sorted(drawnNodes), sorted(catalog.resources.map((r) => r.id)));
      const expected = buildGraphModel(catalog).edges.map((edge) => edge.id);
      assert.equal(expected.length, catalog.edges.length);
      assert.deepEqual(sorted(drawnEdges), sorted(expected));
    },
  );

  const colours = await frame.evaluate(() => {
    const style = getComputedStyle(document.body);
    const node = window.__pdbxGraph.nodeIds()[0]!;
    return {
      foreground: style.getPropertyValue('--vscode-editor-foreground'),
      label: window.__pdbxGraph.styleOf(node, 'color'),
    };
  });
  await check(`${theme}: labels on the canvas take the theme's editor foreground`, () => {
    assert.ok(colours.foreground, 'the theme defines --vscode-editor-foreground');
    assert.equal(colours.label, rgb(colours.foreground));
  });
  await page.screenshot({ path: join(screenshots, `graph-${shade}.png`) });
  if (shade === 'dark') await saveReadmeScreenshot(page, 'catalog-graph');

  // What follows does not depend on the theme: it runs once, in the dark theme (the light run
  // keeps what does: the palette's way in, the labels' colour, the theme switch, the comparison).
  // Every view's colours and focus in each theme are a11y.e2e's.
  /** The edges once Containment is unticked: what a window reload must bring back. */
  let withoutContainment: string[] = [];
  if (shade === 'dark') {
    // search for the XSS resource through the toolbar's field, as a user would
    const xss = catalog.resources.find((resource) => resource.title.includes('onerror'))!;
    await frame.locator('vscode-textfield.search input').fill('onerror');
    await frame.locator('vscode-textfield.search input').press('Enter');
    await frame.locator('.details h2').waitFor();
    // the view glides to the match (a 200 ms animation) until it is in the middle of the view
    await frame.waitForFunction(
      (id) => {
        const at = window.__pdbxGraph.renderedPositionOf(id);
        const view = document.querySelector('.graph-canvas').getBoundingClientRect();
        return (
          at !== undefined &&
          Math.abs(at.x - view.width / 2) < 1 &&
          Math.abs(at.y - view.height / 2) < 1
        );
      },
      xss.id,
      { timeout: 15_000 },
    );
    const details = {
      selected: await frame.evaluate(() => window.__pdbxGraph.selected()),
      title: await frame.locator('.details h2').innerText(),
      parameters: await frame.locator('.details .json-leaf').allInnerTexts(),
      matches: await frame.locator('.match-count').innerText(),
      injected: await frame.locator('#app img, #app script, #app iframe, #app [onerror]').count(),
      scriptLinks: await frame.locator('a[href^="javascript:" i]').count(),
    };
    await check(
      `${theme}: search finds ${xss.id}; its title and parameters show literally, and nothing ran`,
      () => {
        assert.equal(details.selected, xss.id);
        assert.equal(details.matches, '1 of 1');
        assert.equal(details.title, xss.id);
        assert.ok(details.parameters.some((line) => line.includes('"javascript:alert(1)"')));
        assert.equal(details.injected, 0, 'no element was created from catalog markup');
        assert.equal(details.scriptLinks, 0);
        assert.deepEqual(dialogs, []);
      },
    );
    await page.screenshot({ path: join(screenshots, `graph-details-${shade}.png`) });

    // "Nodes with this resource": the fleet's nodes holding it, in a picker titled by the resource
    await frame.locator('.details vscode-button.find-nodes').click();
    const nodeRow = page.locator(`.quick-input-list .monaco-list-row[aria-label^="${certname}"]`);
    await nodeRow.waitFor();
    // as a person reads it: inert() puts an invisible joiner after the reference's closing "]"
    const pickerTitle = (
      await page.locator('.quick-input-widget .quick-input-title').innerText()
    ).replaceAll(INERT_JOINER, '');
    await check(
      `${theme}: the details panel lists the nodes with ${xss.id}, titled literally`,
      () => {
        assert.equal(pickerTitle, `Nodes with ${xss.id}`);
      },
    );
    await page.screenshot({ path: join(screenshots, `graph-nodes-with-resource-${shade}.png`) });
    await page.keyboard.press('Escape');
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });

    // focus on a service through the toolbar button: it, what it depends on, what depends on it
    const service = catalog.resources.find((resource) => resource.type === 'Service')!.id;
    await frame.evaluate((id) => window.__pdbxGraph.select(id), service);
    let before = await draws(frame);
    await frame.locator('vscode-toolbar-button[data-action="focus"]').click();
    await nextDraw(frame, before);
    const focused = await frame.evaluate(() => window.__pdbxGraph.nodeIds());
    const status = await frame.locator('.status').innerText();
    await check(
      `${theme}: focus mode on ${service} keeps its dependencies and dependents only`,
      () => {
        assert.deepEqual(sorted(focused), sorted(focusSet(catalog, service)));
        assert.ok(focused.length > 1 && focused.length < catalog.resources.length);
        assert.ok(status.includes(`focus on ${service}`), status);
      },
    );
    await page.screenshot({ path: join(screenshots, `graph-focus-${shade}.png`) });

    // the rest by keyboard, on the canvas: F leaves focus mode, an arrow moves the selection, F
    // focuses on the new one, Escape clears it all
    const canvas = frame.locator('.graph-canvas');
    await canvas.focus();
    before = await draws(frame);
    await canvas.press('f');
    await nextDraw(frame, before);
    const back = {
      nodes: (await frame.evaluate(() => window.__pdbxGraph.nodeIds())).length,
      layoutMs: await frame.evaluate(() => window.__pdbxGraph.timings.layoutMs),
      focus: await frame.evaluate(() => window.__pdbxGraph.focus()),
    };
    await check(
      `${theme}: F on the canvas leaves focus mode; the whole graph comes back as it was`,
      () => {
        assert.equal(back.focus, false);
        assert.equal(back.nodes, catalog.resources.length);
        assert.equal(back.layoutMs, 0, 'the kept drawing is shown again, not laid out anew');
      },
    );
    await canvas.press('ArrowLeft');
    await frame.waitForFunction((id) => window.__pdbxGraph.selected() !== id, service);
    const moved = await frame.evaluate((from) => {
      const to = window.__pdbxGraph.selected()!;
      return {
        to,
        from: window.__pdbxGraph.positionOf(from)!,
        at: window.__pdbxGraph.positionOf(to)!,
      };
    }, service);
    await page.screenshot({ path: join(screenshots, `graph-keyboard-${shade}.png`) });
    const heading = await frame.locator('.details h2').innerText();
    const announced = await frame.locator('[aria-live="polite"].visually-hidden').innerText();
    await check(
      `${theme}: ArrowLeft selects the resource before ${service}, and says which`,
      () => {
        assert.ok(moved.at.x < moved.from.x, `${moved.to} is not left of ${service}`);
        assert.equal(heading, moved.to);
        assert.equal(announced, moved.to);
      },
    );
    before = await draws(frame);
    await canvas.press('f');
    await nextDraw(frame, before);
    const refocused = await frame.evaluate(() => window.__pdbxGraph.nodeIds());
    before = await draws(frame);
    await canvas.press('Escape');
    await nextDraw(frame, before);
    const cleared = {
      nodes: (await frame.evaluate(() => window.__pdbxGraph.nodeIds())).length,
      selected: await frame.evaluate(() => window.__pdbxGraph.selected()),
    };
    await check(`${theme}: F focuses on ${moved.to}; Escape clears the selection and focus`, () => {
      assert.deepEqual(sorted(refocused), sorted(focusSet(catalog, moved.to)));
      assert.equal(cleared.nodes, catalog.resources.length);
      assert.equal(cleared.selected, undefined);
    });

    // hide containment: only ordering and refresh edges stay
    before = await draws(frame);
    await frame.locator('vscode-checkbox[data-group="contains"]').click();
    await nextDraw(frame, before);
    withoutContainment = await frame.evaluate(() => window.__pdbxGraph.edgeIds());
    await check(`${theme}: unticking Containment hides exactly the contains edges`, () => {
      const expected = catalog.edges.filter((edge) => edge.relationship !== 'contains');
      assert.ok(expected.length > 0);
      assert.equal(withoutContainment.length, expected.length);
      assert.ok(withoutContainment.every((id) => !id.includes(' contains ')));
    });

    // collapse the base profile into one node, then expand everything again
    const base = 'Class[Profile::Base]';
    const inside = buildGraphModel(catalog, {
      collapsed: new Set([base]),
      hiddenGroups: new Set(['contains']),
    });
    before = await draws(frame);
    await frame.evaluate((id) => window.__pdbxGraph.collapse(id), base);
    await nextDraw(frame, before);
    const collapsed = await frame.evaluate(() => window.__pdbxGraph.nodeIds());
    before = await draws(frame);
    await frame.locator('vscode-toolbar-button[data-action="expandAll"]').click();
    await nextDraw(frame, before);
    const expanded = await frame.evaluate(() => window.__pdbxGraph.nodeIds());
    await check(
      `${theme}: collapsing ${base} draws it as one node; Expand all brings back every resource`,
      () => {
        assert.deepEqual(sorted(collapsed), sorted(inside.nodes.map((node) => node.id)));
        assert.ok(collapsed.length < catalog.resources.length);
        assert.equal(expanded.length, catalog.resources.length);
      },
    );

    // the layout worker crashes: the graph is drawn anyway (fast layout), the view says so and
    // offers "Retry", which lays it out again in a fresh worker
    before = await draws(frame);
    await frame.evaluate(() => {
      window.__pdbxGraphFaults.crashNextLayout();
      window.__pdbxGraphFaults.relayout();
    });
    await nextDraw(frame, before);
    const notice = frame.locator('.layout-failure');
    await notice.waitFor({ state: 'visible', timeout: 15_000 });
    const failed = {
      text: await notice.innerText(),
      nodes: (await frame.evaluate(() => window.__pdbxGraph.nodeIds())).length,
      engine: await frame.evaluate(() => window.__pdbxGraph.timings.engine),
    };
    await page.screenshot({ path: join(screenshots, `graph-layout-failure-${shade}.png`) });
    await check(
      `${theme}: a crashed layout worker: the fast layout draws all ${catalog.resources.length} resources, with a message and "Retry"`,
      () => {
        assert.match(failed.text, /worker crashed \(test fault\)/);
        assert.match(failed.text, /Retry/);
        assert.equal(failed.nodes, catalog.resources.length);
        assert.equal(failed.engine, 'fast');
      },
    );
    before = await draws(frame);
    await notice.locator('vscode-button:has-text("Retry")').click();
    await nextDraw(frame, before);
    const retried = {
      hidden: await notice.isHidden(),
      nodes: (await frame.evaluate(() => window.__pdbxGraph.nodeIds())).length,
      failure: await frame.evaluate(() => window.__pdbxGraph.layoutFailure()),
    };
    await check(`${theme}: "Retry" lays the graph out again in a new worker`, () => {
      assert.equal(retried.hidden, true);
      assert.equal(retried.failure, undefined);
      assert.equal(retried.nodes, catalog.resources.length);
    });
  }

  if (shade === 'light') {
    // compare with another node: the host asks which, through a quick pick
    const before = await draws(frame);
    await frame.locator('vscode-toolbar-button[data-action="compare"]').click();
    await page.locator('.quick-input-widget input').waitFor();
    await page.keyboard.type(other);
    await page.locator(`.quick-input-list .monaco-list-row:has-text("${other}")`).first().click();
    frame = await webviewFrame(page, 'graph');
    await nextDraw(frame, before);
    const compared = await frame.locator('.status').innerText();
    const drawnWithOther = await frame.evaluate(() => window.__pdbxGraph.nodeIds());
    await check(
      `${theme}: comparing with ${other} draws the resources of both and counts the differences`,
      () => {
        const union = new Set([
          ...catalog.resources.map((r) => r.id),
          ...otherCatalog.resources.map((r) => r.id),
        ]);
        assert.equal(drawnWithOther.length, union.size);
        assert.ok(compared.includes(`compared with ${other}`), compared);
        assert.match(compared, /\d+ added, \d+ removed, \d+ changed resources/);
      },
    );
    await page.screenshot({ path: join(screenshots, `graph-compare-${shade}.png`) });

    // switch the workbench to the high contrast theme: the canvas is re-styled from the new
    // theme's variables without a redraw
    const drawsBefore = await draws(frame);
    await runCommand(page, 'Preferences: Color Theme');
    await page.keyboard.type('Default High Contrast');
    await page
      .locator('.quick-input-list .monaco-list-row:has-text("Dark High Contrast")')
      .first()
      .click();
    // the picker previews themes as it goes (Light High Contrast among them): wait for the dark
    // one in the webview, and for its restyle (a MutationObserver on the body's classes) to have
    // given the canvas's labels another colour than the light theme's
    await frame.waitForFunction(
      (before) => {
        const body = document.body.classList;
        const node = window.__pdbxGraph.nodeIds()[0]!;
        return (
          body.contains('vscode-high-contrast') &&
          !body.contains('vscode-high-contrast-light') &&
          window.__pdbxGraph.styleOf(node, 'color') !== before
        );
      },
      colours.label,
      { timeout: 15_000 },
    );
    const contrast = await frame.evaluate(() => {
      const style = getComputedStyle(document.body);
      const node = window.__pdbxGraph.nodeIds()[0]!;
      return {
        foreground: style.getPropertyValue('--vscode-editor-foreground'),
        background: style.getPropertyValue('--vscode-editor-background'),
        label: window.__pdbxGraph.styleOf(node, 'color'),
        draws: window.__pdbxGraph.timings.draws,
      };
    });
    // what the canvas shows through: the lines of one theme may be the other's background
    const layerBackground = (await frame.evaluate(`(() => {
      const shown = [...document.querySelectorAll('.graph-layer')].find(
        (layer) => !layer.hidden && getComputedStyle(layer).visibility !== 'hidden',
      );
      return shown ? getComputedStyle(shown).backgroundColor : 'no layer shown';
    })()`)) as string;
    await check(
      `${theme} → High Contrast: the canvas takes the new theme's colours at once`,
      () => {
        assert.notEqual(rgb(contrast.foreground), colours.label);
        assert.equal(contrast.label, rgb(contrast.foreground));
        assert.equal(layerBackground.replaceAll(' ', ''), rgb(contrast.background));
        assert.equal(contrast.draws, drawsBefore, 're-styled, not re-drawn');
      },
    );
    await page.screenshot({ path: join(screenshots, 'graph-high-contrast.png') });

    // the panel is a preview (opened from the palette, not kept): the next node's graph is shown
    // in it by the same page started over, with nothing of the comparison, search or selection
    await frame.locator('vscode-textfield.search input').fill('Package');
    await frame.evaluate(
      (id) => window.__pdbxGraph.select(id),
      catalog.resources.find((resource) => resource.type === 'Service')!.id,
    );
    const drawsBeforeNext = await draws(frame);
    const paintedBefore = await painted(frame);
    await openFromPalette(page, other);
    await frame.locator('.page-title', { hasText: other }).waitFor({ timeout: 60_000 });
    await nextDraw(frame, drawsBeforeNext);
    const next = {
      nodes: await frame.evaluate(() => window.__pdbxGraph.nodeIds()),
      selected: await frame.evaluate(() => window.__pdbxGraph.selected()),
      search: await frame.locator('vscode-textfield.search input').inputValue(),
      status: await frame.locator('.status').innerText(),
      comparing: await frame.locator('.legend.comparing').count(),
      // the graphs' tabs (another editor VS Code may have opened meanwhile, such as its Welcome
      // page, is not the question)
      tabs: await page.locator('.tabs-container .tab[aria-label^="Catalog: "]').count(),
      painted: await painted(frame),
    };
    await page.screenshot({ path: join(screenshots, 'graph-preview-next.png') });
    await check(
      `${theme}: the next node's graph opens in the preview's panel, its page started over: ${other}'s resources, no comparison, search or selection`,
      () => {
        assert.equal(frame.isDetached(), false, 'the page was loaded anew');
        assert.equal(next.tabs, 1);
        assert.deepEqual(sorted(next.nodes), sorted(otherCatalog.resources.map((r) => r.id)));
        // painted anew, on the canvas the drawing before it left (see GraphRenderer's spare)
        assert.ok(next.painted.pixels > 1000, `${next.painted.pixels} pixels painted`);
        assert.notEqual(
          next.painted.hash,
          paintedBefore.hash,
          'the canvas still shows the last node',
        );
        assert.equal(next.selected, undefined);
        assert.equal(next.search, '');
        assert.equal(next.comparing, 0);
        assert.match(next.status, new RegExp(`^${other} · `));
        assert.doesNotMatch(next.status, /compared with/);
      },
    );
  } else {
    // export both ways: VS Code's save dialog (the simple one, in a browser) offers a file in
    // the workspace named after the node; Enter saves it there
    const drawnNow = {
      nodes: (await frame.evaluate(() => window.__pdbxGraph.nodeIds())).length,
      edges: (await frame.evaluate(() => window.__pdbxGraph.edgeIds())).length,
    };
    const png = await exportThroughDialog(
      page,
      frame,
      'png',
      join(folder, `catalog-${certname}.png`),
    );
    const statusAfterPng = await frame.locator('.status').textContent();
    await check(
      `${theme}: Export as PNG saves a PNG image of the graph where the dialog says`,
      () => {
        assert.doesNotMatch(statusAfterPng ?? '', /too small for labels/, 'a labelled picture');
        assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
        // IHDR: width and height, big-endian, at bytes 16 and 20
        assert.ok(png.readUInt32BE(16) > 200 && png.readUInt32BE(20) > 100, 'a real picture');
      },
    );
    const svg = (
      await exportThroughDialog(page, frame, 'svg', join(folder, `catalog-${certname}.svg`))
    ).toString('utf8');
    await check(
      `${theme}: Export as SVG saves every drawn resource and edge, titles escaped`,
      () => {
        assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
        // one background rectangle, then one per resource
        assert.equal(svg.match(/<rect /g)!.length - 1, drawnNow.nodes);
        assert.equal(svg.match(/<line /g)?.length ?? 0, drawnNow.edges);
        assert.ok(svg.includes('&#60;img src=x onerror=alert(1)&#62;'));
        assert.ok(!svg.includes('<img'));
      },
    );

    // a window reload brings the panel back as it was, with the user's filter (containment
    // hidden), from what the webview kept: nothing is asked of PuppetDB until "Load again"
    const sentBefore = proxy.requests.length;
    await reloadWindow(page);
    frame = await webviewFrame(page, 'graph', { timeoutMs: 60_000 });
    await frame.waitForFunction(() => window.__pdbxGraph?.timings.draws > 0, undefined, {
      timeout: 60_000,
    });
    const restoredNodes = await frame.evaluate(() => window.__pdbxGraph.nodeIds());
    const restoredEdges = await frame.evaluate(() => window.__pdbxGraph.edgeIds());
    // the layout made before the reload, which the host kept in the workspace state
    const restoredLayoutKept = await frame.evaluate(() => window.__pdbxGraph.timings.keptLayout);
    const note = await frame.locator('.restored-banner').innerText();
    await frame.evaluate(
      'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
    );
    await page.screenshot({ path: join(screenshots, `graph-restored-${shade}.png`) });
    const catalogRequests = (from: number) =>
      proxy.requests.slice(from).filter((each) => each.url.includes(`/catalogs/${certname}`));
    await check(
      `${theme}: after a window reload the graph is back, Containment still unticked, and no catalog was fetched`,
      () => {
        assert.equal(restoredNodes.length, catalog.resources.length);
        assert.equal(restoredLayoutKept, true, 'drawn with the layout made before the reload');
        assert.deepEqual(sorted(restoredEdges), sorted(withoutContainment));
        assert.match(note, /Shown as before the window reloaded/);
        assert.match(note, /Load again/);
        assert.deepEqual(catalogRequests(sentBefore), []);
      },
    );
    const beforeLoad = proxy.requests.length;
    await frame.locator('.restored-banner vscode-button').click();
    await frame.locator('.restored-banner').waitFor({ state: 'detached', timeout: 30_000 });
    // the catalog is asked for, then shown again (the same catalog: the drawing stays)
    for (let waited = 0; catalogRequests(beforeLoad).length === 0 && waited < 30_000;) {
      await page.waitForTimeout(250);
      waited += 250;
    }
    await frame.locator('.status:not(:has-text("Loading"))').waitFor({ timeout: 30_000 });
    const reloadedNodes = await frame.evaluate(() => window.__pdbxGraph.nodeIds());
    await check(`${theme}: "Load again" fetches the catalog from PuppetDB and shows it`, () => {
      assert.equal(catalogRequests(beforeLoad).length, 1);
      assert.equal(reloadedNodes.length, catalog.resources.length);
    });
    const run = { page, frame, shade, screenshots, folder, certname, check };
    await bigCatalogIsSketchedFirst(run);
    await bigCatalogIsTheSketchAlone(run);
  }
}

/** What the checks of a big catalog work with. */
interface BigCatalogRun {
  page: Page;
  frame: Frame;
  shade: string;
  screenshots: string;
  folder: string;
  /** The panel's node: the host names the export after it. */
  certname: string;
  check: Check;
}

/**
 * A catalog of thousands of resources (the fleet has none that big, so the test sends one as
 * the host would) is painted whole at once as a sketch while cytoscape takes it in; an export
 * asked for meanwhile waits for that drawing. The sketch stays what is on screen: it answers
 * clicks and shows the selection, and zoomed in it draws the labels too.
 */
async function bigCatalogIsSketchedFirst(run: BigCatalogRun): Promise<void> {
  const { page, frame, shade, screenshots, folder, certname, check } = run;
  const big = generateCatalog(3000);
  const before = await draws(frame);
  // sent as the host sends it (in parts: catalogParts.ts); the moment the sketch is up, Export as
  // PNG is pressed (in the page: the sketch is up for about a second, less than a round trip of
  // the test may take)
  const posted = splitCatalogMessage({ type: 'catalog' as const, catalog: big });
  const whileSketched = (await frame.evaluate(
    `(async (messages) => {
      for (const message of messages) window.postMessage(message, '*');
      let sketch;
      while (!(sketch = document.querySelector('canvas.graph-sketch'))) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const status = document.querySelector('.status').textContent;
      document.querySelector('vscode-toolbar-button[data-action="png"]').click();
      return {
        status,
        size: [sketch.width, sketch.height],
        exportAsked: document.querySelector('.status').textContent,
        sketches: document.querySelectorAll('canvas.graph-sketch').length,
      };
    })(${JSON.stringify(posted)})`,
  )) as { status: string; size: number[]; exportAsked: string; sketches: number };
  const sketch = frame.locator('canvas.graph-sketch');
  await page.screenshot({ path: join(screenshots, `graph-sketch-${shade}.png`) });
  await nextDraw(frame, before);
  const drawn = {
    nodes: (await frame.evaluate(() => window.__pdbxGraph.nodeIds())).length,
    farView: (await frame
      .locator('canvas.graph-sketch:not(.taking-in):not([hidden])')
      .count()) as number,
    timings: await frame.evaluate(() => ({ ...window.__pdbxGraph.timings })),
    layoutFailure: await frame.evaluate(() => window.__pdbxGraph.layoutFailure()),
    sketchOnPage: await sketchDrawnOnPage(frame),
  };
  // an earlier check exported this panel's graph to the same file: what is read must be new
  rmSync(join(folder, `catalog-${certname}.png`), { force: true });
  const png = await exportThroughDialog(
    page,
    frame,
    'png',
    join(folder, `catalog-${certname}.png`),
    true,
    // tens of megapixels drawn and encoded in software
    120_000,
  );
  const statusAfterExport = await frame.locator('.status').textContent();
  // (taken once the export is saved: its save dialog opens as soon as the drawing is done)
  await frame.evaluate(
    'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
  );
  await page.screenshot({ path: join(screenshots, `graph-big-${shade}.png`) });
  await check(
    `${shade}: Export as PNG while the sketch is up waits for the drawing, then saves all of it`,
    () => {
      assert.equal(whileSketched.sketches, 1, 'the button was pressed while the sketch was up');
      assert.match(whileSketched.exportAsked, /The PNG export follows once it is drawn\./);
      assert.deepEqual([...png.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
      // a picture of the whole graph: cytoscape's full-size PNG of 3,000 boxes is large
      assert.ok(png.readUInt32BE(16) > 1000 && png.readUInt32BE(20) > 500, 'the whole graph');
      // drawn large enough for its labels (over 8,000 px wide, where 8,000 a side left them out)
      assert.ok(png.readUInt32BE(16) > 8000, `${png.readUInt32BE(16)} px wide`);
      assert.doesNotMatch(statusAfterExport ?? '', /too small for labels/);
    },
  );
  await check(
    `${shade}: a ${big.resources.length}-resource catalog, posted in parts as the host does, is sketched whole first, then taken in by cytoscape, the sketch staying as the far view`,
    () => {
      assert.ok(posted.length > 1, 'the catalog went in parts');
      assert.match(whileSketched.status, /^Drawing 3,000 resources/);
      assert.ok(whileSketched.size[0]! > 100 && whileSketched.size[1]! > 100, 'a sized canvas');
      assert.equal(drawn.nodes, big.resources.length);
      // laid out by the worker (after the small graphs before it, which ELK laid out there)
      assert.equal(drawn.layoutFailure, undefined, 'no layout failure');
      assert.ok(
        drawn.farView,
        'fitted far out, the sketch shows the graph and lets clicks through',
      );
      assert.ok(drawn.timings.firstPaintMs < drawn.timings.paintMs, 'the sketch came first');
      assert.equal(drawn.sketchOnPage, false, 'the sketch worker draws the sketch');
    },
  );

  // a real click on a box of the far view reaches cytoscape, and the sketch shows the selection
  const target = (await frame.evaluate(`(() => {
    const canvas = document.querySelector('canvas.graph-sketch');
    // a resource well inside the view
    return window.__pdbxGraph
      .nodeIds()
      .map((id) => ({ id, at: window.__pdbxGraph.renderedPositionOf(id) }))
      .find(({ at }) => at.x > 40 && at.y > 40 && at.x < canvas.width - 40 && at.y < canvas.height - 40);
  })()`)) as { id: string; at: { x: number; y: number } };
  const box = (await sketch.boundingBox())!;
  await page.mouse.click(box.x + target.at.x, box.y + target.at.y);
  await frame.waitForFunction((id) => window.__pdbxGraph.selected() === id, target.id, {
    timeout: 30_000,
  });
  const focusColour = (await frame.evaluate(
    `getComputedStyle(document.body).getPropertyValue('--vscode-focusBorder').trim()`,
  )) as string;
  const focus = rgb(focusColour).match(/\d+/g)!.map(Number);
  const nearFocus = (pixel: number[]) =>
    pixel.every((value, index) => Math.abs(value - focus[index]!) <= 8);
  // the pixels around the click (a box fitted far out is a few pixels tall)
  const readAround = sketchPixels(target.at, { dx: -2, dy: -2, width: 5, height: 5 });
  /** The pixels around the click, once one is in the focus colour (or as they are after 30 s). */
  const focusAround = () =>
    readUntil(
      frame,
      async () => (await frame.evaluate(readAround)) as number[][],
      (pixels) => pixels.some(nearFocus),
    );
  const around = await focusAround();
  await page.screenshot({ path: join(screenshots, `graph-big-selected-${shade}.png`) });
  await check(
    `${shade}: a click on the far view selects the resource under it, and the sketch paints it in the focus colour`,
    () => {
      assert.ok(
        around.some(nearFocus),
        `${focusColour} around the click: ${JSON.stringify(around)}`,
      );
    },
  );

  // should the sketch worker fail, the page draws the sketch itself, on a canvas of its own
  await frame.evaluate(() => window.__pdbxGraphFaults.crashSketchWorker());
  const afterCrash = {
    onPage: await readUntil(
      frame,
      () => sketchDrawnOnPage(frame),
      (onPage) => onPage,
    ),
    around: await focusAround(),
  };
  await check(
    `${shade}: when the sketch worker fails, the page draws the sketch, selection and all`,
    () => {
      assert.ok(afterCrash.onPage, 'a canvas the page draws on');
      assert.ok(
        afterCrash.around.some(nearFocus),
        `${focusColour} around the selection: ${JSON.stringify(afterCrash.around)}`,
      );
    },
  );

  // zoomed in, the sketch draws the boxes with their labels too, and stays in front: cytoscape's
  // canvas renderer paints nothing on screen; fitted, the labels go again
  await frame.locator('.graph-canvas').focus();
  for (let step = 0; step < 30; step++) {
    await frame.locator('.graph-canvas').press('+');
    if (await frame.locator('canvas.graph-sketch.near').count()) break;
  }
  // two steps further in: where the near view begins, a label is 7–9 px high, and so few of its
  // antialiased pixels are the foreground's own colour that a narrower canvas (the details panel
  // open) left 5 of them, too few to tell a label from none
  for (let step = 0; step < 2; step++) await frame.locator('.graph-canvas').press('+');
  // a box in the middle of the view, and the pixels of its middle once its label is drawn
  const labelled = (await frame.evaluate(`(() => {
    const sketch = document.querySelector('canvas.graph-sketch');
    const middle = { x: sketch.clientWidth / 2, y: sketch.clientHeight / 2 };
    // not the selected one: its label is in the selection's colour
    const ids = window.__pdbxGraph.nodeIds().filter((id) => id !== window.__pdbxGraph.selected());
    let best;
    for (const id of ids) {
      const at = window.__pdbxGraph.renderedPositionOf(id);
      const away = Math.hypot(at.x - middle.x, at.y - middle.y);
      if (!best || away < best.away) best = { id, at, away };
    }
    return best;
  })()`)) as { id: string; at: { x: number; y: number } };
  const foreground = rgb(
    (await frame.evaluate(
      `getComputedStyle(document.body).getPropertyValue('--vscode-editor-foreground').trim()`,
    )) as string,
  )
    .match(/\d+/g)!
    .map(Number);
  // the label's ink: pixels in the editor's foreground colour across the box's middle
  const readLabel = sketchPixels(labelled.at, { dx: -30, dy: -4, width: 60, height: 8 });
  const inkIn = (pixels: number[][]) =>
    pixels.filter((pixel) =>
      pixel.every((value, channel) => Math.abs(value - foreground[channel]!) <= 24),
    ).length;
  const labelInk = await readUntil(
    frame,
    async () => inkIn((await frame.evaluate(readLabel)) as number[][]),
    (count) => count > 10,
  );
  const near = {
    // in the page's order, the sketch comes after the layer cytoscape would paint in: over it
    sketchInFront: await frame.evaluate(() =>
      Boolean(
        document.querySelector(
          '.graph-layer:not([hidden]) + canvas.graph-sketch.near:not([hidden])',
        ),
      ),
    ),
    // no pixel of cytoscape's canvases is painted
    cytoscapeBlank: await frame.evaluate(() =>
      [...document.querySelectorAll('.graph-layer:not([hidden]) canvas')].every((canvas) => {
        const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height);
        return !pixels?.data.some((value, index) => index % 4 === 3 && value > 0);
      }),
    ),
  };
  await page.screenshot({ path: join(screenshots, `graph-big-near-${shade}.png`) });
  await frame.locator('.graph-canvas').press('0');
  await frame.waitForSelector('canvas.graph-sketch:not(.near):not([hidden])', { timeout: 30_000 });
  const fittedInk = await readUntil(
    frame,
    async () => inkIn((await frame.evaluate(readLabel)) as number[][]),
    (count) => count <= 10,
  );
  await check(
    `${shade}: zoomed in, the sketch draws the boxes with their labels, in front (cytoscape paints nothing on screen); fitted, no labels`,
    () => {
      assert.ok(labelInk > 10, `the label of ${labelled.id} is drawn (${labelInk} pixels of ink)`);
      assert.ok(near.sketchInFront, 'the sketch stays in front of the layer');
      assert.ok(near.cytoscapeBlank, "cytoscape's canvases are blank");
      assert.ok(fittedInk <= 10, `fitted, no label (${fittedInk} pixels of ink)`);
    },
  );

  // focus mode draws the selected resource's dependencies on their own: the whole graph's
  // drawing is kept, hidden, and so is its sketch; leaving focus mode shows both again
  const sketchesShown = () => frame.locator('canvas.graph-sketch:not([hidden])').count();
  const beforeFocus = await draws(frame);
  await frame.locator('.graph-canvas').press('f');
  await nextDraw(frame, beforeFocus);
  const focused = {
    on: await frame.evaluate(() => window.__pdbxGraph.focus()),
    // a focus view big enough has a sketch of its own
    ownSketch: await frame.evaluate(
      () => window.__pdbxGraph.nodeIds().length + window.__pdbxGraph.edgeIds().length > 1500,
    ),
    sketchesShown: await sketchesShown(),
  };
  await page.screenshot({ path: join(screenshots, `graph-big-focus-${shade}.png`) });
  const beforeBack = await draws(frame);
  await frame.locator('.graph-canvas').press('f');
  await nextDraw(frame, beforeBack);
  const back = {
    nodes: (await frame.evaluate(() => window.__pdbxGraph.nodeIds())).length,
    sketchesShown: await sketchesShown(),
  };
  await check(
    `${shade}: focus mode on a big graph hides its sketch with its drawing; leaving it shows both`,
    () => {
      assert.equal(focused.on, true);
      assert.equal(focused.sketchesShown, focused.ownSketch ? 1 : 0, 'only the focus view shows');
      assert.equal(back.nodes, big.resources.length);
      assert.equal(back.sketchesShown, 1, 'the whole graph, fitted far out, is its sketch again');
    },
  );
}

/**
 * A big catalog is drawn whole by its sketch alone (cytoscape's canvas renderer, as headless
 * Chromium has): cytoscape holds none of its elements, yet a real click on a box selects it (its
 * details shown), the search marks matches and `+` zooms, at once. An SVG export then puts the
 * elements into cytoscape, with the selection, and saves every resource and edge.
 */
async function bigCatalogIsTheSketchAlone(run: BigCatalogRun): Promise<void> {
  const { page, frame, shade, screenshots, folder, certname, check } = run;
  const big = generateCatalog(2000);
  const catalog = { ...big, version: 'sketch-only' };
  await frame.locator('.search input').fill('');
  const before = await draws(frame);
  await frame.evaluate(
    `(async (messages) => {
      for (const message of messages) window.postMessage(message, '*');
    })(${JSON.stringify(splitCatalogMessage({ type: 'catalog' as const, catalog }))})`,
  );
  await nextDraw(frame, before);
  const drawn = {
    nodes: (await frame.evaluate(() => window.__pdbxGraph.nodeIds())).length,
    inCytoscape: await frame.evaluate(() => window.__pdbxGraph.inCytoscape()),
    status: await frame.locator('.status').textContent(),
  };
  // a resource well inside the view, where the sketch has it
  const sketch = frame.locator('canvas.graph-sketch');
  const box = (await sketch.boundingBox())!;
  const target = (await frame.evaluate(
    `(${JSON.stringify(catalog.resources.map((resource) => resource.id))})
      .map((id) => ({ id, at: window.__pdbxGraph.renderedPositionOf(id) }))
      .find(({ at }) => at && at.x > 60 && at.y > 60 && at.x < ${box.width - 60} && at.y < ${box.height - 60})`,
  )) as { id: string; at: { x: number; y: number } };
  await page.mouse.click(box.x + target.at.x, box.y + target.at.y);
  await frame.waitForFunction((id) => window.__pdbxGraph.details().includes(id), target.id);
  const selected = await frame.evaluate(() => window.__pdbxGraph.selected());
  const query = target.id.slice(0, target.id.indexOf('['));
  await frame.locator('.search input').fill(query);
  await frame.locator('.match-count:has-text("match")').waitFor();
  const matches = await frame.locator('.match-count').textContent();
  const zoomBefore = await frame.evaluate(() => window.__pdbxGraph.zoom());
  await frame.locator('.graph-canvas').press('+');
  const zoom = await frame.evaluate(() => window.__pdbxGraph.zoom());
  const untouched = await frame.evaluate(() => window.__pdbxGraph.inCytoscape());
  await page.screenshot({ path: join(screenshots, `graph-sketch-only-${shade}.png`) });
  // an earlier check exported this panel's graph to the same file: what is read must be new
  rmSync(join(folder, `catalog-${certname}.svg`), { force: true });
  const svg = (
    await exportThroughDialog(page, frame, 'svg', join(folder, `catalog-${certname}.svg`))
  ).toString('utf8');
  const exported = {
    inCytoscape: await frame.evaluate(() => window.__pdbxGraph.inCytoscape()),
    // the selected style's fill: the focus colour
    selectedFill: await frame.evaluate(
      (id) => window.__pdbxGraph.styleOf(id, 'background-color'),
      target.id,
    ),
    focus: rgb(
      (await frame.evaluate(
        `getComputedStyle(document.body).getPropertyValue('--vscode-focusBorder').trim()`,
      )) as string,
    ),
    zoom: await frame.evaluate(() => window.__pdbxGraph.zoom()),
  };
  await check(
    `${shade}: a ${catalog.resources.length}-resource catalog is drawn by its sketch alone: a click selects, the search marks, + zooms, with nothing in cytoscape; Export as SVG puts the elements in and saves them all`,
    () => {
      assert.equal(drawn.nodes, catalog.resources.length);
      assert.equal(drawn.inCytoscape, 0, 'cytoscape holds no element');
      assert.doesNotMatch(drawn.status ?? '', /Finishing the drawing/);
      assert.equal(selected, target.id);
      assert.match(matches ?? '', /\d match/);
      assert.ok(Math.abs(zoom / zoomBefore - 1.25) < 0.01, `${zoomBefore} → ${zoom}`);
      assert.equal(untouched, 0, 'still none after selecting, searching and zooming');
      assert.equal(svg.match(/<rect /g)!.length - 1, catalog.resources.length, 'every resource');
      assert.equal(svg.match(/<line /g)?.length ?? 0, catalog.edges.length, 'every edge');
      assert.equal(exported.inCytoscape, catalog.resources.length + catalog.edges.length);
      assert.equal(exported.selectedFill, exported.focus, 'cytoscape has the selection');
      assert.equal(exported.zoom, zoom, 'the view stayed where it was');
    },
  );
  await frame.locator('.search input').fill('');
}

async function main(): Promise<void> {
  const { screenshots } = e2eArguments();
  const server = testServer();
  const fleet = loadedFleet();
  const client = connect({ host: server.host, port: server.httpPort });
  const active = fleet.nodes.filter((node) => !fleet.deactivated.includes(node.certname));
  // the node whose catalog holds the XSS payloads (a Notify titled <img onerror>), and another
  const certname = active.find((node) =>
    node.catalog.resources.some((resource) => resource.title.includes('onerror')),
  )!.certname;
  const other = active.find((node) => node.certname !== certname)!.certname;
  const catalog: CatalogGraphDto = catalogToDto(await client.catalog(certname));
  const otherCatalog: CatalogGraphDto = catalogToDto(await client.catalog(other));
  let passed = 0;
  let failed = 0;
  const check = async (name: string, assertion: () => void | Promise<void>) => {
    try {
      await assertion();
      passed++;
      console.log(`  ✔ ${name}`);
    } catch (error) {
      failed++;
      console.log(`  ✘ ${name}\n${String(error)}`);
    }
  };

  const proxy = await startRecordingProxy({ host: server.host, port: server.httpPort });
  const fixture: Fixture = { certname, catalog, other, otherCatalog, screenshots, proxy };
  const settings = {
    'puppetdbExplorer.connections': [{ id: 'local', name: 'Local PuppetDB', url: proxy.url }],
  };
  // one workbench, switched from light to dark: dark's own steps (a window reload) last
  await withWorkbenchInThemes(
    {
      name: 'graph',
      themes: ['Default Light Modern', 'Default Dark Modern'],
      settings,
      screenshots,
    },
    (run) => exercise(run, run.theme, fixture, check),
    (theme, error) => {
      if (error === undefined) return;
      failed++;
      console.log(`  ✘ ${theme}: ${String(error)}`);
    },
  );
  await client.disconnect();
  await proxy.close();
  console.log(`e2e graph: ${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  console.log('e2e graph: 0 passed, 1 failed');
  process.exit(1);
});
