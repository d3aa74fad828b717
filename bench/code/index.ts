/**
 * Runs inside the real VS Code extension host (via test/vscode/runtime.ts), on the workspace of
 * bench/code/workspace.ts, against the PuppetDB of PDB_STATE_DIR holding a large fleet
 * (bench/code.sh). Each number beside its raw baseline measured in the same run, printed with a
 * "[pdbx]" prefix:
 * - the lenses of a 50-class manifest, resolved (one batch for all of them), on a warm connection
 *   (the fleet's failed nodes already known: one request) beside that count request sent raw with
 *   undici, and on a cold one beside its three requests sent raw;
 * - Open Manifest from a resource once the path index is built, beside showing the same file and
 *   line with the plain VS Code API;
 * - building the path index of the workspace's `.pp` files, beside a plain findFiles of the same
 *   glob;
 * - the blast radius of a 20-file, 200-hunk change, cold, beside the raw PuppetDB requests it
 *   needs (blastRadius.ts);
 * - who reads each Hiera data file of the sample control repository, cold and warm, beside the
 *   two PQL requests it needs sent raw (hieraReaders.ts).
 */
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import * as vscode from 'vscode';
import { FAILED_NODES, failedByClassQuery } from '../../src/extension/code/failedNodes';
import { classCountQuery } from '../../src/extension/code/fleetCounts';
import { ManifestIndex } from '../../src/extension/code/manifestIndex';
import type { OpenedManifest } from '../../src/extension/code/openManifest';
import { findDefinitions } from '../../src/extension/code/puppetDefinitions';
import type { ExtensionApi } from '../../src/extension/extension';
import { normaliseClassTitle } from '../../src/extension/fleet/resourceRef';
import { Commands } from '../../src/extension/ids';
import { FaultProxy } from '../../test/support/faultProxy';
import { benchBlastRadius } from './blastRadius';
import { rawPost } from './blastRepository';
import { benchHieraReaders } from './hieraReaders';
import { testServer } from '../../test/integration/support/puppetdb';

const log = (text: string) => console.log(`[pdbx] ${text}`);
const CONNECTION = 'bench-code';
const PROXIED = 'bench-code-counted';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function row(what: string, measured: number[], baseline: number[], label: string, target: string) {
  const [ours, raw] = [median(measured), median(baseline)];
  log(
    `${what}: ${ours.toFixed(1)} ms, ${label} ${raw.toFixed(1)} ms, ratio ${(ours / raw).toFixed(2)} (target ${target})`,
  );
}

/** Times `measured` and `baseline` in turns, `rounds` times after a warm-up round. */
async function alternate(
  rounds: number,
  measured: () => Promise<number>,
  baseline: () => Promise<number>,
): Promise<[number[], number[]]> {
  const ours: number[] = [];
  const raw: number[] = [];
  for (let round = 0; round <= rounds; round++) {
    // in turns, so that neither always runs on the other's warm caches
    let mine: number;
    let theirs: number;
    if (round % 2) {
      theirs = await baseline();
      mine = await measured();
    } else {
      mine = await measured();
      theirs = await baseline();
    }
    if (round === 0) continue; // warm-up
    ours.push(mine);
    raw.push(theirs);
  }
  return [ours, raw];
}

