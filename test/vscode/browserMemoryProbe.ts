/**
 * Chromium's memory, asked for by a benchmark running in the extension host (bench:memory): the
 * driver, which holds the workbench's page, answers `GET /memory` on a loopback port whose origin
 * the host finds in PDBX_BROWSER_PROBE. It reports the workbench renderer's JS heap, each webview
 * frame's own JS heap and DOM size, and the proportional set size (PSS: shared pages split between
 * the processes sharing them) of every Chromium process of the session.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Page } from 'playwright-core';

export interface WebviewFrameMemory {
  /** The webview's page (its document title, else its URL's last part). */
  view: string;
  /** The frame's JS heap in use, as its renderer reports it (performance.memory). */
  jsHeapMb: number | undefined;
  domNodes: number;
}

export interface BrowserMemory {
  /** The workbench renderer's JS heap in use (CDP Runtime.getHeapUsage). */
  workbenchJsHeapMb: number;
  webviews: WebviewFrameMemory[];
  /** PSS of every Chromium process of the session, summed. */
  chromiumPssMb: number;
  chromiumProcesses: number;
}

export interface BrowserMemoryProbe {
  origin: string;
  attach(page: Page, profileDir: string): void;
  close(): Promise<void>;
}

const megabytes = (bytes: number) => bytes / 1024 / 1024;

export async function startBrowserMemoryProbe(): Promise<BrowserMemoryProbe> {
  let attached: { page: Page; profileDir: string } | undefined;
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/memory' || !attached) {
      response.writeHead(404).end();
      return;
    }
    measure(attached.page, attached.profileDir).then(
      (memory) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(memory));
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    attach: (page, profileDir) => (attached = { page, profileDir }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function measure(page: Page, profileDir: string): Promise<BrowserMemory> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');
    const webviews: WebviewFrameMemory[] = [];
    for (const frame of page.frames()) {
      if (!isWebviewContent(frame)) continue;
      const shown = await frame
        .evaluate(() => ({
          title: document.title,
          heap: (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory
            ?.usedJSHeapSize,
          nodes: document.getElementsByTagName('*').length,
        }))
        .catch(() => undefined);
      if (!shown) continue;
      webviews.push({
        view: shown.title || frame.url().split('/').pop()!.split('?')[0]!,
        jsHeapMb: shown.heap === undefined ? undefined : megabytes(shown.heap),
        domNodes: shown.nodes,
      });
    }
    const processes = chromiumProcesses(profileDir);
    return {
      workbenchJsHeapMb: megabytes(heap.usedSize),
      webviews,
      chromiumPssMb: processes.reduce((sum, pid) => sum + pssKb(pid), 0) / 1024,
      chromiumProcesses: processes.length,
    };
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** A webview's own page: the frame inside VS Code's webview host frame (`…/pre/index.html`). */
function isWebviewContent(frame: Frame): boolean {
  const parent = frame.parentFrame();
  return parent !== null && /\/webview\/browser\/pre\//.test(parent.url());
}

/** The Chromium processes whose command line names this session's profile (or a child's type). */
function chromiumProcesses(profileDir: string): number[] {
  const browsers = new Set<number>();
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (commandLine.includes(profileDir)) browsers.add(pid);
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parents.set(pid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  // the renderers, GPU and utility processes descend from the browser process
  const inTree = (pid: number): boolean => {
    for (let at = pid, depth = 0; at > 1 && depth < 8; at = parents.get(at) ?? 0, depth++) {
      if (browsers.has(at)) return true;
    }
    return false;
  };
  return [...parents.keys()].filter(inTree);
}

function pssKb(pid: number): number {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    return Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
  } catch {
    return 0;
  }
}
