/**
 * End to end in headless Chromium: the catalog graph of a sample node, opened from the command
 * palette; the drawn nodes and edges equal the catalog the server holds; focus mode keeps only
 * what the selected resource depends on and what depends on it; the fleet's XSS payloads stay
 * text. Screenshots in dark and light themes go to test-results/.
 *
 *   node --import tsx test/e2e/graph.e2e.ts [--state-dir .work/puppetdb-test] [--screenshots test-results]
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { connect } from '../../src/client';
import { catalogToDto } from '../../src/extension/graph/catalogToDto';
import { buildGraphModel, focusSet } from '../../src/shared/catalogGraphModel';
import { loadedFleet, testServer } from '../integration/support/puppetdb';
import { runCommand, webviewFrame, withWorkbench } from './support/workbench';

interface GraphHooks {
  nodeIds(): string[];
  edgeIds(): string[];
  selected(): string | undefined;
  timings: { layoutMs: number; paintMs: number };
  select(id: string): void;
  setFocus(on: boolean): void;
}
declare const window: { __pdbxGraph: GraphHooks };

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'state-dir': { type: 'string', default: '.work/puppetdb-test' },
      screenshots: { type: 'string', default: 'test-results' },
    },
  });
  process.env.PDB_STATE_DIR = resolve(values['state-dir']!);
  const screenshots = resolve(values.screenshots!);
  mkdirSync(screenshots, { recursive: true });
  const server = testServer();
  const fleet = loadedFleet();
  const client = connect({ host: server.host, port: server.httpPort });
  // the node whose catalog holds the XSS payloads (a Notify titled <img onerror>)
  const certname = fleet.nodes
    .filter((node) => !fleet.deactivated.includes(node.certname))
    .find((node) =>
      node.catalog.resources.some((resource) => resource.title.includes('onerror')),
    )!.certname;
  const catalog = catalogToDto(await client.catalog(certname));
  let passed = 0;
  const check = (name: string, assertion: () => void) => {
    assertion();
    passed++;
    console.log(`  ✔ ${name}`);
  };

  for (const theme of ['Default Dark Modern', 'Default Light Modern']) {
    const settings = {
      'puppetdbExplorer.connections': [
        { id: 'local', name: 'Local PuppetDB', url: `http://${server.host}:${server.httpPort}` },
      ],
    };
    await withWorkbench(
      { name: 'graph', theme, settings, screenshots },
      async ({ page, dialogs, shade }) => {
        await page.waitForTimeout(1500);
        await runCommand(page, 'PuppetDB: Open Catalog Graph');
        await page.keyboard.type(certname);
        await page
          .locator(`.quick-input-list .monaco-list-row:has-text("${certname}")`)
          .first()
          .click();
        const frame = await webviewFrame(page, 'graph');
        await frame.waitForFunction(() => window.__pdbxGraph?.nodeIds().length > 0, undefined, {
          timeout: 60_000,
        });
        await frame.locator('.status:has-text("resources")').waitFor();
        const drawnNodes = await frame.evaluate(() => window.__pdbxGraph.nodeIds());
        const drawnEdges = await frame.evaluate(() => window.__pdbxGraph.edgeIds());
        const expected = buildGraphModel(catalog);
        check(
          `${theme}: the graph of ${certname} draws the catalog's ${catalog.resources.length} resources`,
          () =>
            assert.deepEqual(
              [...drawnNodes].sort(),
              catalog.resources.map((resource) => resource.id).sort(),
            ),
        );
        check(
          `${theme}: and its ${catalog.edges.length} edges, each as source, relationship, target`,
          () => {
            assert.equal(expected.edges.length, catalog.edges.length);
            assert.deepEqual([...drawnEdges].sort(), expected.edges.map((edge) => edge.id).sort());
          },
        );
        await page.screenshot({ path: join(screenshots, `graph-${shade}.png`) });

        const xss = catalog.resources.find((resource) => resource.title.includes('onerror'))!.id;
        await frame.evaluate((id) => window.__pdbxGraph.select(id), xss);
        await frame.locator('.details h2').waitFor();
        const title = await frame.locator('.details h2').innerText();
        const injected = await frame.locator('#app img, #app script, #app iframe').count();
        check(
          `${theme}: a resource titled <img onerror> is shown as text in the details; nothing ran`,
          () => {
            assert.equal(title, xss);
            assert.equal(injected, 0);
            assert.deepEqual(dialogs, []);
          },
        );

        // focus on a service: it, what it depends on and what depends on it
        const service = catalog.resources.find((resource) => resource.type === 'Service')!.id;
        await frame.evaluate((id) => window.__pdbxGraph.select(id), service);
        await frame.evaluate(() => window.__pdbxGraph.setFocus(true));
        await frame.locator(`.status:has-text("focus on ${service}")`).waitFor({ timeout: 30_000 });
        const focused = await frame.evaluate(() => window.__pdbxGraph.nodeIds());
        check(
          `${theme}: focus mode on ${service} keeps its dependencies and dependents only`,
          () => {
            assert.deepEqual([...focused].sort(), [...focusSet(catalog, service)].sort());
            assert.ok(focused.length < catalog.resources.length && focused.length > 1);
          },
        );
        await page.screenshot({ path: join(screenshots, `graph-focus-${shade}.png`) });
      },
    );
  }
  await client.disconnect();
  console.log(`e2e graph: ${passed} passed, 0 failed`);
}

main().catch((error: unknown) => {
  console.error(error);
  console.log('e2e graph: 0 passed, 1 failed');
  process.exit(1);
});
