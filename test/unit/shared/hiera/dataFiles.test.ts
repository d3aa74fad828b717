import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  dataFilesFor,
  globMatcher,
  joinPath,
  parseHieraConfig,
  type HieraConfig,
} from '../../../../src/shared/hiera';
import { nodeScope } from './scopes';

function configOf(text: string, origin = 'hiera.yaml'): HieraConfig {
  const { config, problems } = parseHieraConfig(text, origin);
  assert.deepEqual(problems, []);
  assert.ok(config);
  return config;
}

const summary = (files: ReturnType<typeof dataFilesFor>) =>
  files.map((file) => `${file.level}|${file.path}|${file.present ? 'present' : 'missing'}`);

const web01 = nodeScope('web01.example.com', {
  os: { family: 'Debian', release: { major: '12' } },
  datacenter: 'fra1',
  domains: ['shop.example.com', 'api.example.com'],
  owners: { payments: 'alice', search: 'bob' },
});

describe("a node's data files, in lookup order", () => {
  test('paths and paths lists, interpolated, under the datadir, present or not', () => {
    const config = configOf(`
version: 5
defaults: { datadir: data, data_hash: yaml_data }
hierarchy:
  - { name: node, path: "nodes/%{trusted.certname}.yaml" }
  - { name: os, paths: ["os/%{facts.os.family}/%{facts.os.release.major}.yaml", "os/%{facts.os.family}.yaml"] }
  - { name: env, path: "environments/%{::environment}.yaml", datadir: envdata }
  - { name: common, path: common.yaml }
`);
    const present = new Set([
      'data/os/Debian.yaml',
      'data/common.yaml',
      'envdata/environments/production.yaml',
    ]);
    assert.deepEqual(summary(dataFilesFor(config, web01, present)), [
      'node|data/nodes/web01.example.com.yaml|missing',
      'os|data/os/Debian/12.yaml|missing',
      'os|data/os/Debian.yaml|present',
      'env|envdata/environments/production.yaml|present',
      'common|data/common.yaml|present',
    ]);
    const [node] = dataFilesFor(config, web01, present);
    assert.deepEqual(node, {
      level: 'node',
      path: 'data/nodes/web01.example.com.yaml',
      present: false,
      backend: { kind: 'yaml' },
      template: 'nodes/%{trusted.certname}.yaml',
    });
  });

  test('a hiera.yaml in a subdirectory: paths are repository-relative from there', () => {
    const config = configOf(
      'version: 5\nhierarchy: [{ name: c, path: common.yaml, datadir: ../shared }]\n',
      'environments/production/hiera.yaml',
    );
    assert.deepEqual(
      summary(dataFilesFor(config, web01, new Set(['environments/shared/common.yaml']))),
      ['c|environments/shared/common.yaml|present'],
    );
  });

  test('a missing variable: the path Hiera looks for all the same, with the variable named', () => {
    const config = configOf(`
version: 5
hierarchy:
  - { name: group, path: "groups/%{facts.group}.yaml" }
  - { name: common, path: common.yaml }
`);
    const [group] = dataFilesFor(config, web01, new Set(['data/common.yaml']));
    assert.deepEqual(group, {
      level: 'group',
      path: 'data/groups/.yaml',
      present: false,
      backend: { kind: 'yaml' },
      template: 'groups/%{facts.group}.yaml',
      missing: ['facts.group'],
    });
  });

  test('globs expand against the files there are, sorted as Ruby sorts them', () => {
    const config = configOf(`
version: 5
hierarchy:
  - { name: dc, glob: "datacenters/%{facts.datacenter}/*.yaml" }
  - { name: all, globs: ["teams/**/*.yaml", "{a,b}/?.json"] }
`);
    const present = new Set([
      'data/datacenters/fra1/ntp.yaml',
      'data/datacenters/fra1/network.yaml',
      'data/datacenters/fra1/.hidden.yaml',
      'data/datacenters/fra1/deeper/x.yaml',
      'data/datacenters/ams2/network.yaml',
      'data/teams/payments/alice.yaml',
      'data/teams/top.yaml',
      'data/a/1.json',
      'data/b/22.json',
      'data/c/3.json',
    ]);
    assert.deepEqual(summary(dataFilesFor(config, web01, present)), [
      'dc|data/datacenters/fra1/network.yaml|present',
      'dc|data/datacenters/fra1/ntp.yaml|present',
      'all|data/teams/payments/alice.yaml|present',
      'all|data/teams/top.yaml|present',
      'all|data/a/1.json|present',
    ]);
  });

  test('a glob with a missing variable that matches nothing is still listed, to name the variable', () => {
    const config = configOf(
      'version: 5\nhierarchy: [{ name: rack, glob: "racks/%{facts.rack}/*.yaml" }]\n',
    );
    const files = dataFilesFor(config, web01, new Set(['data/racks/r1/a.yaml']));
    assert.deepEqual(files, [
      {
        level: 'rack',
        path: 'data/racks/*.yaml',
        present: false,
        backend: { kind: 'yaml' },
        template: 'racks/%{facts.rack}/*.yaml',
        missing: ['facts.rack'],
      },
    ]);
  });

  test('mapped_paths: one file per element of an array fact, per [key, value] pair of a hash', () => {
    const config = configOf(`
version: 5
hierarchy:
  - { name: domains, mapped_paths: [facts.domains, domain, "domains/%{domain}.yaml"] }
  - { name: owners, mapped_paths: [facts.owners, owner, "owners/%{owner.0}/%{owner.1}.yaml"] }
  - { name: dc, mapped_paths: [facts.datacenter, dc, "dc/%{dc}.yaml"] }
  - { name: none, mapped_paths: [facts.nothing, x, "x/%{x}.yaml"] }
`);
    assert.deepEqual(
      summary(dataFilesFor(config, web01, new Set(['data/domains/api.example.com.yaml']))),
      [
        'domains|data/domains/shop.example.com.yaml|missing',
        'domains|data/domains/api.example.com.yaml|present',
        'owners|data/owners/payments/alice.yaml|missing',
        'owners|data/owners/search/bob.yaml|missing',
        'dc|data/dc/fra1.yaml|missing',
      ],
    );
  });

  test('backends travel with their files; a custom uri level is listed and never present', () => {
    const config = configOf(`
version: 5
hierarchy:
  - { name: secrets, lookup_key: eyaml_lookup_key, path: "secrets/%{trusted.certname}.eyaml" }
  - { name: json, data_hash: json_data, path: common.json }
  - { name: vault, lookup_key: hiera_vault, uri: "https://vault/%{trusted.certname}" }
`);
    const files = dataFilesFor(config, web01, new Set(['data/secrets/web01.example.com.eyaml']));
    assert.deepEqual(
      files.map((file) => [file.path, file.present, file.backend]),
      [
        ['data/secrets/web01.example.com.eyaml', true, { kind: 'eyaml' }],
        ['data/common.json', false, { kind: 'json' }],
        ['https://vault/web01.example.com', false, { kind: 'custom', name: 'hiera_vault' }],
      ],
    );
  });

  test('a method call in a path: the candidate carries the problem', () => {
    const config = configOf(
      `version: 5\nhierarchy: [{ name: bad, path: "%{lookup('x')}.yaml" }]\n`,
    );
    const [bad] = dataFilesFor(config, web01, new Set());
    assert.equal(bad?.present, false);
    assert.match(bad?.problems?.[0] ?? '', /no method calls/);
  });
});

