/**
 * The catalog graph with a generated catalog of 3,000 resources and 6,000 edges: the real graph
 * bundle (run `node esbuild.mjs --production` first) in headless Chromium, fed the `catalog`
 * message the host posts. Prints the layout time (ELK, in its worker), the paint time, both
 * together, and the longest main-thread task; then the same for focus mode. Asserts nothing.
 *
 *   node --import tsx bench/webviews/graph.ts [--resources 3000] [--screenshot test-results/graph-bench.png]
 */
import { parseArgs } from 'node:util';
import type {
  CatalogGraphDto,
  CatalogResourceDto,
  Relationship,
} from '../../src/shared/catalogGraph';
import { openBenchPage } from './benchPage';

const TYPES = ['File', 'Package', 'Service', 'Exec', 'User', 'Group', 'Profile::Account', 'Cron'];

/** Classes of 30 resources each; every resource contained once, plus one ordering or refresh edge each. */
export function generateCatalog(size: number): CatalogGraphDto {
  const resources: CatalogResourceDto[] = [];
  const edges: CatalogGraphDto['edges'] = [];
  const classes = Math.ceil(size / 30);
  const add = (type: string, title: string) => {
    const id = `${type}[${title}]`;
    resources.push({
      id,
      type,
      title,
      tags: [type.toLowerCase()],
      exported: false,
      file: '/etc/puppetlabs/code/site.pp',
      line: resources.length + 1,
      parameters: { ensure: 'present' },
    });
    return id;
  };
  const classIds = Array.from({ length: classes }, (_, index) =>
    add('Class', `Profile::Part${index}`),
  );
  for (let index = 1; index < classes; index++) {
    edges.push({ source: classIds[0]!, target: classIds[index]!, relationship: 'contains' });
  }
  const members: string[] = [];
  while (resources.length < size) {
    const index = resources.length;
    const id = add(TYPES[index % TYPES.length]!, `/srv/app/item-${index}`);
    edges.push({ source: classIds[index % classes]!, target: id, relationship: 'contains' });
    members.push(id);
  }
  const kinds: Relationship[] = ['before', 'required-by', 'notifies', 'subscription-of'];
  for (let index = 0; edges.length < size * 2; index++) {
    const target = members[(index % (members.length - 1)) + 1]!;
    const source =
      members[
        Math.floor(((index * 7919) % members.length) * 0.999) % Math.max(1, members.indexOf(target))
      ] ?? members[0]!;
    if (source !== target) {
      edges.push({ source, target, relationship: kinds[index % kinds.length]! });
    }
  }
  return {
    certname: 'bench.example.com',
    version: '1',
    environment: 'production',
    producerTimestamp: undefined,
    resources,
    edges,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { resources: { type: 'string', default: '3000' }, screenshot: { type: 'string' } },
  });
  const catalog = generateCatalog(Number(values.resources));
  const { page, close } = await openBenchPage('graph');
  try {
    const measure = async (label: string, send: string) => {
      const result = (await page.evaluate(`(async () => {
        window.longTasks.length = 0;
        const before = window.__pdbxGraph.timings.paintMs;
        const started = performance.now();
        ${send}
        while (!(window.__pdbxGraph.timings.paintMs !== before && window.toHost.at(-1).type === 'drawn')) {
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        return { total: performance.now() - started, layout: window.__pdbxGraph.timings.layoutMs,
                 paint: window.__pdbxGraph.timings.paintMs, nodes: window.__pdbxGraph.nodeIds().length,
                 edges: window.__pdbxGraph.edgeIds().length, longest: Math.max(0, ...window.longTasks) };
      })()`)) as Record<string, number>;
      console.log(
        `${label}: ${result.nodes} nodes, ${result.edges} edges — layout (worker) ${result.layout!.toFixed(0)} ms, paint ${result.paint!.toFixed(0)} ms, message to painted ${result.total!.toFixed(0)} ms (target ≤ 2000 ms); longest main-thread task ${result.longest!.toFixed(0)} ms (target ≤ 200 ms)`,
      );
    };
    console.log(`catalog: ${catalog.resources.length} resources, ${catalog.edges.length} edges`);
    await measure(
      'first draw',
      `window.postMessage({ type: 'catalog', catalog: ${JSON.stringify(catalog)} }, '*');`,
    );
    await measure(
      'second draw (warm)',
      `window.postMessage({ type: 'catalog', catalog: ${JSON.stringify(catalog)} }, '*');`,
    );
    await measure(
      'focus mode',
      `window.__pdbxGraph.select(${JSON.stringify(catalog.resources[1500]!.id)}); window.__pdbxGraph.setFocus(true);`,
    );
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
