/**
 * bench:fleet's "a second view of the same kind" for the catalog graph (issue 35 §2): a node's
 * catalog graph opened in a new panel, then, a second later (the user looked at the first), the
 * next node's, which VS Code's preview rule shows in the first one's panel (its live page started
 * over: cytoscape and the layout workers already loaded), each timed from the command to the
 * page's first paint of the whole graph as the host hears of it; beside a raw request of the
 * catalog, in the same run; medians after a warm-up. Then, in rounds of their own, back to the
 * first node's graph after the next node's, in the preview's panel: the layout of a graph the
 * page laid out a moment ago.
 */
import type { FleetBench } from './fleetBench';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension/extension';
import type { GraphPanelState } from '../../src/extension/graph/catalogGraphPanel';
import { timedGet } from '../timedGet';
import { viewTarget } from './overviewTiming';
import { medianTimes, READING_MS, secondViewRounds } from './secondView';

/** Active nodes with a catalog, by name. */
async function nodesWithCatalogs(url: string, count: number): Promise<string[]> {
  const query = ['extract', ['certname'], ['=', ['node', 'active'], true]];
  const { rows } = await timedGet(
    `${url}/pdb/query/v4/catalogs?${new URLSearchParams({ query: JSON.stringify(query) })}`,
  );
  const nodes = (rows as Array<{ certname: string }>).map((row) => row.certname).sort();
  if (nodes.length < count) throw new Error(`only ${nodes.length} nodes have catalogs`);
  return nodes.slice(0, count);
}

/** The graph's request, sent raw: the time until the catalog is parsed, and its resources. */
async function rawCatalog(
  url: string,
  certname: string,
): Promise<{ ms: number; resources: number }> {
  const { rows, ms } = await timedGet(
    `${url}/pdb/query/v4/catalogs/${encodeURIComponent(certname)}`,
  );
  const catalog = rows as unknown as { resources: { data: unknown[] } };
  return { ms, resources: catalog.resources.data.length };
}

/** What the page says its drawing took. */
type DrawnTimings = NonNullable<GraphPanelState['drawn']>;

/** Resolves once the host has heard that the page drew `certname`'s graph. */
async function drawn(api: ExtensionApi, certname: string): Promise<DrawnTimings> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const state = api.graphPanels().find((each) => each.certname === certname);
    if (state?.error) throw new Error(state.error);
    if (state?.drawn) return state.drawn;
    if (Date.now() > deadline) throw new Error(`the graph of ${certname} was not drawn`);
    // a poll of the host's own record: milliseconds, beside a paint of hundreds
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/**
 * A node's graph, then the next node's and back to the first, each a second after the one before,
 * in the preview's panel: the time of the way back, and its page's own timings (a warm-up first).
 */
async function backRounds(
  subjects: readonly string[],
  rounds: number,
  open: (certname: string) => Promise<{ ms: number; of: DrawnTimings }>,
): Promise<Array<{ ms: number; of: DrawnTimings }>> {
  const measured: Array<{ ms: number; of: DrawnTimings }> = [];
  for (let round = 0; round <= rounds; round++) {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const [one, two] = [subjects[2 * round]!, subjects[2 * round + 1]!];
    await open(one);
    await new Promise((resolve) => setTimeout(resolve, READING_MS));
    await open(two);
    await new Promise((resolve) => setTimeout(resolve, READING_MS));
    const back = await open(one);
    if (round > 0) measured.push(back);
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  return measured;
}

export async function benchSecondGraph(options: FleetBench & { api: ExtensionApi }): Promise<void> {
  const { url, connectionId, rounds, log, median, api } = options;
  const subjects = await nodesWithCatalogs(url, 2 * (rounds + 1));
  const open = async (certname: string) => {
    const started = performance.now();
    await vscode.commands.executeCommand('puppetdbExplorer.openCatalogGraph', {
      connectionId,
      certname,
    });
    const page = await drawn(api, certname);
    return { ms: performance.now() - started, of: page };
  };
  const measured = await secondViewRounds({
    subjects,
    rounds,
    kind: 'graph',
    open,
    raw: async (certname) => {
      const raw = await rawCatalog(url, certname);
      return { ms: raw.ms, of: raw.resources };
    },
  });
  const { newPanel, reused, raw } = medianTimes(measured, median);
  const layout = median(measured.map((round) => round.second.of.layoutMs));
  const paint = median(measured.map((round) => round.second.of.paintMs));
  const usable = median(measured.map((round) => round.second.of.usableMs));
  const firstLayout = median(measured.map((round) => round.first.of.layoutMs));
  const firstPaint = median(measured.map((round) => round.first.of.paintMs));
  const resources = measured.at(-1)?.raw.of ?? 0;
  log(
    `a node's catalog graph, drawn: in a new panel ${newPanel.toFixed(1)} ms; the next node's (${resources} resources), a second later in the preview's panel ${reused.toFixed(1)} ms (target <= 150 ms: ${reused <= 150 ? 'met' : 'not met'}); raw request of its catalog ${raw.toFixed(1)} ms (${viewTarget(reused, raw)})`,
  );
  log(
    `  the new panel's page, by its own clock: the layout ${firstLayout.toFixed(1)} ms (ELK, its worker started for it), the drawing to its first paint ${firstPaint.toFixed(1)} ms`,
  );
  log(
    `  the preview's page, by its own clock: the layout ${layout.toFixed(1)} ms (ELK, in its worker), the drawing to its first paint ${paint.toFixed(1)} ms (usable, cytoscape holding every element, after ${usable.toFixed(1)} ms: the rest is the frame that paints them)`,
  );
  const back = await backRounds(subjects, rounds, open);
  const backMs = median(back.map((round) => round.ms));
  log(
    `  back to the first node's graph after the next node's, in the preview's panel: ${backMs.toFixed(1)} ms (target <= 150 ms: ${backMs <= 150 ? 'met' : 'not met'}; ${viewTarget(backMs, raw)}); by its page's clock the layout ${median(back.map((round) => round.of.layoutMs)).toFixed(1)} ms, the drawing ${median(back.map((round) => round.of.paintMs)).toFixed(1)} ms`,
  );
}
