/**
 * The notebook renderer alone (dist/webview/notebookRenderer.js) in headless Chromium, outside VS
 * Code: the output of a cell of `--rows` facts from the PuppetDB of `--state-dir` as VS Code hands
 * it over (its gzipped bytes), unzipped, parsed and drawn on the grid, timed to the frame painted
 * after; beside it a bare unzip and `JSON.parse` of the same bytes. Tells the renderer's share of
 * a big cell's time apart from the extension's and VS Code's. Prints plain numbers; asserts nothing.
 *
 *   node esbuild.mjs --production && node --import tsx bench/notebook/rendererAlone.ts --state-dir .work/notebook-fleet
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { packCellRows } from '../../src/shared/notebook/cellRows';
import { serverIn } from '../../test/integration/support/puppetdb';
import { CHROMIUM_FLAGS } from '../../test/vscode/runtime';
import { timedGet } from '../timedGet';

const ROOT = resolve(__dirname, '../..');

const PAGE = `<!DOCTYPE html><html><head><meta charset="UTF-8"></head>
<body style="background:#1f1f1f;color:#ccc"><div id="output" style="width:1000px"></div>
<script type="module">
  import { activate } from '/dist/webview/notebookRenderer.js';
  const renderer = activate({ postMessage: () => {} });
  const painted = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const gunzipped = (data) =>
    new Response(new Blob([data]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
  window.bench = async (base64) => {
    const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    let started = performance.now();
    JSON.parse(await gunzipped(data));
    const parseMs = performance.now() - started;
    started = performance.now();
    await renderer.renderOutputItem(
      { id: 'x' + started, data: () => data },
      document.getElementById('output'),
    );
    const drawnMs = performance.now() - started;
    await painted();
    return { parseMs, drawnMs, paintedMs: performance.now() - started,
      rows: document.querySelector('.pqlbook-grid').getAttribute('aria-rowcount') - 1 };
  };
  window.ready = true;
</script></body></html>`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'state-dir': { type: 'string', default: '.work/notebook-fleet' },
      rows: { type: 'string', default: '100000' },
      runs: { type: 'string', default: '3' },
    },
  });
  const server = serverIn(resolve(values['state-dir']!));
  const query = `facts[certname, name, value] { limit ${values.rows} }`;
  const answer = await timedGet(
    `http://${server.host}:${server.httpPort}/pdb/query/v4?query=${encodeURIComponent(query)}`,
  );
  // as the extension writes it (notebookOutput.ts: cellOutput)
  const output = JSON.stringify({
    packedRows: packCellRows(answer.rows),
    connection: 'Local PuppetDB',
    elapsedMs: 1,
  });
  const gzipped = gzipSync(output, { level: 1 });
  const http = createServer((request, response) => {
    if (request.url === '/') response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    else {
      try {
        const body = readFileSync(join(ROOT, decodeURIComponent(request.url ?? '')));
        response.writeHead(200, { 'content-type': 'text/javascript' }).end(body);
      } catch {
        response.writeHead(404).end();
      }
    }
  });
  const port = await new Promise<number>((done) =>
    http.listen(0, '127.0.0.1', () => done((http.address() as { port: number }).port)),
  );
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    await page.goto(`http://127.0.0.1:${port}/`);
    while (!(await page.evaluate('window.ready === true'))) {
      await new Promise((next) => setTimeout(next, 20));
    }
    console.log(
      `renderer alone: an output of ${answer.rows.length.toLocaleString('en-US')} rows, ${(output.length / 1e6).toFixed(1)} MB of JSON, ${(gzipped.length / 1e6).toFixed(1)} MB gzipped`,
    );
    for (let run = 0; run < Number(values.runs); run++) {
      const result = (await page.evaluate(
        (bytes) => (globalThis as unknown as { bench(b: string): Promise<unknown> }).bench(bytes),
        gzipped.toString('base64'),
      )) as { parseMs: number; drawnMs: number; paintedMs: number; rows: number };
      console.log(
        `  run ${run + 1}: parsed and drawn ${result.drawnMs.toFixed(0)} ms, painted ${result.paintedMs.toFixed(0)} ms (${result.rows.toLocaleString('en-US')} rows on the grid); a bare unzip and JSON.parse ${result.parseMs.toFixed(0)} ms`,
      );
    }
  } finally {
    await browser.close();
    http.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
