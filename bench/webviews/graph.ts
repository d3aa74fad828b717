/**
 * The catalog graph with a generated catalog of 3,000 resources and 6,000 edges: the real graph
 * bundle (run `node esbuild.mjs --production` first) in headless Chromium, fed the `catalog`
 * message the host posts. Prints the layout time (in the worker: ELK, or the fast layered layout
 * for graphs this big), the paint time, the time from message to painted, and the longest
 * main-thread task (PerformanceObserver 'longtask'); then the same after other changes (a new
 * version, top-down, focus mode, back). Prints numbers; asserts nothing.
 *
 *   node --import tsx bench/webviews/graph.ts [--resources 3000] [--screenshot test-results/graph-bench.png]
 */
import { parseArgs } from 'node:util';
import { openBenchPage } from './benchPage';
import { generateCatalog } from './graph/generateCatalog';

interface Measured {
  nodes: number;
  edges: number;
  layoutMs: number;
  paintMs: number;
  totalMs: number;
  longestTaskMs: number;
  engine: string;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { resources: { type: 'string', default: '3000' }, screenshot: { type: 'string' } },
  });
  const catalog = generateCatalog(Number(values.resources));
  const { page, close } = await openBenchPage('graph');
  try {
    /** Runs `send` in the page and waits for the view's next `drawn` message. */
    const measure = async (label: string, send: string) => {
      const result = (await page.evaluate(`(async () => {
        window.longTasks.length = 0;
        const before = window.toHost.filter((message) => message.type === 'drawn').length;
        const started = performance.now();
        ${send}
        let drawn;
        while (!(drawn = window.toHost.filter((message) => message.type === 'drawn')[before])) {
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        const totalMs = performance.now() - started;
        // long tasks are reported a little after they end
        await new Promise((resolve) => setTimeout(resolve, 100));
        return { nodes: drawn.nodes, edges: drawn.edges, layoutMs: drawn.layoutMs,
                 paintMs: drawn.paintMs, totalMs, engine: window.__pdbxGraph.timings.engine, longestTaskMs: Math.max(0, ...window.longTasks) };
      })()`)) as Measured;
      const ms = (value: number) => value.toFixed(0).padStart(5);
      console.log(
        `${label.padEnd(28)} ${String(result.nodes).padStart(5)} nodes ${String(result.edges).padStart(5)} edges  layout (${result.engine}) ${ms(result.layoutMs)} ms  paint ${ms(result.paintMs)} ms  layout+paint ${ms(result.totalMs)} ms  longest main-thread task ${ms(result.longestTaskMs)} ms`,
      );
    };
    console.log(
      `catalog graph, ${catalog.resources.length} resources / ${catalog.edges.length} edges (targets: layout+paint ≤ 2000 ms, longest task ≤ 200 ms)`,
    );
    const message = (version: string) =>
      `window.postMessage(${JSON.stringify({ type: 'catalog', catalog: { ...catalog, version } })}, '*');`;
    // a service half-way down: its package, config, apt-get update and the class chain before it
    const focusOn = catalog.resources.filter((resource) => resource.type === 'Service')[60]!.id;
    await measure('first draw (cold worker)', message('1'));
    await measure('new catalog version', message('2'));
    await measure(
      'top-down layout',
      `document.querySelector('vscode-toolbar-button[data-action="direction"]').click();`,
    );
    await measure(
      'focus mode',
      `window.__pdbxGraph.select(${JSON.stringify(focusOn)}); window.__pdbxGraph.setFocus(true);`,
    );
    await measure('whole graph again', `window.__pdbxGraph.setFocus(false);`);
    if (values.screenshot) await page.screenshot({ path: values.screenshot });
  } finally {
    await close();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
