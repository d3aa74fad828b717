/**
 * Text from a server, an agent or a file never becomes a link, an icon or markup in VS Code, in a
 * real VS Code host against the real PuppetDB holding the hostile-text node
 * (test/fixtures/fleet/hostileText.ts: a `[x](command:…)` link, `$(alert)`, markup and a long line
 * in its certname, a fact, a resource's title and file, and its logs) and a fault proxy answering
 * a hostile error body and version. What VS Code was handed is read where it is handed over:
 * notifications, progress and quick picks recorded around `vscode.window`'s functions, tree items
 * through the explorer's provider, CodeLens and hovers through VS Code's provider commands, the
 * status bar through the extension's API. None may hold a link VS Code's notifications would run
 * or an icon it would draw; markdown is never trusted with every command and holds the hostile
 * words escaped; and the words still read as they were sent (the joiners are invisible).
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension/extension';
import type { GraphPanelState } from '../../../src/extension/graph/catalogGraphPanel';
import { Commands } from '../../../src/extension/ids';
import { INERT_JOINER } from '../../../src/extension/inertText';
import type { ExplorerNode } from '../../../src/extension/tree/explorerNode';
import {
  HOSTILE_ICON,
  HOSTILE_LINK,
  HOSTILE_LONG_LINE,
  HOSTILE_TEXT,
} from '../../fixtures/fleet/hostileText';
import { loadedFleet, testServer } from '../../integration/support/puppetdb';
import { startFaultProxy, type FaultProxy } from '../../support/faultProxy';
import { openUntitledPql } from '../untitledPql';
import { until } from '../until';
import { addConnection } from '../testingApi';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';
const CONNECTION = { id: 'inert-text', name: 'Inert text PuppetDB' };
const PROXIED = { id: 'inert-text-proxied', name: 'Inert text PuppetDB behind a proxy' };
const VERSION_PATH = /^\/pdb\/meta\/v1\/version/;

/** VS Code's own patterns: a notification's links (linkedText.ts), icons in labels (iconLabels.ts). */
const LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/gi;
const ICON = /(\\)?\$\((\$|[a-z0-9-]+?(?:~[a-z0-9-]*?)?)\)/gi;

/** What VS Code is shown, without the joiners inert() adds (invisible, they change no word). */
const read = (text: string) => text.replaceAll(INERT_JOINER, '');

/** No link VS Code would run and no icon it would draw but `ownIcons`, the extension's own. */
function assertInert(where: string, text: string | undefined, ownIcons: string[] = []): void {
  assert.ok(text !== undefined, `${where}: nothing shown`);
  assert.deepEqual(
    [...text.matchAll(LINK)].map((match) => match[0]),
    [],
    `${where}: a link VS Code would run: ${text}`,
  );
  assert.deepEqual(
    [...text.matchAll(ICON)].filter((match) => !match[1] && !ownIcons.includes(match[2]!)),
    [],
    `${where}: an icon VS Code would draw: ${text}`,
  );
  assert.doesNotMatch(text, /[\u202a-\u202e\u2066-\u2069]|[\r\n]/, `${where}: one plain line`);
}

/**
 * Markdown: never trusted with every command (only `commands`, when it links to ours), no raw
 * HTML, every `command:` link one of `commands`, and the hostile link and icon escaped.
 */
function assertInertMarkdown(
  where: string,
  markdown: vscode.MarkdownString | undefined,
  commands: string[] = [],
): void {
  assert.ok(markdown instanceof vscode.MarkdownString, `${where}: no markdown`);
  assert.notEqual(markdown.isTrusted, true, `${where}: trusted with every command`);
  if (typeof markdown.isTrusted === 'object') {
    assert.deepEqual(markdown.isTrusted.enabledCommands, commands, where);
  }
  assert.notEqual(markdown.supportHtml, true, `${where}: raw HTML allowed`);
  // a link's target ends at the first ")": the arguments must be whole JSON up to there
  for (const [, target] of markdown.value.matchAll(/\]\((command:[^)\s]*)\)/g)) {
    assert.ok(
      commands.some((command) => target!.startsWith(`command:${command}?`)),
      `${where}: a link to ${target}`,
    );
    const query = target!.slice(target!.indexOf('?') + 1);
    assert.doesNotThrow(() => JSON.parse(decodeURIComponent(query)), `${where}: ${target}`);
  }
  assert.ok(!markdown.value.includes(HOSTILE_LINK), `${where}: the link unescaped`);
  assert.ok(!markdown.value.includes(HOSTILE_ICON), `${where}: the icon unescaped`);
}