describe('paths and globs', () => {
  test('joinPath resolves . and .., takes an absolute part as Pathname#+ does', () => {
    assert.equal(joinPath('', 'data', 'nodes/x.yaml'), 'data/nodes/x.yaml');
    assert.equal(joinPath('env/prod', '../shared', './a//b.yaml'), 'env/shared/a/b.yaml');
    assert.equal(joinPath('env', 'data', '/etc/puppetlabs/x.yaml'), '/etc/puppetlabs/x.yaml');
    assert.equal(joinPath('a', 'b\\c'), 'a/b/c');
  });

  test('globMatcher: * and ? within a directory, ** across, sets and alternatives', () => {
    const matches = (pattern: string, path: string) => globMatcher(pattern).test(path);
    assert.ok(matches('data/*.yaml', 'data/a.yaml'));
    assert.ok(!matches('data/*.yaml', 'data/x/a.yaml'));
    assert.ok(!matches('data/*.yaml', 'data/.a.yaml'));
    assert.ok(matches('data/**/*.yaml', 'data/a.yaml'));
    assert.ok(matches('data/**/*.yaml', 'data/x/y/a.yaml'));
    assert.ok(matches('data/?.yaml', 'data/a.yaml'));
    assert.ok(!matches('data/?.yaml', 'data/ab.yaml'));
    assert.ok(matches('data/[ab].yaml', 'data/b.yaml'));
    assert.ok(!matches('data/[!ab].yaml', 'data/b.yaml'));
    assert.ok(matches('data/{x,y}.yaml', 'data/y.yaml'));
    assert.ok(!matches('data/{x,y}.yaml', 'data/z.yaml'));
    assert.ok(matches('data/a+b(1).yaml', 'data/a+b(1).yaml'));
  });
});