export async function run(): Promise<void> {
  // the driver shows only "[pdbx]" lines: say why a run failed
  await measure().catch((error: unknown) => {
    log(
      `bench:code failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    throw error;
  });
}

async function measure(): Promise<void> {
  const api = await vscode.extensions
    .getExtension<ExtensionApi>('puppetdb-explorer.puppetdb-explorer')!
    .activate();
  const server = testServer();
  const url = `http://${server.host}:${server.httpPort}`;
  const proxy = await FaultProxy.start({ target: { host: server.host, port: server.httpPort } });
  for (const [id, at] of [
    [CONNECTION, url],
    [PROXIED, proxy.url],
  ] as const) {
    await api.testing.addConnection({
      connection: { id, name: id, url: at },
      secrets: {},
    });
  }
  const rounds = Number(process.env.PDBX_BENCH_ROUNDS ?? '9');
  // the lenses' rounds each send the fleet's failed certnames (about 1,000) as a list: fewer
  const lensRounds = Number(process.env.PDBX_BENCH_LENS_ROUNDS ?? '5');
  const coldRounds = Number(process.env.PDBX_BENCH_COLD_ROUNDS ?? '3');
  const folder = vscode.workspace.workspaceFolders![0]!.uri;
  const blastRadius = () =>
    benchBlastRadius({
      api,
      url,
      proxy,
      connection: CONNECTION,
      proxied: PROXIED,
      rounds: Number(process.env.PDBX_BENCH_BLAST_ROUNDS ?? '5'),
      log,
      row,
      alternate,
    });
  const hieraReaders = () =>
    benchHieraReaders({
      api,
      url,
      connection: CONNECTION,
      rounds: Number(process.env.PDBX_BENCH_HIERA_ROUNDS ?? '5'),
      log,
      row,
      alternate,
    });
  // (PDBX_BENCH_HIERA_ONLY=1: Hiera's readers alone)
  if (process.env.PDBX_BENCH_HIERA_ONLY === '1') {
    await hieraReaders();
    await proxy.close();
    return;
  }
  // (PDBX_BENCH_BLAST_ONLY=1: the blast radius and Hiera's readers alone, e.g. while working on them)
  if (process.env.PDBX_BENCH_BLAST_ONLY === '1') {
    await blastRadius();
    await hieraReaders();
    await proxy.close();
    return;
  }
  const time = async (work: () => PromiseLike<unknown>) => {
    const started = performance.now();
    await work();
    return performance.now() - started;
  };

  // 1. the lenses of a manifest with 50 classes
  const fifty = vscode.Uri.joinPath(folder, 'manifests/fifty.pp');
  const document = await vscode.workspace.openTextDocument(fifty);
  const classes = findDefinitions(document.getText()).map((d) => normaliseClassTitle(d.name));
  const resolveLenses = async () => {
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
      'vscode.executeCodeLensProvider',
      fifty,
      classes.length,
    );
    const counted = lenses.filter((lens) => lens.command?.title.startsWith('on '));
    if (counted.length !== classes.length) {
      throw new Error(
        `${counted.length} of ${classes.length} lenses counted: ${lenses
          .slice(0, 1)
          .map((l) => `${l.command?.title}: ${l.command?.tooltip}`)
          .join(', ')}`,
      );
    }
    return counted;
  };
  // another file with one class: resolving its lenses first leaves the connection warm (the
  // failed nodes and their classes known) without counting any of the fifty
  const other = vscode.Uri.joinPath(folder, 'modules/gen_000/manifests/c0.pp');
  await vscode.workspace.openTextDocument(other);
  const resolveOther = () =>
    vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', other, 1);
  // making a connection active forgets everything counted (its status bar asks PuppetDB apart)
  const cold = (id: string) => api.services.statusBar.setActive(id);
  const warm = async (id: string) => {
    await cold(id);
    await resolveOther();
  };

  // the requests each case sends, counted by a proxy
  await cold(PROXIED);
  proxy.clearRecords();
  const proxied = await resolveLenses();
  const coldRequests = proxy.requestCount;
  await warm(PROXIED);
  proxy.clearRecords();
  await resolveLenses();
  const warmRequests = proxy.requestCount;
  const busiest = proxied.map((lens) => lens.command!.title).sort((a, b) => b.length - a.length)[0];
  log(
    `lenses: ${classes.length} classes counted with ${coldRequests} requests on a cold connection (the counts, at once with the failed nodes and then their classes), ${warmRequests} on a warm one; e.g. "${busiest}"`,
  );

  const pql = async (query: string) => {
    const response = await request(`${url}/pdb/query/v4?${new URLSearchParams({ query })}`);
    if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}`);
    return JSON.parse(await response.body.text()) as Array<Record<string, unknown>>;
  };
  const post = rawPost(url);
  const counts = classCountQuery(classes);

  // warm: the one request of the file
  const [warmTimes, rawWarmTimes] = await alternate(
    lensRounds,
    async () => {
      await warm(CONNECTION);
      return time(resolveLenses);
    },
    () => time(() => pql(counts)),
  );
  row(
    `lenses of a ${classes.length}-class manifest resolved, warm connection (requests: ${warmRequests})`,
    warmTimes,
    rawWarmTimes,
    'the raw count request',
    '<= 300 ms',
  );
  // what VS Code's round trips alone take: the same lenses, every count already known
  const cachedTimes: number[] = [];
  for (let round = 0; round < lensRounds; round++) cachedTimes.push(await time(resolveLenses));
  log(
    `  of which VS Code's part (the same lenses with every count cached, no request): ${median(cachedTimes).toFixed(1)} ms`,
  );
  // and the rest of the lenses' part: the connection's client (its secrets), then the request
  const clientTimes: number[] = [];
  const streamTimes: number[] = [];
  for (let round = 0; round < lensRounds; round++) {
    clientTimes.push(await time(() => api.services.store.client(CONNECTION)));
    const client = await api.services.store.client(CONNECTION);
    streamTimes.push(await time(() => client.stream('pql', { query: counts }).toArray()));
  }
  log(
    `  and the connection's client: ${median(clientTimes).toFixed(1)} ms; the count request through it: ${median(streamTimes).toFixed(1)} ms`,
  );
  // cold: a long list of certnames each time, on both sides: fewer rounds
  const [coldTimes, rawColdTimes] = await alternate(
    coldRounds,
    async () => {
      await cold(CONNECTION);
      return time(resolveLenses);
    },
    () =>
      time(() =>
        Promise.all([
          pql(counts),
          pql(FAILED_NODES).then((failed) =>
            post('/resources', failedByClassQuery(failed.map((node) => String(node.certname)))),
          ),
        ]),
      ),
  );
  row(
    `lenses of a ${classes.length}-class manifest resolved, cold connection (requests: ${coldRequests})`,
    coldTimes,
    rawColdTimes,
    `the same ${coldRequests} raw requests`,
    'none: once per connection and minute',
  );

  // 2. Open Manifest from a resource, once the index is built
  const resource = {
    file: '/etc/puppetlabs/code/environments/production/site-modules/profile/manifests/web.pp',
    line: 0,
  };
  const web = vscode.Uri.joinPath(folder, 'site-modules/profile/manifests/web.pp');
  resource.line =
    (await vscode.workspace.openTextDocument(web))
      .getText()
      .split('\n')
      .findIndex((text) => text.includes("service { 'nginx':")) + 1;
  const openManifest = async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    return time(async () => {
      const opened = await vscode.commands.executeCommand<OpenedManifest | undefined>(
        Commands.openManifest,
        resource,
      );
      if (opened?.uri !== web.toString()) throw new Error(`opened ${opened?.uri ?? 'nothing'}`);
    });
  };
  const showDirectly = async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    return time(async () => {
      const position = new vscode.Position(resource.line - 1, 0);
      const editor = await vscode.window.showTextDocument(web, {
        selection: new vscode.Range(position, position),
        preview: true,
      });
      editor.revealRange(
        new vscode.Range(position, position),
        vscode.TextEditorRevealType.InCenter,
      );
    });
  };
  const [openTimes, showTimes] = await alternate(rounds, openManifest, showDirectly);
  row(
    'Open Manifest from a resource (index built)',
    openTimes,
    showTimes,
    'showTextDocument of the same file and line',
    '<= 100 ms',
  );

  // 3. the path index of the workspace's .pp files
  let files = 0;
  const buildIndex = () =>
    time(async () => {
      const index = new ManifestIndex();
      files = (await index.all()).size;
      index.dispose();
    });
  const findFiles = () => time(() => vscode.workspace.findFiles('**/*.pp'));
  const [indexTimes, findTimes] = await alternate(rounds, buildIndex, findFiles);
  row(
    `path index of ${files} .pp files built`,
    indexTimes,
    findTimes,
    "findFiles('**/*.pp')",
    '<= 1000 ms',
  );

  // 4. the blast radius of a 20-file, 200-hunk change
  await blastRadius();
  await hieraReaders();
  await proxy.close();
}
