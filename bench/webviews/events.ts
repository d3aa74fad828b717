/**
 * The events table with 100,000 events: the real webview bundle (dist/webview/events.js, so run
 * `node esbuild.mjs` first) in headless Chromium, on a plain page with a stub VS Code API, fed the
 * same `events` message the host posts. Prints plain numbers; asserts nothing.
 *
 *   node --import tsx bench/webviews/events.ts [--events 100000] [--screenshot test-results/events-bench.png]
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CHROMIUM_FLAGS } from '../../test/vscode/runtime';
import { chromium } from 'playwright-core';

const ROOT = resolve(__dirname, '../..');

/** A few theme variables (VS Code's Dark Modern), so the page looks like it does in a panel. */
const THEME = `
  --vscode-font-family: system-ui, sans-serif; --vscode-font-size: 13px;
  --vscode-editor-font-family: monospace; --vscode-editor-font-size: 13px;
  --vscode-editor-background: #1f1f1f; --vscode-foreground: #cccccc;
  --vscode-descriptionForeground: #9d9d9d; --vscode-panel-border: #2b2b2b;
  --vscode-list-hoverBackground: #2a2d2e; --vscode-list-activeSelectionBackground: #04395e;
  --vscode-list-inactiveSelectionBackground: #37373d; --vscode-badge-background: #616161;
  --vscode-badge-foreground: #f8f8f8; --vscode-focusBorder: #0078d4;
  --vscode-input-background: #313131; --vscode-input-foreground: #cccccc;
  --vscode-input-border: #3c3c3c; --vscode-testing-iconPassed: #73c991;
  --vscode-testing-iconFailed: #f14c4c; --vscode-charts-blue: #3794ff;`;

const PAGE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8">
<link rel="stylesheet" href="/dist/webview/codicon.css" id="vscode-codicon-stylesheet">
<link rel="stylesheet" href="/media/webview.css">
<link rel="stylesheet" href="/dist/webview/events.css">
<style>html { ${THEME} }</style>
<script>
  // the stub of VS Code's webview API: state kept in memory, messages to the host dropped
  let state;
  window.acquireVsCodeApi = () => ({
    postMessage: (message) => (window.toHost = [...(window.toHost || []), message]),
    getState: () => state,
    setState: (value) => (state = value),
  });
</script>
<script src="/harness.js"></script>
</head><body data-entry="events"><main id="app"></main>
<script type="module" src="/dist/webview/events.js"></script>
</body></html>`;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.ttf': 'font/ttf',
  '.html': 'text/html',
};

function serve(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    const file =
      path === '/'
        ? undefined
        : path === '/harness.js'
          ? join(__dirname, 'events', 'harness.js')
          : join(ROOT, path);
    if (file && !file.startsWith(ROOT)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = file ? readFileSync(file) : PAGE;
      response.writeHead(200, {
        'content-type': TYPES[file ? extname(file) : '.html'] ?? 'text/plain',
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolveServer) =>
    // port 0: a free port chosen by the system
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolveServer({ server, url: `http://127.0.0.1:${port}/` });
    }),
  );
}

/** Events per message, as src/extension/reports/eventsLoader.ts posts them. */
const BATCH = 5000;

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { events: { type: 'string', default: '100000' }, screenshot: { type: 'string' } },
  });
  const count = Number(values.events);
  const { server, url } = await serve();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url);
    await page.waitForFunction('window.toHost && window.toHost.some((m) => m.type === "ready")');
    type Step = Record<string, number | string>;
    const run = (expression: string) => page.evaluate(expression) as Promise<Step>;

    console.log(`events: ${count.toLocaleString('en')}`);
    const streamed = await run(`window.bench.streamed(${count}, ${BATCH})`);
    console.log(
      `streamed in batches of ${BATCH.toLocaleString('en')} (as the host posts them): first rows ${ms(streamed.firstRowsMs as number)}, all loaded ${ms(streamed.allLoadedMs as number)}, longest task ${ms(streamed.longestTaskMs as number)}`,
    );
    const paint = await run(`window.bench.firstPaint(${count})`);
    console.log(
      `one message of every event: first paint ${ms(paint.ms as number)} (rows in view ${paint.rows}, longest task ${ms(paint.longestTaskMs as number)})`,
    );
    for (const column of ['resource', 'message', 'status']) {
      const sorted = await run(`window.bench.sort('${column}')`);
      console.log(
        `sort by ${column} (${sorted.order}): ${ms(sorted.ms as number)} (longest task ${ms(sorted.longestTaskMs as number)})`,
      );
      const again = await run(`window.bench.sort('${column}')`);
      console.log(`sort by ${column} (${again.order}): ${ms(again.ms as number)}`);
    }
    for (const text of ['file-12', 'file-123 failure', '']) {
      const filtered = await run(`window.bench.filter(${JSON.stringify(text)})`);
      console.log(
        `filter "${text}": ${ms(filtered.ms as number)} (${filtered.shown}, longest task ${ms(filtered.longestTaskMs as number)})`,
      );
    }
    const toggled = await run(`window.bench.toggleStatus('success')`);
    console.log(`status toggle (hide success): ${ms(toggled.ms as number)} (${toggled.shown})`);
    await run(`window.bench.toggleStatus('success')`);
    const scrolled = await run('window.bench.scroll(180, 480)');
    console.log(
      `scroll ${scrolled.frames} frames × 480 px: mean ${ms(scrolled.meanMs as number)}, p95 ${ms(scrolled.p95Ms as number)}, max ${ms(scrolled.maxMs as number)} per frame; ${scrolled.rowsInDom} row elements in the DOM; longest task ${ms(scrolled.longestTaskMs as number)}`,
    );
    const grouped = await page.evaluate(`(async () => {
      const select = document.querySelector('.events-group-select');
      const started = performance.now();
      select.value = 'resource';
      select.dispatchEvent(new Event('change'));
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 0))));
      return performance.now() - started;
    })()`);
    console.log(`group by resource: ${ms(grouped as number)}`);
    console.log(
      `longest main-thread task overall: ${ms((await run('({ ms: window.bench.longestTaskMs() })')).ms as number)}`,
    );
    if (values.screenshot) {
      await page.screenshot({ path: values.screenshot });
      console.log(`screenshot: ${values.screenshot}`);
    }
    if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
