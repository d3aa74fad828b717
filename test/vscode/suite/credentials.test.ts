/**
 * Credentials follow what the user chose (issue 9 §2), in a real extension host: SecretStorage
 * and settings after an edit, the headers the real PuppetDB receives (through a recording proxy
 * in front of it), the client certificate its HTTPS port checks, Add Connection's argument and
 * the puppetdb.conf import passing the same checks as the form.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { ConnectionSecrets } from '../../../src/extension/connections/connectionSecrets';
import { applyConnectionForm } from '../../../src/extension/connections/saveConnection';
import type { ExtensionApi } from '../../../src/extension/extension';
import { Commands } from '../../../src/extension/ids';
import { httpClient, testServer } from '../../integration/support/puppetdb';
import { startFaultProxy, type FaultProxy } from '../../support/faultProxy';
import { addConnection, testingApi } from '../testingApi';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';

/** A recording proxy in front of the real PuppetDB's HTTP port: what each request carried. */
function recordingProxy(): Promise<FaultProxy> {
  const server = testServer();
  return startFaultProxy({ target: { host: server.host, port: server.httpPort } });
}

/** Requests went through `recorder`, each with this user name and password and no token. */
function assertPasswordOnly(recorder: FaultProxy, username: string, password: string): void {
  assert.ok(recorder.requests.length > 0);
  for (const request of recorder.requests) {
    assert.equal(request.header('x-authentication'), undefined, 'the old token was sent again');
    assert.equal(
      request.header('authorization'),
      `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
    );
  }
}

/** Replaces the warning modal for one test: records what it asked and answers `answer`. */
function answerWarnings(answer: string | undefined): { asked: string[]; restore(): void } {
  const window = vscode.window as { showWarningMessage: (...args: unknown[]) => unknown };
  const original = window.showWarningMessage;
  const asked: string[] = [];
  window.showWarningMessage = (message: unknown, options: unknown) => {
    const detail = (options as { detail?: string } | undefined)?.detail ?? '';
    asked.push(`${String(message)}\n${detail}`);
    return Promise.resolve(answer);
  };
  return { asked, restore: () => (window.showWarningMessage = original) };
}

function settingsText(): string {
  return JSON.stringify(vscode.workspace.getConfiguration('puppetdbExplorer').get('connections'));
}

describe('Credentials follow what the user chose', function () {
  let api: ExtensionApi;

  before(async () => {
    api = await vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID)!.activate();
  });

  it('editing token → basic → none deletes what the other kinds had; the old token is never sent again', async () => {
    const { store } = api.services;
    const recorder = await recordingProxy();
    const server = testServer();
    const version = await httpClient().currentVersion();
    try {
      await addConnection({
        connection: { id: 'auth-edit', name: 'Recorder', url: recorder.url },
        secrets: { token: 'old-token-123' },
      });
      assert.equal(await (await store.client('auth-edit')).currentVersion(), version);
      assert.equal(recorder.requests.at(-1)?.header('x-authentication'), 'old-token-123');

      // what the form hands over when the user picks "User name and password"
      await applyConnectionForm(store, {
        connection: { ...store.get('auth-edit')!, username: 'ops' },
        secrets: { password: 'pw-456' },
        auth: 'basic',
      });
      assert.equal(await store.secret('auth-edit', 'token'), undefined);
      assert.equal(await store.secret('auth-edit', 'password'), 'pw-456');
      recorder.clearRecords();
      assert.equal(await (await store.client('auth-edit')).currentVersion(), version);
      assertPasswordOnly(recorder, 'ops', 'pw-456');

      // every kind at once (as a hand-edited entry might have), then "None"
      await store.save(
        {
          ...store.get('auth-edit')!,
          certFile: server.cert,
          keyFile: server.key,
        },
        { token: 'old-token-123' },
      );
      await applyConnectionForm(store, {
        connection: store.get('auth-edit')!,
        secrets: {},
        auth: 'none',
      });
      assert.equal(await store.secret('auth-edit', 'token'), undefined);
      assert.equal(await store.secret('auth-edit', 'password'), undefined);
      const saved = store.get('auth-edit')!;
      assert.deepEqual(
        [saved.username, saved.certFile, saved.keyFile],
        [undefined, undefined, undefined],
      );
      assert.doesNotMatch(settingsText(), /"ops"|cert\.pem|key\.pem/);
      recorder.clearRecords();
      assert.equal(await (await store.client('auth-edit')).currentVersion(), version);
      for (const request of recorder.requests) {
        assert.equal(request.header('x-authentication'), undefined);
        assert.equal(request.header('authorization'), undefined);
      }
    } finally {
      await store.remove('auth-edit');
      await recorder.close();
    }
  });

  it("a client certificate goes to the real PuppetDB's HTTPS port while the connection has one: it answers with it, refuses the handshake without it or with another CA's", async () => {
    const { store } = api.services;
    const server = testServer();
    const version = await httpClient().currentVersion();
    const connection = {
      id: 'client-cert',
      name: 'HTTPS PuppetDB',
      url: `https://${server.host}:${server.httpsPort}`,
      caFile: server.ca,
    };
    const askVersion = async () => (await store.client(connection.id)).currentVersion();
    const refused = (error: unknown) => {
      assert.match(String(error), /over HTTPS|certificate|handshake|socket/i);
      return true;
    };
    try {
      await addConnection({
        connection: { ...connection, certFile: server.cert, keyFile: server.key },
        auth: 'certificate',
      });
      assert.equal(await askVersion(), version);

      // "None" in the form: the files are forgotten, and PuppetDB no longer lets it in
      await applyConnectionForm(store, {
        connection: store.get(connection.id)!,
        secrets: {},
        auth: 'none',
      });
      assert.equal(store.get(connection.id)!.certFile, undefined);
      await assert.rejects(askVersion(), refused);

      // a certificate PuppetDB's CA never signed is refused too: the answer above was the cert's
      await applyConnectionForm(store, {
        connection: {
          ...store.get(connection.id)!,
          certFile: server.rogueCert,
          keyFile: server.rogueKey,
        },
        secrets: {},
        auth: 'certificate',
      });
      await assert.rejects(askVersion(), refused);

      await applyConnectionForm(store, {
        connection: { ...store.get(connection.id)!, certFile: server.cert, keyFile: server.key },
        secrets: {},
        auth: 'certificate',
      });
      assert.equal(await askVersion(), version);
    } finally {
      await store.remove(connection.id);
    }
  });

  it('a request made while an edit is being saved carries what the edit saves', async () => {
    const { store } = api.services;
    const recorder = await recordingProxy();
    try {
      await addConnection({
        connection: { id: 'saving', name: 'Recorder', url: recorder.url },
        secrets: { token: 'token-before-the-edit' },
      });
      await (await store.client('saving')).currentVersion();
      // the form has closed and its save is on its way when a command asks for the client
      // (Test Connection run right after Edit Connection…)
      const saving = applyConnectionForm(store, {
        connection: { ...store.get('saving')!, username: 'ops' },
        secrets: { password: 'pw-during-save' },
        auth: 'basic',
      });
      recorder.clearRecords();
      const asked = store.client('saving').then((client) => client.currentVersion());
      await saving;
      await asked;
      assertPasswordOnly(recorder, 'ops', 'pw-during-save');
    } finally {
      await store.remove('saving');
      await recorder.close();
    }
  });

  it('a token changed elsewhere (another window) is the one the next request sends, though the client is kept between requests', async () => {
    const { store } = api.services;
    const recorder = await recordingProxy();
    // SecretStorage written past the extension's store, as another window's extension would
    const elsewhere = new ConnectionSecrets(api.services.context.secrets, () =>
      Promise.resolve(undefined),
    );
    try {
      await addConnection({
        connection: { id: 'token-elsewhere', name: 'Recorder', url: recorder.url },
        secrets: { token: 'first-token' },
      });
      const client = await store.client('token-elsewhere');
      await client.currentVersion();
      assert.equal(recorder.requests.at(-1)?.header('x-authentication'), 'first-token');
      assert.equal(await store.client('token-elsewhere'), client, 'the client was not kept');

      // SecretStorage tells every listener of the change, the extension's store (listening since
      // activation) first: once this test hears of it, the next request is made anew
      const told = new Promise<void>((resolve) => {
        const listening = api.services.context.secrets.onDidChange(() => {
          listening.dispose();
          resolve();
        });
      });
      await elsewhere.store(store.get('token-elsewhere')!, 'token', 'second-token');
      await told;
      await (await store.client('token-elsewhere')).currentVersion();
      assert.equal(recorder.requests.at(-1)?.header('x-authentication'), 'second-token');
    } finally {
      await store.remove('token-elsewhere');
      await recorder.close();
    }
  });

  it("Add Connection's argument can't skip the clear-text question: declined, nothing is saved", async () => {
    const argument = {
      connection: { id: 'clear-text', name: 'Plain', url: 'http://puppetdb.example.test:8080' },
      secrets: { token: 'plain-token-789' },
    };
    const declined = answerWarnings(undefined);
    try {
      const id = await addConnection(argument);
      assert.equal(id, undefined);
    } finally {
      declined.restore();
    }
    assert.equal(declined.asked.length, 1, 'the modal was not shown');
    assert.match(declined.asked[0]!, /token to puppetdb\.example\.test:8080 in clear text/);
    assert.match(declined.asked[0]!, /anyone on the network path/);
    assert.equal(api.services.store.get('clear-text'), undefined);
    assert.equal(await api.services.store.secret('clear-text', 'token'), undefined);
    assert.doesNotMatch(settingsText(), /puppetdb\.example\.test/);

    const confirmed = answerWarnings('Send in Clear Text');
    try {
      assert.equal(await addConnection(argument), 'clear-text');
    } finally {
      confirmed.restore();
    }
    assert.equal(await api.services.store.secret('clear-text', 'token'), 'plain-token-789');
    await api.services.store.remove('clear-text');
  });

  it('a URL with user:pass@ is refused from the argument and skipped by the import, never stored', async () => {
    const id = await vscode.commands.executeCommand(Commands.addConnection, {
      connection: { id: 'userinfo', name: 'U', url: 'https://admin:hunter2@puppetdb.example.test' },
    });
    assert.equal(id, undefined);
    assert.equal(api.services.store.get('userinfo'), undefined);

    const dir = mkdtempSync(join(tmpdir(), 'pdbx-creds-'));
    const user = join(dir, 'puppetdb.conf');
    writeFileSync(
      user,
      JSON.stringify({
        puppetdb: {
          server_urls: [
            'https://admin:hunter2@userinfo.example.test',
            'https://clean.example.test',
          ],
        },
      }),
    );
    const ids = await (
      await testingApi()
    ).importConnections({
      global: join(dir, 'no-global.conf'),
      user,
      defaultTokenFile: join(dir, 'no-token'),
    });
    assert.deepEqual(ids, ['conf-clean.example.test']);
    assert.doesNotMatch(settingsText(), /hunter2|userinfo\.example/);
    await api.services.store.remove('conf-clean.example.test');
  });

  it('import reads the global file under the user file, and the PE default token', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pdbx-creds-'));
    const global = join(dir, 'global.conf');
    const user = join(dir, 'user.conf');
    const token = join(dir, 'token');
    writeFileSync(
      global,
      JSON.stringify({
        puppetdb: { server_urls: 'https://global.example.test:8081', cacert: '/global/ca.pem' },
      }),
    );
    writeFileSync(
      user,
      JSON.stringify({ puppetdb: { server_urls: 'https://user.example.test:8081' } }),
    );
    writeFileSync(token, 'pe-default-token\n');
    const ids = await (
      await testingApi()
    ).importConnections({
      global,
      user,
      defaultTokenFile: token,
    });
    assert.deepEqual(ids, ['conf-user.example.test:8081']);
    const connection = api.services.store.get(ids[0]!)!;
    assert.equal(connection.caFile, '/global/ca.pem');
    assert.equal(await api.services.store.secret(ids[0]!, 'token'), 'pe-default-token');
    assert.doesNotMatch(settingsText(), /pe-default-token/);
    await api.services.store.remove(ids[0]!);
  });

  it('an imported http:// entry with a token asks first; "without the token" imports it bare', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pdbx-creds-'));
    const user = join(dir, 'user.conf');
    const token = join(dir, 'token');
    writeFileSync(
      user,
      JSON.stringify({
        puppetdb: { server_urls: 'http://plain.example.test:8080', 'token-file': token },
      }),
    );
    writeFileSync(token, 'conf-token\n');
    const paths = { global: join(dir, 'no-global.conf'), user, defaultTokenFile: token };
    const declined = answerWarnings(undefined);
    try {
      assert.equal(await (await testingApi()).importConnections(paths), undefined);
    } finally {
      declined.restore();
    }
    assert.match(declined.asked[0]!, /plain\.example\.test:8080/);
    assert.match(declined.asked[0]!, /clear text/);
    assert.equal(api.services.store.get('conf-plain.example.test:8080'), undefined);

    const bare = answerWarnings('Import without the Token');
    try {
      await (await testingApi()).importConnections(paths);
    } finally {
      bare.restore();
    }
    assert.ok(api.services.store.get('conf-plain.example.test:8080'));
    assert.equal(
      await api.services.store.secret('conf-plain.example.test:8080', 'token'),
      undefined,
    );
    await api.services.store.remove('conf-plain.example.test:8080');
  });
});
