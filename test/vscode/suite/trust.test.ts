/**
 * Secrets follow the user's intent (trusted workspace): a secret is bound to the origin it was
 * given for, and saving or removing a connection never copies a workspace's connections into
 * the user's settings. A loopback recording server stands for a server the user never chose.
 */
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { ConnectionStore } from '../../../src/extension/connections/connectionStore';
import type { AskSecretAgain } from '../../../src/extension/connections/connectionSecrets';
import type { ExtensionApi } from '../../../src/extension/extension';
import { Settings, type ConnectionSettings } from '../../../src/extension/settings';
import { testServer } from '../../integration/support/puppetdb';
import { startRecorder, type Recorder } from '../recorder';
import { until } from '../until';
import { addConnection } from '../testingApi';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';

function configuration(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('puppetdbExplorer');
}

function userConnections(): ConnectionSettings[] {
  return (configuration().inspect<ConnectionSettings[]>('connections')?.globalValue ?? []).slice();
}

/** Edits the user's settings.json as a user would: one connection gets another URL. */
async function moveConnection(id: string, url: string): Promise<void> {
  const next = userConnections().map((entry) => (entry.id === id ? { ...entry, url } : entry));
  await configuration().update('connections', next, vscode.ConfigurationTarget.Global);
}

function tokensSeenBy(recorder: Recorder): string[] {
  return recorder.requests.flatMap((request) => {
    const header = request.headers['x-authentication'];
    return header === undefined ? [] : [String(header)];
  });
}

