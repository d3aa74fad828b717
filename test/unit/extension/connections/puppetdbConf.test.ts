/**
 * The puppetdb.conf import reads what `puppet query` reads: the global file, the user's file over
 * it key by key, and the token from token-file or the PE default ~/.puppetlabs/token.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path, { join } from 'node:path';
import { after, describe, test } from 'node:test';
import {
  clientToolsPaths,
  connectionsOf,
  mergeSections,
  readPuppetdbConf,
  tokenFileOf,
  type UserHome,
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

describe("puppetdb.conf: each OS's own places", () => {
  const WINDOWS_HOME: UserHome = { dir: 'D:\\Users\\me', path: path.win32 };
  const LINUX_HOME: UserHome = { dir: '/home/me', path: path.posix };

  test("Windows: the global file in %ProgramData%, the user's and the token in %USERPROFILE%", () => {
    // Windows installed on D:, its variables named in any case (Windows' names are)
    for (const env of [
      { ProgramData: 'D:\\ProgramData', USERPROFILE: 'D:\\Users\\me' },
      { PROGRAMDATA: 'D:\\ProgramData', userprofile: 'D:\\Users\\me' },
    ]) {
      assert.deepEqual(
        clientToolsPaths({ platform: 'win32', env, homedir: 'C:\\elsewhere' }),
        {
          global: 'D:\\ProgramData\\PuppetLabs\\client-tools\\puppetdb.conf',
          user: 'D:\\Users\\me\\.puppetlabs\\client-tools\\puppetdb.conf',
          defaultTokenFile: 'D:\\Users\\me\\.puppetlabs\\token',
        },
        JSON.stringify(env),
      );
    }
    // %ALLUSERSPROFILE% is the same folder; with neither, there is no global file to read, and
    // the home is os.homedir()'s
    assert.equal(
      clientToolsPaths({
        platform: 'win32',
        env: { ALLUSERSPROFILE: 'C:\\ProgramData' },
        homedir: 'C:\\Users\\me',
      }).global,
      'C:\\ProgramData\\PuppetLabs\\client-tools\\puppetdb.conf',
    );
    assert.deepEqual(clientToolsPaths({ platform: 'win32', env: {}, homedir: 'C:\\Users\\me' }), {
      user: 'C:\\Users\\me\\.puppetlabs\\client-tools\\puppetdb.conf',
      defaultTokenFile: 'C:\\Users\\me\\.puppetlabs\\token',
    });
  });

  test('macOS and Linux: /etc/puppetlabs/client-tools, then ~/.puppetlabs', () => {
    for (const platform of ['darwin', 'linux'] as const) {
      assert.deepEqual(
        clientToolsPaths({
          platform,
          env: { ProgramData: 'C:\\ProgramData' },
          homedir: '/home/me',
        }),
        {
          global: '/etc/puppetlabs/client-tools/puppetdb.conf',
          user: '/home/me/.puppetlabs/client-tools/puppetdb.conf',
          defaultTokenFile: '/home/me/.puppetlabs/token',
        },
        platform,
      );
    }
  });

  test('~ in token-file, cacert, cert and key is the home of the OS, in its own spelling', () => {
    // PE writes "~/.puppetlabs/token" into its files on Windows too
    for (const tokenFile of ['~/.puppetlabs/token', '~\\.puppetlabs\\token']) {
      assert.equal(
        tokenFileOf({ 'token-file': tokenFile }, 'default', WINDOWS_HOME),
        'D:\\Users\\me\\.puppetlabs\\token',
      );
    }
    assert.equal(
      tokenFileOf({ 'token-file': '~/.puppetlabs/token' }, 'default', LINUX_HOME),
      '/home/me/.puppetlabs/token',
    );
    // a backslash is a character of a POSIX name: "~\\x" is no home there
    assert.equal(tokenFileOf({ 'token-file': '~\\x' }, 'default', LINUX_HOME), '~\\x');
    const [imported] = connectionsOf(
      {
        server_urls: 'https://puppetdb.example:8081',
        cacert: '~\\.puppetlabs\\ssl\\ca.pem',
        cert: '~/.puppetlabs/ssl/me.pem',
        key: 'C:\\ProgramData\\PuppetLabs\\puppet\\etc\\ssl\\private_keys\\me.pem',
      },
      undefined,
      WINDOWS_HOME,
    ).connections;
    assert.deepEqual(
      [imported?.connection.caFile, imported?.connection.certFile, imported?.connection.keyFile],
      [
        'D:\\Users\\me\\.puppetlabs\\ssl\\ca.pem',
        'D:\\Users\\me\\.puppetlabs\\ssl\\me.pem',
        'C:\\ProgramData\\PuppetLabs\\puppet\\etc\\ssl\\private_keys\\me.pem',
      ],
    );
  });

  test("no global file (a Windows without %ProgramData%): the user's alone is read, and a missing one said", async () => {
    const user = file('windows-user.conf', { puppetdb: { server_urls: 'https://u.example' } });
    const result = await readPuppetdbConf({ user, defaultTokenFile: join(dir, 'absent-token') });
    assert.deepEqual(result.sources, [user]);
    assert.equal(result.connections[0]?.connection.url, 'https://u.example');
    await assert.rejects(
      readPuppetdbConf({ user: join(dir, 'u-absent.conf'), defaultTokenFile: 'x' }),
      /^Error: No puppetdb\.conf to import: .*u-absent\.conf does not exist\.$/,
    );
  });
});
