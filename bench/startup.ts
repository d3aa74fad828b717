/**
 * npm run bench:startup — what a start of VS Code costs the extension host, measured in a real
 * VS Code (code-server's server, the workbench in headless Chromium) on the production build: the
 * startup shell's activation ("Activated in …", its modules and activate()) at a first start and
 * after each window reload, beside the baseline of the same run, the whole extension's load when a
 * manifest first needs it ("Loaded for …": its code, its modules and start()) — which is what every
 * start cost before the shell. The workspace's connection points at a closed port: nothing here
 * needs PuppetDB to answer. Prints plain numbers; asserts nothing.
 *
 *   node esbuild.mjs --production && node --import tsx bench/startup.ts [--starts 6]
 */
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';
import { until } from '../test/e2e/support/until';
import { median } from './fleet/overviewTiming';
import { openFile, reloadWindow, runCommand, withWorkbench } from '../test/e2e/support/workbench';

const ACTIVATED =
  /Activated in (\d+\.\d) ms \((\d+\.\d) ms of the host's CPU\): the startup shell's modules ran in (\d+\.\d) ms, its activate\(\) took (\d+\.\d) ms/g;
const LOADED =
  /Loaded for [^\n]*? in (\d+\.\d) ms: its code loaded in (\d+\.\d) ms \(([^)]*)\), its modules ran in (\d+\.\d) ms, start\(\) took (\d+\.\d) ms/g;

interface Start {
  activated: number;
  activatedCpu: number;
  shellModules: number;
  shellActivate: number;
  loaded: number;
  code: number;
  fromCache: boolean;
  modules: number;
  start: number;
}

/** A loopback port nothing listens on (the connection's requests are refused at once). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const spread = (values: number[]) =>
  `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)} ms`;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { starts: { type: 'string', default: '6' } } });
  const count = Number(values.starts);
  const port = await closedPort();
  const starts: Start[] = [];
  await withWorkbench(
    {
      name: 'bench-startup',
      theme: 'Default Dark Modern',
      settings: {
        'puppetdbExplorer.connections': [
          { id: 'bench', name: 'Bench PuppetDB', url: `http://127.0.0.1:${port}` },
        ],
      },
      files: {
        'README.md': '# Control repository\n',
        'site.pp': 'node default {\n  include profile::base\n}\n',
      },
      screenshots: 'test-results',
    },
    async ({ page, extensionLog }) => {
      for (let round = 1; round <= count; round++) {
        if (round > 1) await reloadWindow(page);
        let activated: RegExpExecArray | undefined;
        await until(`start ${round} to log its activation`, () => {
          activated = [...extensionLog().matchAll(ACTIVATED)][round - 1];
          return activated !== undefined;
        });
        if ([...extensionLog().matchAll(LOADED)].length >= round) {
          throw new Error(`start ${round} loaded the extension before a manifest asked`);
        }
        await openFile(page, 'site.pp');
        let loaded: RegExpExecArray | undefined;
        await until(`start ${round} to load the extension for the manifest`, () => {
          loaded = [...extensionLog().matchAll(LOADED)][round - 1];
          return loaded !== undefined;
        });
        const start: Start = {
          activated: Number(activated![1]),
          activatedCpu: Number(activated![2]),
          shellModules: Number(activated![3]),
          shellActivate: Number(activated![4]),
          loaded: Number(loaded![1]),
          code: Number(loaded![2]),
          fromCache: loaded![3]!.startsWith('from its code cache'),
          modules: Number(loaded![4]),
          start: Number(loaded![5]),
        };
        starts.push(start);
        console.log(
          `start ${round}: activated in ${start.activated} ms, ${start.activatedCpu} ms of CPU ` +
            `(modules ${start.shellModules}, ` +
            `activate() ${start.shellActivate}); the extension loaded in ${start.loaded} ms ` +
            `(code ${start.code} ${start.fromCache ? 'from its cache' : 'compiled'}, ` +
            `modules ${start.modules}, start() ${start.start})`,
        );
        // the next start opens on the README alone: nothing there loads the extension
        await runCommand(page, 'View: Close All Editors');
        await page.locator('.tabs-container .tab').first().waitFor({ state: 'detached' });
        await openFile(page, 'README.md');
        await page.locator('.tabs-container .tab.active', { hasText: 'README.md' }).waitFor();
      }
    },
  );
  const cached = starts.filter((start) => start.fromCache);
  const activation = starts.map((start) => start.activated);
  const activationCpu = starts.map((start) => start.activatedCpu);
  const loads = cached.map((start) => start.loaded);
  console.log(
    `\nactivation (the startup shell), ${starts.length} starts: median ${median(activation).toFixed(1)} ms (${spread(activation)}); target 20 ms`,
  );
  console.log(
    `  of the host process's CPU (all its threads; not the turns other processes took on the cores): median ${median(activationCpu).toFixed(1)} ms (${spread(activationCpu)})`,
  );
  if (loads.length > 0) {
    console.log(
      `baseline, the whole extension loaded from its code cache, ${loads.length} starts: median ${median(loads).toFixed(1)} ms (${spread(loads)})`,
    );
    console.log(
      `activation / baseline: ${(median(activation) / median(loads)).toFixed(2)}× (medians)`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
