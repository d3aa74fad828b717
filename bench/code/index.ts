/**
 * Runs inside the real VS Code extension host (via test/vscode/runtime.ts), on the workspace of
 * bench/code/workspace.ts, against the PuppetDB of PDB_STATE_DIR holding a large fleet
 * (bench/code.sh). Each number beside its raw baseline measured in the same run, printed with a
 * "[pdbx]" prefix:
 * - the lenses of a 50-class manifest, resolved (one batch for all of them), beside the same PQL
 *   queries sent raw with undici;
 * - Open Manifest from a resource once the path index is built, beside showing the same file and
 *   line with the plain VS Code API;
 * - building the path index of the workspace's `.pp` files, beside a plain findFiles of the same
 *   glob.
 */
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import * as vscode from 'vscode';
import { classCountQueries } from '../../src/extension/code/fleetCounts';
import { ManifestIndex } from '../../src/extension/code/manifestIndex';
import type { OpenedManifest } from '../../src/extension/code/openManifest';
import { findDefinitions } from '../../src/extension/code/puppetDefinitions';
import type { ExtensionApi } from '../../src/extension/extension';
import { normaliseClassTitle } from '../../src/extension/fleet/resourceRef';
import { Commands } from '../../src/extension/ids';
import { FaultProxy } from '../../test/support/faultProxy';
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
    await vscode.commands.executeCommand(Commands.addConnection, {
      connection: { id, name: id, url: at },
      secrets: {},
    });
  }
  const rounds = Number(process.env.PDBX_BENCH_ROUNDS ?? '9');
  const folder = vscode.workspace.workspaceFolders![0]!.uri;
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
  // a new active connection forgets the cached counts (its status bar asks PuppetDB apart)
  await api.services.statusBar.setActive(PROXIED);
  proxy.clearRecords();
  const proxied = await resolveLenses();
  const counting = proxy.requestCount;
  const busiest = proxied.map((lens) => lens.command!.title).sort((a, b) => b.length - a.length)[0];
  log(
    `lenses: ${classes.length} classes counted with ${counting} requests (the counts, at once with the failed nodes and then their counts); e.g. "${busiest}"`,
  );
  const queries = classCountQueries(classes);
  const pql = async (query: string, method: 'GET' | 'POST' = 'GET') => {
    const response =
      method === 'GET'
        ? await request(`${url}/pdb/query/v4?${new URLSearchParams({ query })}`)
        : await request(`${url}/pdb/query/v4`, {
            method,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query }),
          });
    if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}`);
    return JSON.parse(await response.body.text()) as Array<Record<string, unknown>>;
  };
  // the same requests as the lenses: the counts ∥ (the failed nodes, then their counts)
  const rawCounts = () =>
    time(() =>
      Promise.all([
        pql(queries.all),
        pql(queries.failedNodes).then((failed) =>
          pql(queries.failedAmong(failed.map((row) => String(row.certname))), 'POST'),
        ),
      ]),
    );
  const [lensTimes, rawLensTimes] = await alternate(
    rounds,
    async () => {
      await api.services.statusBar.setActive(CONNECTION);
      return time(resolveLenses);
    },
    rawCounts,
  );
  row(
    `lenses of a ${classes.length}-class manifest resolved`,
    lensTimes,
    rawLensTimes,
    'raw requests of the same 3 PQL queries',
    '<= 300 ms',
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
  await proxy.close();
}