/** What the extension handed vscode.window: each text with the function it went to. */
interface Shown {
  to: string;
  text: string;
}

/**
 * Records the text given to vscode.window's notification, progress and quick pick functions
 * (the extension shares this vscode object with the tests), then does what each would do.
 * Pickers of connections are answered with `answerWith`; any other showQuickPick is dismissed.
 */
function recordWindow(answerWith: () => string): {
  shown: Shown[];
  quickPicks: vscode.QuickPick<vscode.QuickPickItem>[];
  restore(): void;
} {
  const shown: Shown[] = [];
  const quickPicks: vscode.QuickPick<vscode.QuickPickItem>[] = [];
  const window = vscode.window as unknown as Record<string, (...args: unknown[]) => unknown>;
  const originals = new Map<string, (...args: unknown[]) => unknown>();
  const record = (to: string, value: unknown) => {
    if (typeof value === 'string') shown.push({ to, text: value });
  };
  const replace = (
    name: string,
    wrapper: (original: (...args: unknown[]) => unknown) => (...args: unknown[]) => unknown,
  ) => {
    const original = window[name]!;
    originals.set(name, original);
    window[name] = wrapper((...args) => original.apply(vscode.window, args));
  };
  for (const name of ['showErrorMessage', 'showWarningMessage', 'showInformationMessage']) {
    replace(name, (original) => (message, ...rest) => {
      record(name, message);
      for (const extra of rest) {
        if (typeof extra === 'string') record(`${name} item`, extra);
        const { detail, title } = (extra ?? {}) as { detail?: unknown; title?: unknown };
        record(`${name} detail`, detail);
        record(`${name} item`, title);
      }
      return original(message, ...rest);
    });
  }
  replace('setStatusBarMessage', (original) => (text, ...rest) => {
    record('setStatusBarMessage', text);
    return original(text, ...rest);
  });
  replace('withProgress', (original) => (options, task) => {
    record('withProgress title', (options as vscode.ProgressOptions).title);
    const run = task as (
      progress: vscode.Progress<{ message?: string }>,
      token: vscode.CancellationToken,
    ) => unknown;
    return original(
      options,
      (progress: vscode.Progress<{ message?: string }>, token: vscode.CancellationToken) =>
        run(
          {
            report: (value) => {
              record('progress message', value.message);
              progress.report(value);
            },
          },
          token,
        ),
    );
  });
  replace('createQuickPick', (original) => () => {
    const quickPick = original() as vscode.QuickPick<vscode.QuickPickItem>;
    quickPicks.push(quickPick);
    return quickPick;
  });
  replace('showQuickPick', () => async (items, options) => {
    const listed = (await items) as Array<vscode.QuickPickItem & { id?: unknown }>;
    const { title, placeHolder } = (options ?? {}) as vscode.QuickPickOptions;
    record('showQuickPick title', title);
    record('showQuickPick placeholder', placeHolder);
    for (const item of listed) {
      record('showQuickPick label', typeof item === 'string' ? item : item.label);
      record('showQuickPick description', item.description);
      record('showQuickPick detail', item.detail);
    }
    return listed.find((item) => item.id === answerWith());
  });
  return {
    shown,
    quickPicks,
    restore: () => {
      for (const [name, original] of originals) window[name] = original;
    },
  };
}

