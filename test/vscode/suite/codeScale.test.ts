/**
 * A manifest with thousands of classes, in a real VS Code against the real PuppetDB behind a
 * counting proxy: the lenses are listed at once, VS Code resolves only the ones it shows, and
 * those go to PuppetDB together (a bounded number of requests naming only the classes on
 * screen), with the counts PuppetDB gives.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension/extension';
import { FaultProxy } from '../../support/faultProxy';
import { httpClient, testServer } from '../../integration/support/puppetdb';
import { until } from '../until';
import { addConnection } from '../testingApi';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';
const CONNECTION = { id: 'code-scale', name: 'Code scale PuppetDB (counting proxy)' };
/** Classes the fleet applies, at the top of the file (their counts are not all 0). */
const REAL = ['role::web', 'role::db', 'profile::base', 'profile::ssh', 'profile::ntp'];
const GENERATED = 3000;
/**
 * Two batches of classes at most per screen, one request each for their counts; the first screen
 * also asks the connection's failed nodes and their classes, once.
 */
const MAX_REQUESTS_FIRST_SCREEN = 4;
const MAX_REQUESTS_PER_SCREEN = 2;

/** The class titles a counting request names (its PQL `title in [...]`). */
function titlesAsked(url: string): string[] {
  const query = new URL(url, 'http://proxy').searchParams.get('query') ?? '';
  const list = /title in (\[[^\]]*\])/.exec(query)?.[1];
  return list ? (JSON.parse(list) as string[]) : [];
}

describe('Code and fleet at scale: a manifest with thousands of classes', function () {
  let api: ExtensionApi;
  let proxy: FaultProxy;
  let folder: string;
  const client = httpClient();

  before(async () => {
    api = await vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID)!.activate();
    const server = testServer();
    proxy = await FaultProxy.start({ target: { host: server.host, port: server.httpPort } });
    if (!api.services.store.get(CONNECTION.id)) {
      await addConnection({
        connection: { ...CONNECTION, url: proxy.url },
      });
    }
    await api.services.statusBar.setActive(CONNECTION.id);
    folder = mkdtempSync(join(tmpdir(), 'pdbx-many-classes-'));
  });

  after(async () => {
    await proxy.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('VS Code resolves only the lenses on screen, in a bounded number of requests, with the counts PuppetDB gives', async function () {
    this.timeout(120_000);
    const names = [
      ...REAL,
      ...Array.from({ length: GENERATED }, (_, i) => `generated::c${String(i).padStart(4, '0')}`),
    ];
    const file = join(folder, 'many.pp');
    writeFileSync(
      file,
      names.map((name) => `class ${name} {\n  notify { '${name}': }\n}\n`).join(''),
    );
    const lineOfClass = (line: number) => (line % 3 === 0 ? names[line / 3] : undefined);
    const titleOf = (name: string) =>
      name
        .split('::')
        .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
        .join('::');

    // waits until every class on screen was asked for; answers what was asked and how often
    const asked = () => new Set(proxy.requests.flatMap((request) => titlesAsked(request.url)));
    const onScreen = (editor: vscode.TextEditor) =>
      editor.visibleRanges.flatMap((range) => {
        const found: string[] = [];
        for (let line = range.start.line; line <= range.end.line; line++) {
          const name = lineOfClass(line);
          if (name) found.push(titleOf(name));
        }
        return found;
      });
    const screenResolved = (editor: vscode.TextEditor, what: string) =>
      until(
        what,
        () => {
          const shown = onScreen(editor);
          const titles = asked();
          return shown.length > 0 && shown.every((title) => titles.has(title)) && shown;
        },
        60_000,
      );

    proxy.clearRecords();
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(file));
    const firstScreen = await screenResolved(editor, 'the lenses on screen to be counted');
    assert.ok(firstScreen.includes('Role::Web'), 'the file opens at its top');
    // the lenses on screen say what PuppetDB counts (VS Code's own command, from the same batch)
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
      'vscode.executeCodeLensProvider',
      vscode.Uri.file(file),
      REAL.length,
    );
    // VS Code's command answered from the batch VS Code started: every request of it is sent
    const firstRequests = proxy.requestCount;
    assert.ok(
      firstRequests <= MAX_REQUESTS_FIRST_SCREEN,
      `${firstRequests} requests for one screen of lenses: ${proxy.requests.map((r) => r.url).join('\n')}`,
    );
    assert.ok(
      asked().size < 200,
      `only the lenses near the screen are resolved, not ${asked().size} of ${names.length}`,
    );
    for (const [index, name] of REAL.entries()) {
      const title = titleOf(name);
      const rows = (await client
        .stream('resources', {
          query: ['extract', ['certname'], ['and', ['=', 'type', 'Class'], ['=', 'title', title]]],
        })
        .toArray()) as Array<{ certname: string }>;
      const holders = new Set(rows.map((row) => row.certname));
      let failed = 0;
      for await (const node of client.nodes({ withStatus: true })) {
        if (holders.has(node.name) && node.statusReport === 'failed') failed++;
      }
      const nodes =
        holders.size === 0
          ? 'on no nodes'
          : holders.size === 1
            ? 'on 1 node'
            : `on ${holders.size} nodes`;
      const expected =
        holders.size === 0
          ? nodes
          : `${nodes} · ${failed === 0 ? 'none' : failed} failed in their last run`;
      const lens = lenses.find((candidate) => candidate.range.start.line === index * 3);
      assert.equal(lens?.command?.title, expected, title);
    }
    assert.equal(proxy.requestCount, firstRequests, 'the visible counts came from the cache');

    // scrolling far down resolves the new screen, again together
    const middle = 3 * Math.floor(names.length / 2);
    editor.revealRange(new vscode.Range(middle, 0, middle, 0), vscode.TextEditorRevealType.AtTop);
    await until('the editor to scroll', () =>
      editor.visibleRanges.some((range) => range.start.line >= middle - 3),
    );
    await screenResolved(editor, 'the lenses of the scrolled screen to be counted');
    const scrollRequests = proxy.requestCount - firstRequests;
    assert.ok(
      scrollRequests <= MAX_REQUESTS_PER_SCREEN,
      `${scrollRequests} requests for the scrolled screen of lenses: ${proxy.requests
        .slice(firstRequests)
        .map((r) => r.url)
        .join('\n')}`,
    );
    assert.ok(asked().size < 400, `${asked().size} classes asked after one scroll`);
    console.log(
      `[pdbx] requests: ${firstRequests} for the first screen, ${scrollRequests} after a scroll; ${asked().size} classes asked of ${names.length}`,
    );
  });
});
