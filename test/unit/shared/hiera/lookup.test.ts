import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  lookupKey,
  lookupOptionsFor,
  type DataFileCandidate,
  type HieraBackend,
  type LookupSource,
} from '../../../../src/shared/hiera';
import { nodeScope } from './scopes';

/** Sources highest priority first: [path, data] (undefined data: the file is not there). */
function sources(...files: Array<[string, unknown, HieraBackend?]>): LookupSource[] {
  return files.map(([path, data, backend]) => {
    const candidate: DataFileCandidate = {
      level: path.split('/')[0]!,
      path,
      present: data !== undefined,
      backend: backend ?? { kind: 'yaml' },
      template: path,
    };
    return { candidate, data };
  });
}

describe("looking a key up in a node's data files", () => {
  const files = sources(
    ['nodes/web01.yaml', { 'ntp::servers': ['ntp.local'], 'ssh::port': 2222 }],
    ['roles/web.yaml', undefined],
    ['os/Debian.yaml', { 'ntp::servers': ['0.debian.pool'], 'ssh::port': 22, 'os::only': true }],
    ['common.yaml', { 'ntp::servers': ['pool.ntp.org'], 'ssh::port': 22, 'motd::text': '' }],
  );

  test("first found by default: the value, the file it came from, every level's own value", () => {
    const answer = lookupKey('ssh::port', files);
    assert.equal(answer.found, true);
    assert.equal(answer.value, 2222);
    assert.equal(answer.merge, 'first');
    assert.equal(answer.mergeFrom, 'default');
    assert.deepEqual(answer.from, ['nodes/web01.yaml']);
    assert.deepEqual(
      answer.perLevel.map((level) => [level.path, level.present, level.has, level.value]),
      [
        ['nodes/web01.yaml', true, true, 2222],
        ['roles/web.yaml', false, false, undefined],
        ['os/Debian.yaml', true, true, 22],
        ['common.yaml', true, true, 22],
      ],
    );
    assert.equal(answer.encrypted, false);
    assert.deepEqual(answer.problems, []);
  });

  test('a merge given by the caller: unique across every level, highest priority first', () => {
    const answer = lookupKey('ntp::servers', files, 'unique');
    assert.deepEqual(answer.value, ['ntp.local', '0.debian.pool', 'pool.ntp.org']);
    assert.equal(answer.mergeFrom, 'argument');
    assert.deepEqual(answer.from, ['nodes/web01.yaml', 'os/Debian.yaml', 'common.yaml']);
  });

  test('an empty text and false are values found; a key nowhere is not found', () => {
    assert.deepEqual(
      [lookupKey('motd::text', files).found, lookupKey('motd::text', files).value],
      [true, ''],
    );
    const missing = lookupKey('no::such', files);
    assert.equal(missing.found, false);
    assert.deepEqual(missing.from, []);
    assert.ok(missing.perLevel.every((level) => !level.has));
  });

  test('lookup_options is reserved, and not found as data', () => {
    const answer = lookupKey('lookup_options', sources(['common.yaml', { lookup_options: {} }]));
    assert.equal(answer.found, false);
    assert.match(answer.problems[0]!, /reserved/);
  });
});

describe('lookup_options', () => {
  const files = sources(
    [
      'nodes/web01.yaml',
      {
        lookup_options: { 'users::list': { merge: 'first' } },
        'users::list': ['root'],
        'profile::web::vhosts': { shop: { port: 8443 } },
        'profile::base::users': { carol: { uid: 1003 } },
      },
    ],
    [
      'common.yaml',
      {
        lookup_options: {
          'users::list': { merge: 'unique' },
          'profile::web::vhosts': { merge: { strategy: 'deep', knockout_prefix: '--' } },
          '^profile::(.*)::users$': { merge: { strategy: 'deep', merge_hash_arrays: true } },
          '^profile::.*': { merge: 'hash' },
        },
        'users::list': ['admin'],
        'profile::web::vhosts': { shop: { port: 443, docroot: '/srv/shop' } },
        'profile::base::users': { alice: { uid: 1001 } },
        'profile::base::packages': { a: 1 },
      },
    ],
  );

  test("a key's own options, merged across levels as a hash (the higher entry replaces the lower)", () => {
    const answer = lookupKey('users::list', files);
    assert.equal(answer.merge, 'first');
    assert.equal(answer.mergeFrom, 'lookup_options');
    assert.deepEqual(answer.value, ['root']);
  });

  test('a deep merge set in lookup_options', () => {
    const answer = lookupKey('profile::web::vhosts', files);
    assert.deepEqual(answer.merge, { strategy: 'deep', knockout_prefix: '--' });
    assert.deepEqual(answer.value, { shop: { port: 8443, docroot: '/srv/shop' } });
  });

  test('a pattern key (^…) when the key has no entry of its own: the first pattern that matches', () => {
    const answer = lookupKey('profile::base::users', files);
    assert.deepEqual(answer.merge, { strategy: 'deep', merge_hash_arrays: true });
    assert.deepEqual(answer.value, { alice: { uid: 1001 }, carol: { uid: 1003 } });
    assert.equal(lookupKey('profile::base::packages', files).merge, 'hash');
    assert.deepEqual(lookupOptionsFor('other::key', files), { problems: [] });
  });

  test('a merge given by the caller wins over lookup_options', () => {
    assert.deepEqual(lookupKey('users::list', files, 'unique').value, ['root', 'admin']);
  });

  test('bad lookup_options: a clear problem, the lookup stops as Puppet stops it', () => {
    const bad = sources(['common.yaml', { lookup_options: { x: { merge: 'deeper' } }, x: 1 }]);
    const answer = lookupKey('x', bad);
    assert.equal(answer.found, false);
    assert.match(answer.problems[0]!, /lookup_options for 'x': Unknown merge strategy 'deeper'/);
    const notHash = lookupKey('x', sources(['common.yaml', { lookup_options: ['x'], x: 1 }]));
    assert.equal(notHash.value, 1);
    assert.match(notHash.problems[0]!, /lookup_options must be a hash/);
  });

  test('a merge that meets the wrong kind of value: the problem Puppet stops with', () => {
    const answer = lookupKey(
      'k',
      sources(['a.yaml', { k: 'text' }], ['b.yaml', { k: { a: 1 } }]),
      'hash',
    );
    assert.equal(answer.found, false);
    assert.match(answer.problems[0]!, /hashes only/);
  });
});

