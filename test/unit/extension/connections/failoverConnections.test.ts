/**
 * A connection with failover servers: its server list, the form's list input, the puppetdb.conf
 * import as ONE connection, and its secrets bound to the set of its servers' origins.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as vscode from 'vscode';
import {
  ConnectionSecrets,
  type AskSecretAgain,
} from '../../../../src/extension/connections/connectionSecrets';
import { parsePrefilledConnection } from '../../../../src/extension/connections/prefilledConnection';
import { connectionsOf } from '../../../../src/extension/connections/puppetdbConf';
import {
  decodeBoundSecret,
  encodeBoundSecret,
  originsOf,
} from '../../../../src/extension/connections/secretOrigin';
import {
  clearTextRiskOf,
  failoverUrlsOf,
  parseUrlList,
  sameServerOrigins,
  serverUrlsOf,
} from '../../../../src/extension/connections/serverUrls';
import type { ConnectionSettings } from '../../../../src/extension/settings';

const PDB1 = 'https://pdb1.example.com:8081';
const PDB2 = 'https://pdb2.example.com:8081';
const PDB3 = 'https://pdb3.example.com:8081';

describe('serverUrlsOf', () => {
  test('url first, then serverUrls; a repeat of url (puppetdb.conf style) is dropped', () => {
    assert.deepEqual(serverUrlsOf({ url: PDB1 }), [PDB1]);
    assert.deepEqual(serverUrlsOf({ url: PDB1, serverUrls: [PDB2, PDB3] }), [PDB1, PDB2, PDB3]);
    assert.deepEqual(serverUrlsOf({ url: PDB1, serverUrls: [`${PDB1}/`, ` ${PDB2} `, ''] }), [
      PDB1,
      PDB2,
    ]);
    assert.deepEqual(serverUrlsOf({ url: PDB1, serverUrls: 'x' as never }), [PDB1]);
    assert.deepEqual(failoverUrlsOf({ url: PDB1, serverUrls: [PDB1, PDB2] }), [PDB2]);
  });

  test('the form’s comma-separated list: empty is none, each URL checked like the first', () => {
    assert.deepEqual(parseUrlList(''), { urls: [] });
    assert.deepEqual(parseUrlList(` ${PDB2},${PDB3} , `), { urls: [PDB2, PDB3] });
    assert.deepEqual(parseUrlList(`${PDB2}\n${PDB3}`), { urls: [PDB2, PDB3] });
    const bad = parseUrlList(`${PDB2}, https://admin:hunter2@pdb3.example.com`);
    assert.ok('problem' in bad);
    assert.match(bad.problem, /^URL 2: The URL holds a user name or password/);
    assert.doesNotMatch(bad.problem, /hunter2/);
    assert.deepEqual(parseUrlList('ftp://x'), { problem: 'Use http:// or https://' });
  });

  test('clear text: any plain-HTTP server of the list is a risk for a token', () => {
    assert.equal(clearTextRiskOf({ url: PDB1, serverUrls: [PDB2] }, ['token']), undefined);
    const risk = clearTextRiskOf({ url: PDB1, serverUrls: ['http://pdb2.example.com:8080'] }, [
      'token',
    ]);
    assert.equal(risk?.host, 'pdb2.example.com:8080');
  });

  test('a stored secret may be kept when no server of another origin was added', () => {
    const before = { url: PDB1, serverUrls: [PDB2] };
    assert.ok(sameServerOrigins(before, { url: PDB1 }));
    assert.ok(sameServerOrigins(before, { url: PDB2, serverUrls: [`${PDB1}/pdb`] }));
    assert.ok(!sameServerOrigins(before, { url: PDB1, serverUrls: [PDB2, PDB3] }));
    assert.ok(!sameServerOrigins({ url: PDB1 }, { url: PDB1, serverUrls: [PDB2] }));
  });
});

describe('Add Connection’s argument', () => {
  test('serverUrls is checked like url', () => {
    const parsed = parsePrefilledConnection({
      connection: { id: 'x', name: 'X', url: PDB1, serverUrls: [` ${PDB2} `] },
    });
    assert.deepEqual(parsed.connection.serverUrls, [PDB2]);
    const refused = (serverUrls: unknown, pattern: RegExp) =>
      assert.throws(
        () =>
          parsePrefilledConnection({ connection: { id: 'x', name: 'X', url: PDB1, serverUrls } }),
        pattern,
      );
    refused(PDB2, /"connection.serverUrls" must be an array of URLs/);
    refused(
      [PDB2, 'https://u:p@pdb3.example.com'],
      /item 2: The URL holds a user name or password/,
    );
    refused(['javascript:alert(1)'], /item 1: Use http:\/\/ or https:\/\//);
  });
});

describe('puppetdb.conf import', () => {
  test('server_urls is ONE connection: the first is url, the rest its failover servers', () => {
    const { connections, problems } = connectionsOf(
      { server_urls: `${PDB1}, ${PDB2},${PDB3}`, cacert: '/ca.pem' },
      'tok',
    );
    assert.deepEqual(problems, []);
    assert.equal(connections.length, 1);
    assert.deepEqual(connections[0], {
      connection: {
        id: 'conf-pdb1.example.com:8081',
        name: 'pdb1.example.com',
        url: PDB1,
        serverUrls: [PDB2, PDB3],
        caFile: '/ca.pem',
        certFile: undefined,
        keyFile: undefined,
      },
      token: 'tok',
    });
  });

  test('a single server has no serverUrls; nothing usable is no connection', () => {
    assert.equal(
      connectionsOf({ server_urls: [PDB1] }, undefined).connections[0]?.connection.serverUrls,
      undefined,
    );
    const none = connectionsOf({ server_urls: 'ftp://x' }, undefined);
    assert.deepEqual(none.connections, []);
    assert.equal(none.problems.length, 1);
  });
});

describe('secrets of a connection with failover servers', () => {
  class MemoryStorage {
    readonly values = new Map<string, string>();
    get(key: string) {
      return Promise.resolve(this.values.get(key));
    }
    store(key: string, value: string) {
      this.values.set(key, value);
      return Promise.resolve();
    }
    delete(key: string) {
      this.values.delete(key);
      return Promise.resolve();
    }
  }

  function secrets() {
    const storage = new MemoryStorage();
    const asked: Array<{ previousOrigin: string; origin: string }> = [];
    const ask: AskSecretAgain = ({ previousOrigin, origin }) => {
      asked.push({ previousOrigin, origin });
      return Promise.resolve('typed-again');
    };
    return {
      storage,
      asked,
      store: new ConnectionSecrets(storage as unknown as vscode.SecretStorage, ask),
    };
  }

  const connection = (serverUrls?: string[]): ConnectionSettings => ({
    id: 'c',
    name: 'Fleet',
    url: PDB1,
    ...(serverUrls ? { serverUrls } : {}),
  });

  test('a token given for the servers goes to all of them, and is stored bound to each origin', async () => {
    const { store, storage, asked } = secrets();
    await store.store(connection([PDB2]), 'token', 'pe-token');
    assert.deepEqual(decodeBoundSecret(storage.values.get('puppetdbExplorer.c.token.bound')), {
      origin: PDB1,
      secret: 'pe-token',
      origins: [PDB1, PDB2],
    });
    assert.equal(await store.get(connection([PDB2]), 'token'), 'pe-token');
    // dropping a failover server keeps it: every server left was one it was given for
    assert.equal(await store.get(connection(), 'token'), 'pe-token');
    assert.deepEqual(asked, []);
  });

  test('a server added later is not sent the secret without asking, naming the new one', async () => {
    const { store, asked } = secrets();
    await store.store(connection([PDB2]), 'token', 'pe-token');
    assert.equal(await store.peek(connection([PDB2, PDB3]), 'token'), undefined);
    assert.equal(await store.get(connection([PDB2, PDB3]), 'token'), 'typed-again');
    assert.deepEqual(asked, [{ previousOrigin: `${PDB1}, ${PDB2}`, origin: PDB3 }]);
    // the answer is bound to the servers as they are now
    assert.equal(await store.peek(connection([PDB2, PDB3]), 'token'), 'typed-again');
  });

  test('a secret given for the first server alone is not sent to a failover server added later', async () => {
    const { store, asked } = secrets();
    await store.store(connection(), 'token', 'pe-token');
    assert.equal(await store.peek(connection([PDB2]), 'token'), undefined);
    await store.get(connection([PDB2]), 'token');
    assert.deepEqual(asked, [{ previousOrigin: PDB1, origin: PDB2 }]);
  });

  test('the stored form: one origin as before; a damaged origins list binds to the first only', () => {
    assert.deepEqual(originsOf([PDB1, `${PDB1}/x`, PDB2]), [PDB1, PDB2]);
    assert.equal(originsOf([PDB1, 'not a url']), undefined);
    assert.equal(
      encodeBoundSecret({ origin: PDB1, secret: 's' }),
      JSON.stringify({ origin: PDB1, secret: 's' }),
    );
    assert.deepEqual(
      decodeBoundSecret(JSON.stringify({ origin: PDB1, secret: 's', origins: [PDB1, 2] })),
      { origin: PDB1, secret: 's' },
    );
  });
});
