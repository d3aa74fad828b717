import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseHieraConfig } from '../../../../src/shared/hiera';

const read = (text: string, origin = 'hiera.yaml') => parseHieraConfig(text, origin);

describe('hiera.yaml version 5', () => {
  test("Puppet's documented example: defaults applied, backends named, options kept", () => {
    const { config, problems } = read(`
version: 5
defaults:
  datadir: data
  data_hash: yaml_data
hierarchy:
  - name: "Per-node data"
    path: "nodes/%{trusted.certname}.yaml"
  - name: "Per-datacenter secret data (encrypted)"
    lookup_key: eyaml_lookup_key
    path: "secrets/nodes/%{trusted.certname}.eyaml"
    options:
      pkcs7_private_key: /etc/puppetlabs/puppet/eyaml/private_key.pkcs7.pem
  - name: "Other YAML hierarchy levels"
    paths:
      - "location/%{facts.whereami}/%{facts.group}.yaml"
      - "common.yaml"
  - name: "JSON"
    data_hash: json_data
    datadir: jsondata
    glob: "*.json"
  - name: "Vault"
    lookup_key: hiera_vault
    uri: "https://vault.example.com:8200"
  - name: "Domains"
    mapped_paths: [facts.domains, domain, "domains/%{domain}.yaml"]
`);
    assert.deepEqual(problems, []);
    assert.ok(config);
    assert.equal(config.version, 5);
    assert.equal(config.datadir, 'data');
    assert.equal(config.root, '');
    assert.deepEqual(
      config.levels.map((level) => [level.name, level.backend, level.datadir]),
      [
        ['Per-node data', { kind: 'yaml' }, 'data'],
        ['Per-datacenter secret data (encrypted)', { kind: 'eyaml' }, 'data'],
        ['Other YAML hierarchy levels', { kind: 'yaml' }, 'data'],
        ['JSON', { kind: 'json' }, 'jsondata'],
        ['Vault', { kind: 'custom', name: 'hiera_vault' }, 'data'],
        ['Domains', { kind: 'yaml' }, 'data'],
      ],
    );
    assert.deepEqual(config.levels[0]!.paths, ['nodes/%{trusted.certname}.yaml']);
    assert.deepEqual(config.levels[1]!.options, {
      pkcs7_private_key: '/etc/puppetlabs/puppet/eyaml/private_key.pkcs7.pem',
    });
    assert.deepEqual(config.levels[2]!.paths, [
      'location/%{facts.whereami}/%{facts.group}.yaml',
      'common.yaml',
    ]);
    assert.deepEqual(config.levels[3]!.globs, ['*.json']);
    assert.deepEqual(config.levels[4]!.uris, ['https://vault.example.com:8200']);
    assert.deepEqual(config.levels[5]!.mappedPaths, {
      variable: 'facts.domains',
      key: 'domain',
      template: 'domains/%{domain}.yaml',
    });
  });

  test('without defaults: yaml_data in "data"; the defaults of a level apply unless it sets its own', () => {
    const bare = read('version: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n');
    assert.deepEqual(bare.problems, []);
    assert.deepEqual(bare.config?.levels[0]?.backend, { kind: 'yaml' });
    assert.equal(bare.config?.levels[0]?.datadir, 'data');

    const json = read(`
version: 5
defaults: { datadir: hieradata, data_hash: json_data, options: { a: 1 } }
hierarchy:
  - { name: one, path: one.json }
  - { name: two, path: two.yaml, data_hash: yaml_data, datadir: other, options: { b: 2 } }
`);
    assert.deepEqual(json.problems, []);
    assert.deepEqual(
      json.config?.levels.map((level) => [level.backend.kind, level.datadir, level.options]),
      [
        ['json', 'hieradata', { a: 1 }],
        ['yaml', 'other', { b: 2 }],
      ],
    );
    assert.equal(json.config?.datadir, 'hieradata');
  });

  test("an environment's hiera.yaml below the repository root: its directory is the datadir's base", () => {
    const { config } = read(
      'version: 5\nhierarchy: [{ name: c, path: common.yaml }]\n',
      'environments/production/hiera.yaml',
    );
    assert.equal(config?.root, 'environments/production');
  });

  test('no hierarchy: Hiera\'s default level "Common" (common.yaml), said as a problem', () => {
    const { config, problems } = read(
      'version: 5\ndefaults: { datadir: hieradata, data_hash: yaml_data }\n',
    );
    assert.equal(problems.length, 1);
    assert.match(problems[0]!, /^hiera\.yaml: no hierarchy/);
    assert.deepEqual(
      config?.levels.map((level) => [level.name, level.paths, level.datadir]),
      [['Common', ['common.yaml'], 'hieradata']],
    );
  });

  test('versions 3 and 4 (and no version) are named, not read', () => {
    for (const [text, version] of [
      [':backends:\n  - yaml\n:hierarchy:\n  - common\n', '3'],
      ['version: 4\ndatadir: data\nhierarchy: []\n', '4'],
      ['version: 3\n', '3'],
    ] as const) {
      const { config, problems } = read(text);
      assert.equal(config, undefined);
      assert.equal(problems.length, 1);
      assert.match(problems[0]!, new RegExp(`version ${version}\\b.*only version 5`));
    }
    const quoted = read('version: "5"\nhierarchy: []\n');
    assert.equal(quoted.config, undefined);
    assert.match(quoted.problems[0]!, /must be the number 5/);
  });

  test('bad YAML, a hierarchy that is not a list, a file that is not a hash: a clear problem, no config', () => {
    const bad = read('version: 5\nhierarchy:\n  - name: "unterminated\n', 'env/hiera.yaml');
    assert.equal(bad.config, undefined);
    assert.match(bad.problems[0]!, /^env\/hiera\.yaml: not valid YAML/);
    assert.match(read('version: 5\nhierarchy: common.yaml\n').problems[0]!, /must be a list/);
    assert.match(read('- version\n- 5\n').problems[0]!, /not a hash/);
    assert.match(read('').problems[0]!, /not a hash/);
  });

  test('levels Puppet refuses are left out, each with a problem; the rest still answer', () => {
    const { config, problems } = read(`
version: 5
hierarchy:
  - path: nameless.yaml
  - name: two locations
    path: a.yaml
    glob: "*.yaml"
  - name: two backends
    data_hash: yaml_data
    lookup_key: eyaml_lookup_key
    path: b.yaml
  - name: good
    path: good.yaml
  - name: good
    path: again.yaml
  - name: nowhere
  - name: short mapping
    mapped_paths: [facts.x, y]
  - name: empty paths
    paths: []
  - name: reserved
    path: r.yaml
    options: { path: /etc/x }
  - name: typo
    pth: t.yaml
    path: t.yaml
`);
    assert.deepEqual(
      config?.levels.map((level) => level.name),
      ['good', 'reserved', 'typo'],
    );
    const expected = [
      /level 1 has no name/,
      /level 2 'two locations' has more than one of path, glob/,
      /level 3 'two backends' names more than one backend \(data_hash, lookup_key\)/,
      /level 5: the name 'good' is used twice/,
      /level 6 'nowhere' has no path, paths, glob, globs or mapped_paths/,
      /level 7 'short mapping': mapped_paths must be three texts/,
      /level 8 'empty paths': paths must be a list of non-empty text/,
      /level 9 'reserved': the option 'path' is reserved by Puppet/,
      /level 10 'typo': unknown key 'pth'/,
    ];
    assert.equal(problems.length, expected.length, problems.join('\n'));
    expected.forEach((pattern, index) => assert.match(problems[index]!, pattern));
    for (const problem of problems) assert.ok(problem.startsWith('hiera.yaml: '), problem);
  });

  test('defaults that name no backend leave a level without one: a problem', () => {
    const { config, problems } = read(
      'version: 5\ndefaults: { datadir: d }\nhierarchy: [{ name: n, path: n.yaml }]\n',
    );
    assert.deepEqual(config?.levels, []);
    assert.match(problems[0]!, /names no backend/);
  });

  test('a custom backend may have no location (Puppet calls it once without a path)', () => {
    const { config, problems } = read(
      'version: 5\nhierarchy: [{ name: vault, lookup_key: hiera_vault, options: { confine_to_keys: ["^vault_.*"] } }]\n',
    );
    assert.deepEqual(problems, []);
    assert.deepEqual(config?.levels[0]?.backend, { kind: 'custom', name: 'hiera_vault' });
    assert.deepEqual(config?.levels[0]?.paths, []);
  });

  test('hiera3_backend and hocon_data are custom backends, named', () => {
    const { config } = read(`
version: 5
hierarchy:
  - { name: mongo, hiera3_backend: mongodb, paths: [nodes/x, common] }
  - { name: hocon, data_hash: hocon_data, path: common.conf }
`);
    assert.deepEqual(
      config?.levels.map((level) => level.backend),
      [
        { kind: 'custom', name: 'mongodb' },
        { kind: 'custom', name: 'hocon_data' },
      ],
    );
  });
});