describe('Trust: secrets bound to their origin, user settings only', function () {
  let api: ExtensionApi;
  let recorder: Recorder;
  const server = testServer();
  const puppetdbUrl = `http://${server.host}:${server.httpPort}`;

  before(async () => {
    api = await vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID)!.activate();
    recorder = await startRecorder();
  });

  after(async () => {
    for (const id of ['moved', 'asked', 'legacy', 'saved']) await api.services.store.remove(id);
    await recorder.close();
  });

  it('a connection whose URL now names another server never sends it the old token: the user is asked, and Escape connects without it', async () => {
    await addConnection({
      connection: { id: 'moved', name: 'Moved PuppetDB', url: puppetdbUrl },
      secrets: { token: 'token-for-the-first-server' },
    });
    const before = await api.services.store.client('moved');
    assert.match(await before.currentVersion(), /^7\./);

    await moveConnection('moved', `${recorder.origin}/elsewhere`);
    await until('the store to see the new URL', () =>
      api.services.store.get('moved')?.url.startsWith(recorder.origin),
    );
    // the input box for the new origin's token is up until it is dismissed (Escape)
    let settled = false;
    const clientPromise = api.services.store.client('moved').finally(() => (settled = true));
    let dismissals = 0;
    await until('the token prompt to be dismissed', async () => {
      if (settled) return true;
      dismissals++;
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      return false;
    });
    const client = await clientPromise;
    await assert.rejects(client.currentVersion(), /401/);
    assert.ok(recorder.requests.length > 0, 'the client did connect, without a token');
    assert.deepEqual(tokensSeenBy(recorder), []);
    assert.ok(dismissals > 0, 'the client waited for the prompt');
    // the declined origin is not asked again in this window; the old token stays with its server
    await (await api.services.store.client('moved')).currentVersion().catch(() => undefined);
    assert.deepEqual(tokensSeenBy(recorder), []);
    assert.equal(await api.services.store.secret('moved', 'token'), undefined);
    await moveConnection('moved', puppetdbUrl);
    await until('the store to see the first URL again', () =>
      api.services.store.get('moved')?.url === puppetdbUrl ? true : undefined,
    );
    assert.equal(await api.services.store.secret('moved', 'token'), 'token-for-the-first-server');
  });

  it('the prompt names the connection and the new origin, and the answer is kept for that origin only', async () => {
    const asked: Array<Parameters<AskSecretAgain>[0]> = [];
    // the real settings and SecretStorage of the extension; only the input box is scripted
    const store = new ConnectionStore(new Settings(), api.services.context.secrets, (request) => {
      asked.push(request);
      return Promise.resolve('token-for-the-second-server');
    });
    try {
      await store.save(
        { id: 'asked', name: 'Asked PuppetDB', url: puppetdbUrl },
        { token: 'token-for-the-first-server' },
      );
      await moveConnection('asked', `${recorder.origin}/second`);
      await until('the store to see the new URL', () =>
        store.get('asked')?.url.startsWith(recorder.origin),
      );
      const [first, second] = await Promise.all([store.client('asked'), store.client('asked')]);
      assert.equal(first, second);
      assert.equal(asked.length, 1, 'concurrent requests share one prompt');
      assert.equal(asked[0]!.connection.name, 'Asked PuppetDB');
      assert.equal(asked[0]!.origin, recorder.origin);
      assert.equal(asked[0]!.previousOrigin, puppetdbUrl);
      await assert.rejects(first.currentVersion(), /401/);
      assert.deepEqual(
        recorder.requests
          .filter((request) => request.path.startsWith('/second/'))
          .map((request) => request.headers['x-authentication']),
        ['token-for-the-second-server'],
      );
      // back on the first server, the second server's token is not sent there either
      await moveConnection('asked', puppetdbUrl);
      await until('the store to see the first URL again', () =>
        store.get('asked')?.url === puppetdbUrl ? true : undefined,
      );
      assert.equal(await store.secret('asked', 'token'), undefined);
    } finally {
      store.dispose();
    }
  });

  it("a secret stored before origins were bound is bound, once, to the user's URL of its connection", async () => {
    const secrets = api.services.context.secrets;
    await configuration().update(
      'connections',
      [
        ...userConnections(),
        { id: 'legacy', name: 'Legacy PuppetDB', url: `${recorder.origin}/legacy` },
      ],
      vscode.ConfigurationTarget.Global,
    );
    await secrets.store('puppetdbExplorer.legacy.token', 'legacy-token');
    await until('the store to see the connection', () => api.services.store.get('legacy'));
    const client = await api.services.store.client('legacy');
    await assert.rejects(client.currentVersion(), /401/);
    assert.deepEqual(
      recorder.requests
        .filter((request) => request.path.startsWith('/legacy/'))
        .map((request) => request.headers['x-authentication']),
      ['legacy-token'],
    );
    assert.equal(
      await secrets.get('puppetdbExplorer.legacy.token'),
      undefined,
      'moved, not copied',
    );
    assert.deepEqual(JSON.parse((await secrets.get('puppetdbExplorer.legacy.token.bound'))!), {
      origin: recorder.origin,
      secret: 'legacy-token',
    });
  });

  it("saving or removing a connection never copies the workspace's connections into the user's settings", async () => {
    const folder = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    const dotVscode = join(folder, '.vscode');
    mkdirSync(dotVscode, { recursive: true });
    writeFileSync(
      join(dotVscode, 'settings.json'),
      JSON.stringify({
        'puppetdbExplorer.connections': [
          { id: 'from-workspace', name: 'Workspace PuppetDB', url: `${recorder.origin}/ws` },
        ],
        // a window-scoped setting: once VS Code shows it, it has read the file
        'puppetdbExplorer.unreportedHours': 5,
      }),
    );
    try {
      await until('VS Code to read the workspace settings', () =>
        configuration().inspect('unreportedHours')?.workspaceValue === 5 ? true : undefined,
      );
      const saved = { id: 'saved', name: 'Saved PuppetDB', url: puppetdbUrl };
      await api.services.store.save(saved);
      assert.deepEqual(
        userConnections().filter((entry) => entry.id === 'from-workspace'),
        [],
        'save wrote the workspace connection into user settings',
      );
      assert.deepEqual(
        userConnections().find((entry) => entry.id === 'saved'),
        saved,
      );
      assert.equal(api.services.store.get('from-workspace'), undefined, 'read, too');
      await api.services.store.remove('saved');
      assert.deepEqual(
        userConnections()
          .map((entry) => entry.id)
          .filter((id) => ['from-workspace', 'saved'].includes(id)),
        [],
      );
      assert.ok(
        userConnections().some((entry) => entry.id === 'moved'),
        'the others stay',
      );
    } finally {
      rmSync(dotVscode, { recursive: true, force: true });
      await until('VS Code to forget the workspace settings', () =>
        configuration().inspect('unreportedHours')?.workspaceValue === undefined ? true : undefined,
      );
    }
  });

  it("an entry of the user's list the extension can't use survives a save", async () => {
    const broken = { name: 'no id or url yet' };
    await configuration().update(
      'connections',
      [...userConnections(), broken],
      vscode.ConfigurationTarget.Global,
    );
    await api.services.store.save({ id: 'saved', name: 'Saved PuppetDB', url: puppetdbUrl });
    await api.services.store.remove('saved');
    assert.deepEqual(userConnections().at(-1), broken);
    await configuration().update(
      'connections',
      userConnections().filter((entry) => entry.name !== broken.name),
      vscode.ConfigurationTarget.Global,
    );
  });
});