describe('Text from a server, an agent or a file stays text on VS Code surfaces', function () {
  this.timeout(120_000);
  const server = testServer();
  const hostile = loadedFleet().nodes.find((node) => node.hostileText)!;
  let api: ExtensionApi;
  let proxy: FaultProxy;
  let recorder: ReturnType<typeof recordWindow>;
  let answerWith = CONNECTION.id;

  before(async () => {
    api = await vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID)!.activate();
    proxy = await startFaultProxy({ target: { host: server.host, port: server.httpPort } });
    await addConnection({
      connection: { ...CONNECTION, url: `http://${server.host}:${server.httpPort}` },
    });
    await addConnection({
      connection: { ...PROXIED, url: proxy.url },
    });
    await api.services.statusBar.setActive(CONNECTION.id);
    recorder = recordWindow(() => answerWith);
  });

  beforeEach(() => {
    recorder.shown.length = 0;
    answerWith = CONNECTION.id;
  });

  after(async () => {
    recorder?.restore();
    for (const quickPick of recorder?.quickPicks ?? []) quickPick.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await api.services.store.remove(PROXIED.id);
    await api.services.store.remove(CONNECTION.id);
    await proxy?.close();
  });

  /** The recorded texts that went to `to` (a function of vscode.window). */
  const shownTo = (to: string) =>
    recorder.shown.filter((entry) => entry.to === to).map((entry) => entry.text);

  /** The explorer's children of `parent` as VS Code gets them, with their tree items. */
  async function children(
    parent: ExplorerNode | undefined,
  ): Promise<Array<{ node: ExplorerNode; item: vscode.TreeItem }>> {
    const { explorer } = api.services;
    const nodes = await explorer.getChildren(parent);
    return Promise.all(
      nodes.map(async (node) => ({ node, item: await explorer.getTreeItem(node) })),
    );
  }

  async function child(parent: ExplorerNode | undefined, label: string): Promise<ExplorerNode> {
    const found = (await children(parent)).find((entry) => String(entry.item.label) === label);
    assert.ok(found, `no "${label}"`);
    return found.node;
  }

  it("the hostile node's tree items: labels, descriptions, tooltips, and the progress of its loads", async () => {
    const root = await child(undefined, CONNECTION.name);
    const listed = await children(await child(root, 'Nodes'));
    const entry = listed.find(
      ({ node }) =>
        (node as unknown as { node?: { name: string } }).node?.name === hostile.certname,
    );
    assert.ok(entry, 'the hostile node is listed');
    const { node, item } = entry;
    assertInert('node label', String(item.label));
    assert.equal(read(String(item.label)), hostile.certname, 'the certname reads as sent');
    assertInert('node description', String(item.description));
    assertInertMarkdown('node tooltip', item.tooltip as vscode.MarkdownString);

    const facts = (await children(await child(node, 'Facts'))).find(
      ({ node: fact }) => (fact as unknown as { path?: string[] }).path?.[0] === 'login_banner',
    );
    assert.ok(facts, 'the hostile fact is listed');
    assertInert('fact description', String(facts.item.description));
    assert.ok(read(String(facts.item.description)).startsWith(HOSTILE_TEXT));
    assert.ok(String(facts.item.description).length < 300, 'the long line is cut');
    for (const line of String(facts.item.tooltip).split('\n')) assertInert('fact tooltip', line);

    const execs = await children(await child(await child(node, 'Resources'), 'Exec'));
    const exec = execs.find(({ item: resource }) => read(String(resource.label)) === HOSTILE_TEXT);
    assert.ok(exec, 'the hostile resource is listed');
    assertInert('resource label', String(exec.item.label));
    assertInert('resource description (its file)', String(exec.item.description));
    assert.ok(read(String(exec.item.description)).includes(HOSTILE_LINK), 'the file reads as sent');
    for (const line of String(exec.item.tooltip).split('\n')) assertInert('resource tooltip', line);

    const [report] = await children(await child(node, 'Reports'));
    assert.ok(report, 'the hostile node has a report');
    const logs = (await children(await child(report.node, 'Logs'))).map(({ item: log }) =>
      String(log.label),
    );
    for (const log of logs) assertInert('log label', log);
    assert.ok(logs.some((log) => read(log) === HOSTILE_TEXT));
    const long = logs.find((log) => read(log).startsWith(HOSTILE_LONG_LINE.slice(0, 100)));
    assert.ok(long && long.length <= 510 && long.endsWith('…'), 'the long line is cut and says so');

    const titles = shownTo('withProgress title').filter((title) =>
      read(title).includes(hostile.certname),
    );
    assert.ok(titles.length >= 3, `the loads of its folders name it: ${titles.join(' | ')}`);
    for (const title of titles) assertInert('progress title', title);
  });

  it('a quick pick of certnames lists the hostile one as text, and picks it as it is', async () => {
    const picking = vscode.commands.executeCommand<GraphPanelState | undefined>(
      Commands.openCatalogGraph,
    );
    const quickPick = await until(
      'the certname quick pick, loaded',
      () => {
        const latest = recorder.quickPicks.at(-1);
        return latest && !latest.busy && latest.items.length > 0 ? latest : undefined;
      },
      60_000,
    );
    const item = quickPick.items.find((candidate) => read(candidate.label) === hostile.certname);
    assert.ok(item, 'the hostile certname is listed');
    for (const shown of quickPick.items) {
      assertInert('quick pick label', shown.label);
      assertInert('quick pick description', shown.description ?? '');
    }
    assertInert('quick pick placeholder', quickPick.placeholder ?? '');
    // the connection asked first (a showQuickPick, answered by the recorder)
    for (const label of shownTo('showQuickPick label')) assertInert('connection pick', label);
    // Enter on it: the command gets the certname itself, not the text shown for it. The list is
    // filtered to it as a user types; the picker says when it is the active one
    quickPick.value = hostile.certname.slice(0, hostile.certname.indexOf('['));
    await until(
      'the hostile certname to be the active item',
      () => quickPick.activeItems[0] === item,
    );
    let settled = false;
    void picking.then(() => (settled = true));
    await until(
      'the pick to be taken',
      async () => {
        await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
        return settled;
      },
      60_000,
    );
    const state = await picking;
    assert.equal(state?.certname, hostile.certname);
    assert.equal(state?.error, undefined, "the node's catalog is shown");
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it("a server's error body in an error notification is text", async () => {
    proxy.inject(
      { kind: 'answer', status: 500, body: JSON.stringify({ error: HOSTILE_TEXT }) },
      { match: VERSION_PATH },
    );
    try {
      await vscode.commands.executeCommand(Commands.testConnection, PROXIED.id);
      const [message] = await until('the error notification', () => {
        const errors = shownTo('showErrorMessage');
        return errors.length > 0 ? errors : undefined;
      });
      assertInert('error notification', message);
      assert.ok(read(message!).includes(HOSTILE_TEXT), `the words read as sent: ${message}`);
      for (const item of shownTo('showErrorMessage item')) assertInert('its button', item);
    } finally {
      proxy.passThrough();
    }
  });

  it("a server's version in the status bar and in Test Connection's message is text", async () => {
    const version = `7.99.0 ${HOSTILE_LINK} ${HOSTILE_ICON}`;
    proxy.inject(
      { kind: 'answer', status: 200, body: JSON.stringify({ version }) },
      { match: VERSION_PATH },
    );
    try {
      await api.services.statusBar.setActive(PROXIED.id);
      const text = api.services.statusBar.text;
      // cut to a status bar's room (40 characters)
      assert.ok(read(text).includes(version.slice(0, 30)), `the status bar shows it: ${text}`);
      assertInert('status bar text', text, ['database', 'warning']);
      for (const line of api.services.statusBar.tooltip.split('\n')) {
        assertInert('status bar tooltip', line);
      }
      await vscode.commands.executeCommand(Commands.testConnection, PROXIED.id);
      const [message] = shownTo('showInformationMessage');
      assertInert('Test Connection message', message);
      assert.ok(read(message!).includes(version), `the words read as sent: ${message}`);
    } finally {
      proxy.passThrough();
      await api.services.statusBar.setActive(CONNECTION.id);
    }
  });

  it('CodeLens titles and hovers of a .pql file that names a hostile connection and fact', async () => {
    const named = `# @connection ${HOSTILE_TEXT}\nfacts[certname, value] { name = "${HOSTILE_LINK}" }\n`;
    const document = await openUntitledPql(named);
    const lenses = await until('the lens of the query', async () => {
      const found = await vscode.commands.executeCommand<vscode.CodeLens[]>(
        'vscode.executeCodeLensProvider',
        document.uri,
      );
      return found.length > 0 ? found : undefined;
    });
    for (const lens of lenses) {
      assertInert('CodeLens title', lens.command?.title);
      assert.ok(read(lens.command!.title).includes(HOSTILE_LINK), lens.command!.title);
    }
    const hoverAt = async (uri: vscode.Uri, line: number, character: number) =>
      until('the hover of the fact name', async () => {
        const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
          'vscode.executeHoverProvider',
          uri,
          new vscode.Position(line, character),
        );
        const parts = hovers.flatMap((hover) => hover.contents) as vscode.MarkdownString[];
        return parts.length > 0 ? parts : undefined;
      });
    const factAt = named.split('\n')[1]!.indexOf('[x]') + 1;
    for (const part of await hoverAt(document.uri, 1, factAt)) {
      assertInertMarkdown('hover, no connection followed', part);
    }
    // without the line, the hover links to the fact explorer: that one command, its argument encoded
    const plain = await openUntitledPql(`facts[certname, value] { name = "${HOSTILE_LINK}" }\n`);
    const parts = await hoverAt(plain.uri, 0, factAt);
    for (const part of parts) assertInertMarkdown('hover', part, [Commands.exploreFact]);
    assert.ok(parts.some((part) => part.value.includes(`command:${Commands.exploreFact}?`)));
  });
});
