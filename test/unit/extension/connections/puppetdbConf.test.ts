/**
 * The puppetdb.conf import reads what `puppet query` reads: the global file, the user's file over
 * it key by key, and the token from token-file or the PE default ~/.puppetlabs/token.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import {
  connectionsOf,
  mergeSections,
  readPuppetdbConf,
  tokenFileOf,
} from '../../../../src/extension/connections/puppetdbConf';

const dir = mkdtempSync(join(tmpdir(), 'pdbx-conf-unit-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('puppetdb.conf: the pure parts', () => {
  test("the user's settings override the global ones key by key", () => {
    assert.deepEqual(
      mergeSections(
        { server_urls: 'https://global:8081', cacert: '/global/ca.pem', cert: '/global/c.pem' },
        { server_urls: ['https://user:8081'], cert: '/user/c.pem' },
      ),
      { server_urls: ['https://user:8081'], cacert: '/global/ca.pem', cert: '/user/c.pem' },
    );
    assert.deepEqual(mergeSections(undefined, { cacert: '/u' }), { cacert: '/u' });
    assert.deepEqual(mergeSections({ cacert: '/g' }, undefined), { cacert: '/g' });
  });

  test('the token file is token-file when given, else the PE default', () => {
    assert.equal(tokenFileOf({}, '/home/me/.puppetlabs/token'), '/home/me/.puppetlabs/token');
    assert.equal(tokenFileOf({ 'token-file': '/etc/tok' }, '/default'), '/etc/tok');
  });

  test('the server URLs make one connection; a URL with credentials is skipped, its password unsaid', () => {
    const { connections, problems } = connectionsOf(
      {
        server_urls:
          'https://a.example:8081, https://admin:hunter2@b.example:8081, https://c.example:8081',
      },
      'tok',
    );
    assert.deepEqual(
      connections.map((entry) => [entry.connection.id, entry.connection.serverUrls, entry.token]),
      [['conf-a.example:8081', ['https://c.example:8081'], 'tok']],
    );
    assert.equal(problems.length, 1);
    assert.match(problems[0]!, /User name and password/);
    assert.doesNotMatch(problems[0]!, /hunter2/);
  });
});

describe('readPuppetdbConf', () => {
  test('merges the global and the user file and reads the default token', async () => {
    const global = file('global.conf', {
      puppetdb: { server_urls: 'https://global.example:8081', cacert: '/g/ca.pem' },
    });
    const user = file('user.conf', { puppetdb: { server_urls: ['https://user.example:8081'] } });
    const token = file('token', 'pe-token\n');
    const result = await readPuppetdbConf({ global, user, defaultTokenFile: token });
    assert.deepEqual(result.sources, [global, user]);
    assert.deepEqual(result.connections, [
      {
        connection: {
          id: 'conf-user.example:8081',
          name: 'user.example',
          url: 'https://user.example:8081',
          caFile: '/g/ca.pem',
          certFile: undefined,
          keyFile: undefined,
        },
        token: 'pe-token',
      },
    ]);
    assert.deepEqual(result.problems, []);
  });

  test('the global file alone is enough; a missing default token is no problem', async () => {
    const global = file('only-global.conf', { puppetdb: { server_urls: 'https://g.example' } });
    const result = await readPuppetdbConf({
      global,
      user: join(dir, 'absent.conf'),
      defaultTokenFile: join(dir, 'absent-token'),
    });
    assert.deepEqual(result.sources, [global]);
    assert.equal(result.connections[0]?.token, undefined);
    assert.deepEqual(result.problems, []);
  });

  test('a named token-file that cannot be read is said; neither file is an error naming both', async () => {
    const user = file('named-token.conf', {
      puppetdb: { server_urls: 'https://g.example', 'token-file': join(dir, 'nope') },
    });
    const result = await readPuppetdbConf({
      global: join(dir, 'absent.conf'),
      user,
      defaultTokenFile: join(dir, 'absent-token'),
    });
    assert.match(result.problems[0]!, /token file .*nope could not be read/);
    await assert.rejects(
      readPuppetdbConf({
        global: join(dir, 'g-absent.conf'),
        user: join(dir, 'u-absent.conf'),
        defaultTokenFile: join(dir, 'absent-token'),
      }),
      /neither .*u-absent\.conf nor .*g-absent\.conf exists/,
    );
    await assert.rejects(
      readPuppetdbConf({
        global: join(dir, 'g-absent.conf'),
        user: file('bad.conf', '{ not json'),
        defaultTokenFile: join(dir, 'absent-token'),
      }),
      /bad\.conf is not valid JSON/,
    );
  });
});
