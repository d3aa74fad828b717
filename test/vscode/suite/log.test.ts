/**
 * The "PuppetDB Explorer" log: failures are written with the request and their causes, and no
 * secret (token, password, Authorization or X-Authentication value) ever reaches it. The log is
 * read from the file VS Code writes it to, as a person sending it with a bug report would.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension/extension';
import type { ExplorerNode } from '../../../src/extension/tree/explorerNode';
import { testServer } from '../../integration/support/puppetdb';
import { extensionLog } from '../extensionLog';
import { startRecorder } from '../recorder';
import { until } from '../until';
import { addConnection } from '../testingApi';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';
const TOKEN = 'tok-4f1d-never-in-a-log';
const PASSWORD = 'pw-9c2e-never-in-a-log';

describe('the log', () => {
  it('keeps failed requests with their causes and never a secret', async () => {
    const api = await vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID)!.activate();
    const { explorer, store, context } = api.services;
    const recorder = await startRecorder();
    const server = testServer();
    try {
      await addConnection({
        connection: { id: 'log-token', name: 'Token to a 401', url: recorder.origin },
        secrets: { token: TOKEN },
      });
      await addConnection({
        connection: {
          id: 'log-basic',
          name: 'Basic to PuppetDB',
          url: `http://${server.host}:${server.httpPort}`,
          username: 'operator',
        },
        secrets: { password: PASSWORD },
      });
      const roots = await explorer.getChildren();
      const folderOf = async (root: ExplorerNode | undefined) =>
        (await explorer.getChildren(root!))[0]!;
      const labels = await Promise.all(roots.map(async (root) => (await root.toTreeItem()).label));
      await explorer.getChildren(await folderOf(roots[labels.indexOf('Token to a 401')]));
      await explorer.getChildren(await folderOf(roots[labels.indexOf('Basic to PuppetDB')]));
      assert.ok(recorder.requests.some((request) => request.headers['x-authentication'] === TOKEN));

      const text = await until('the failure in the log file', () => {
        const content = extensionLog(context);
        return content.includes('Token to a 401') && content;
      });
      assert.match(
        text,
        /Token to a 401: GET http:\/\/127\.0\.0\.1:\d+\/pdb\/query\/v4\/nodes.* → 401/,
      );
      assert.match(text, /PuppetDBHTTPError: PuppetDB answered 401/);
      for (const secret of [
        TOKEN,
        PASSWORD,
        Buffer.from(`operator:${PASSWORD}`).toString('base64'),
      ]) {
        assert.ok(!text.includes(secret), 'a secret reached the log');
      }
      assert.doesNotMatch(text, /x-authentication|authorization:/i);
    } finally {
      await store.remove('log-token');
      await store.remove('log-basic');
      await recorder.close();
    }
  });
});
