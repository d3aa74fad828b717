/**
 * A webview bundle on a plain page in headless Chromium, outside VS Code: the built bundle of an
 * entry (dist/webview/<entry>.js), VS Code's Dark Modern theme variables, and a stub of the
 * webview API that records what the bundle posts (window.toHost). For benchmarks.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { CHROMIUM_FLAGS } from '../../test/vscode/runtime';
import { chromium, type Browser, type Page } from 'playwright-core';

const ROOT = resolve(__dirname, '../..');
const THEME = `--vscode-font-family: system-ui, sans-serif; --vscode-font-size: 13px;
  --vscode-editor-font-family: monospace; --vscode-editor-font-size: 13px;
  --vscode-editor-background: #1f1f1f; --vscode-editor-foreground: #cccccc; --vscode-foreground: #cccccc;
  --vscode-descriptionForeground: #9d9d9d; --vscode-panel-border: #2b2b2b; --vscode-focusBorder: #0078d4;
  --vscode-list-hoverBackground: #2a2d2e; --vscode-list-activeSelectionBackground: #04395e;
  --vscode-list-inactiveSelectionBackground: #37373d; --vscode-badge-background: #616161;
  --vscode-badge-foreground: #f8f8f8; --vscode-input-background: #313131;
  --vscode-input-foreground: #cccccc; --vscode-input-border: #3c3c3c;
  --vscode-testing-iconPassed: #73c991; --vscode-testing-iconFailed: #f14c4c;
  --vscode-charts-blue: #3794ff; --vscode-charts-green: #89d185; --vscode-charts-orange: #d18616;
  --vscode-charts-purple: #b180d7; --vscode-charts-yellow: #cca700; --vscode-charts-red: #f14c4c;`;
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.ttf': 'font/ttf',
};

/**
 * The webviews' Content Security Policy (src/extension/webviews/webviewHtml.ts), with this
 * server as the resource origin: what breaks it in a webview breaks it here (window.cspViolations).
 */
const NONCE = 'bench';
const CSP = [
  "default-src 'none'",
  "img-src 'self' data: blob:",
  `style-src 'self' 'nonce-${NONCE}'`,
  "font-src 'self'",
  `script-src 'self' 'nonce-${NONCE}'`,
  "connect-src 'self'",
  'worker-src blob:',
].join('; ');

/** The page: the entry's bundle and styles, and optionally a harness script served at /harness.js. */
function page(entry: string, harness: boolean): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<link rel="stylesheet" href="/dist/webview/codicon.css" id="vscode-codicon-stylesheet">
<link rel="stylesheet" href="/media/webview.css"><link rel="stylesheet" href="/dist/webview/${entry}.css">
<style nonce="${NONCE}">html { ${THEME} }</style>
<script nonce="${NONCE}">
  window.cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) =>
    window.cspViolations.push(e.violatedDirective + ' ' + (e.blockedURI || e.sourceFile || '')));
  window.longTasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push({ at: e.startTime, ms: e.duration }); })
    .observe({ type: 'longtask', buffered: true });
  let state;
  window.acquireVsCodeApi = () => ({
    postMessage: (message) => (window.toHost = [...(window.toHost || []), message]),
    getState: () => state,
    setState: (value) => (state = value),
  });
</script>${harness ? `<script nonce="${NONCE}" src="/harness.js"></script>` : ''}</head><body data-entry="${entry}" data-bundles="/dist/webview" class="vscode-dark"><main id="app"></main>
<script nonce="${NONCE}" type="module" src="/dist/webview/${entry}.js"></script></body></html>`;
}

export interface BenchPage {
  page: Page;
  close(): Promise<void>;
}

/**
 * `bundles`: a folder to serve the entry's own bundles (dist/webview/<entry>*) from instead of
 * dist/webview (a baseline built from another commit).
 */
export async function openBenchPage(
  entry: string,
  harness?: string,
  bundles?: string,
): Promise<BenchPage> {
  const server: Server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    if (path === '/') {
      response.writeHead(200, { 'content-type': 'text/html' }).end(page(entry, !!harness));
      return;
    }
    const own = bundles && path.startsWith(`/dist/webview/${entry}`);
    const file =
      path === '/harness.js' && harness
        ? harness
        : own
          ? join(bundles, path.slice('/dist/webview/'.length))
          : join(ROOT, path);
    try {
      if (!file.startsWith(own ? bundles : ROOT)) throw new Error('outside');
      const body = readFileSync(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'text/plain' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  // port 0: a free port chosen by the system
  const port = await new Promise<number>((resolvePort) =>
    server.listen(0, '127.0.0.1', () => resolvePort((server.address() as { port: number }).port)),
  );
  const browser: Browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  const tab = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await tab.goto(`http://127.0.0.1:${port}/`);
  // polled from here: waitForFunction's own polling evaluates strings in the page, which the
  // page's CSP (no 'unsafe-eval') refuses whenever the first check finds the bundle not ready yet
  const ready = 'Boolean(window.toHost && window.toHost.some((m) => m.type === "ready"))';
  while (!(await tab.evaluate(ready))) await new Promise((next) => setTimeout(next, 20));
  return {
    page: tab,
    close: async () => {
      await browser.close();
      server.close();
    },
  };
}