describe('dotted keys', () => {
  const files = sources(
    ['nodes/web01.yaml', { 'profile::db': { settings: { max: 50 } } }],
    [
      'common.yaml',
      { 'profile::db': { settings: { max: 100, buffers: '128MB' }, hosts: ['a', 'b'] } },
    ],
  );

  test('first found digs into the first value of the root key only', () => {
    assert.equal(lookupKey('profile::db.settings.max', files).value, 50);
    // the first `profile::db` has no `hosts`: Hiera does not go on to common.yaml for it
    assert.equal(lookupKey('profile::db.hosts', files).found, false);
    assert.equal(lookupKey('profile::db.settings.buffers', files).found, false);
  });

  test('with a merge, the merged root value is dug into; digits index arrays', () => {
    assert.equal(lookupKey('profile::db.settings.buffers', files, 'deep').value, '128MB');
    assert.equal(lookupKey('profile::db.hosts.1', files, 'deep').value, 'b');
    const answer = lookupKey('profile::db.settings.max', files, 'deep');
    assert.deepEqual(answer.from, ['nodes/web01.yaml', 'common.yaml']);
    assert.deepEqual(
      answer.perLevel.map((level) => level.value),
      [50, 100],
    );
  });

  test('quoted segments and syntax errors', () => {
    const dotted = sources(['common.yaml', { 'a.b': { c: 1 } }]);
    assert.equal(lookupKey('"a.b".c', dotted).value, 1);
    const bad = lookupKey('a..b', dotted);
    assert.equal(bad.found, false);
    assert.match(bad.problems[0]!, /Syntax error/);
  });
});

describe('eyaml and custom backends', () => {
  const encrypted = 'ENC[PKCS7,MIIBiQYJKoZIhvcNAQcDoIIBejCCAXYCAQAxggEhMIIBHQIBADAFMAACAQEw]';

  test('an encrypted value stays the text, and the answer says it is encrypted', () => {
    const answer = lookupKey(
      'db::password',
      sources(
        ['secrets/db.eyaml', { 'db::password': encrypted }, { kind: 'eyaml' }],
        ['common.yaml', { 'db::password': 'changeme' }],
      ),
    );
    assert.equal(answer.value, encrypted);
    assert.equal(answer.encrypted, true);
    assert.deepEqual(answer.from, ['secrets/db.eyaml']);
  });

  test('a deep merge holding an encrypted value anywhere is encrypted', () => {
    const answer = lookupKey(
      'db::settings',
      sources(
        ['secrets/db.eyaml', { 'db::settings': { ssl: `ENC[GPG,hQEMA]` } }, { kind: 'eyaml' }],
        ['common.yaml', { 'db::settings': { max: 100 } }],
      ),
      'deep',
    );
    assert.deepEqual(answer.value, { max: 100, ssl: 'ENC[GPG,hQEMA]' });
    assert.equal(answer.encrypted, true);
  });

  test('an ENC[…] text in a plain YAML file is just text to Hiera', () => {
    const answer = lookupKey('x', sources(['common.yaml', { x: encrypted }]));
    assert.equal(answer.encrypted, false);
  });

  test("a custom backend's file has no data here: it is listed and skipped", () => {
    const answer = lookupKey(
      'x',
      sources(
        ['vault', undefined, { kind: 'custom', name: 'hiera_vault' }],
        ['common.yaml', { x: 1 }],
      ),
    );
    assert.equal(answer.value, 1);
    assert.deepEqual(answer.perLevel[0]?.backend, { kind: 'custom', name: 'hiera_vault' });
    assert.equal(answer.perLevel[0]?.has, false);
    // even when a caller hands over what such a file holds, it is not emulated
    const given = lookupKey(
      'x',
      sources(
        ['vault', { x: 0 }, { kind: 'custom', name: 'hiera_vault' }],
        ['common.yaml', { x: 1 }],
      ),
    );
    assert.equal(given.value, 1);
    assert.deepEqual(given.from, ['common.yaml']);
  });
});

describe("values interpolated for the node's scope", () => {
  const web01 = nodeScope('web01.example.com', { location: 'Frankfurt' });

  test('variables in data are interpolated before the merge; lookups are left as written', () => {
    const files = sources([
      'common.yaml',
      {
        motd: 'Welcome to %{trusted.certname} in %{facts.location}%{facts.nothing}',
        list: ['%{::environment}', 'x'],
        other: "%{lookup('motd')}",
      },
    ]);
    assert.equal(
      lookupKey('motd', files, undefined, web01).value,
      'Welcome to web01.example.com in Frankfurt',
    );
    assert.deepEqual(lookupKey('list', files, undefined, web01).value, ['production', 'x']);
    const other = lookupKey('other', files, undefined, web01);
    assert.equal(other.value, "%{lookup('motd')}");
    assert.match(other.problems[0]!, /'lookup' interpolations are not evaluated/);
    assert.equal(
      lookupKey('motd', files).value,
      'Welcome to %{trusted.certname} in %{facts.location}%{facts.nothing}',
    );
  });
});
