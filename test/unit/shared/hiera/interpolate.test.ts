import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { interpolate, parseHieraConfig, variablesIn } from '../../../../src/shared/hiera';
import { nodeScope } from './scopes';

const web01 = nodeScope('web01.example.com', {
  osfamily: 'Debian',
  os: { family: 'Debian', release: { major: '12', full: '12.5' } },
  'os.family': 'dotted fact name',
  datacenter: 'fra1',
  processors: { count: 4 },
  interfaces: ['eth0', 'lo'],
  empty: '',
  trusted: { extensions: { pp_role: 'web', 'pp_datacenter.zone': 'a' } },
});

describe('interpolation of a node scope', () => {
  test('facts, trusted data, server facts and the environment, in every spelling Hiera reads', () => {
    const cases: Array<[string, string]> = [
      ['os/%{facts.os.family}.yaml', 'os/Debian.yaml'],
      ['os/%{facts.os.family}/%{facts.os.release.major}.yaml', 'os/Debian/12.yaml'],
      ['nodes/%{trusted.certname}.yaml', 'nodes/web01.example.com.yaml'],
      ['roles/%{trusted.extensions.pp_role}.yaml', 'roles/web.yaml'],
      ['%{::environment}.yaml', 'production.yaml'],
      ['%{environment}.yaml', 'production.yaml'],
      ['%{server_facts.servername}', 'puppet.example.com'],
      ['%{::osfamily}/%{osfamily}', 'Debian/Debian'],
      ['%{::facts.datacenter}', 'fra1'],
      ['%{::trusted.certname}', 'web01.example.com'],
      ['%{ facts.datacenter }', 'fra1'],
      ['cpus-%{facts.processors.count}', 'cpus-4'],
      ['%{facts.interfaces.1}', 'lo'],
      ['[%{facts.empty}]', '[]'],
    ];
    for (const [template, text] of cases) {
      assert.deepEqual(interpolate(template, web01), { text }, template);
    }
  });

  test('quoted segments hold dots: `facts."os.family"` is the fact with a dot in its name', () => {
    assert.deepEqual(interpolate('%{facts."os.family"}', web01), { text: 'dotted fact name' });
    assert.deepEqual(interpolate("%{facts.'os.family'}", web01), { text: 'dotted fact name' });
    assert.deepEqual(interpolate('%{trusted.extensions."pp_datacenter.zone"}', web01), {
      text: 'a',
    });
  });

  test('the empty interpolations write nothing: %{}, %{::}, %{""}, %{\'\'}', () => {
    assert.deepEqual(interpolate('a%{}b%{::}c%{""}d%{\'\'}e', web01), { text: 'abcde' });
    assert.deepEqual(interpolate('no interpolation at all', web01), {
      text: 'no interpolation at all',
    });
  });

  test('a variable not set: named (normalised) and written as the empty string, as Hiera does', () => {
    assert.deepEqual(interpolate('groups/%{facts.group}/%{::rack}/%{facts.os.nope}.yaml', web01), {
      missing: ['facts.group', 'facts.rack', 'facts.os.nope'],
      emptied: 'groups///.yaml',
    });
  });

  test('method forms: refused in hiera.yaml; in data, literal and scope emulated, lookups not evaluated', () => {
    const inConfig = interpolate("%{lookup('x')}/%{literal('%')}", web01);
    assert.ok('problems' in inConfig);
    assert.equal(inConfig.problems.length, 2);
    assert.match(inConfig.problems[0]!, /hiera\.yaml allows no method calls/);

    assert.deepEqual(
      interpolate("100%{literal('%')} on %{scope('facts.datacenter')}", web01, { context: 'data' }),
      { text: '100% on fra1' },
    );
    for (const method of ['lookup', 'hiera', 'alias']) {
      const result = interpolate(`%{${method}('profile::x')}`, web01, { context: 'data' });
      assert.ok('problems' in result, method);
      assert.match(result.problems[0]!, new RegExp(`'${method}' interpolations are not evaluated`));
    }
  });

  test('a hash or array where text is due, or a segment into the wrong kind of value: a problem', () => {
    const hash = interpolate('%{facts.os}', web01);
    assert.ok('problems' in hash);
    assert.match(hash.problems[0]!, /the value is a hash, not text/);
    const wrong = interpolate('%{facts.datacenter.0}', web01);
    assert.ok('problems' in wrong);
    assert.match(wrong.problems[0]!, /Got a string when an array was expected/);
    const syntax = interpolate('%{facts..x}', web01);
    assert.ok('problems' in syntax);
    assert.match(syntax.problems[0]!, /Syntax error/);
  });

  test('a local variable (the key of a mapped_paths level) comes before the scope', () => {
    assert.deepEqual(interpolate('dc/%{dc}.yaml', web01, { locals: { dc: 'ams2' } }), {
      text: 'dc/ams2.yaml',
    });
    assert.deepEqual(interpolate('%{pair.0}=%{pair.1}', web01, { locals: { pair: ['k', 'v'] } }), {
      text: 'k=v',
    });
  });
});

describe('the variables a hierarchy uses', () => {
  test('every datadir, path, glob and mapped path variable, normalised and sorted, locals left out', () => {
    const { config } = parseHieraConfig(
      `
version: 5
defaults: { datadir: "data/%{::environment}", data_hash: yaml_data }
hierarchy:
  - { name: node, path: "nodes/%{trusted.certname}.yaml" }
  - { name: role, path: "roles/%{::trusted.extensions.pp_role}.yaml" }
  - { name: os, paths: ["os/%{facts.os.family}.yaml", "os/%{::osfamily}/%{osfamily}.yaml"] }
  - { name: dc, glob: "dc/%{facts.datacenter}/*.yaml" }
  - { name: server, path: "servers/%{server_facts.servername}.yaml" }
  - { name: domains, mapped_paths: [facts.domains, domain, "domains/%{domain}/%{facts.team}.yaml"] }
  - { name: dotted, path: "%{facts.\\"os.family\\"}.yaml" }
  - { name: escape, path: "100%{literal('%')}.yaml" }
  - { name: common, path: common.yaml }
`,
      'hiera.yaml',
    );
    assert.ok(config);
    assert.deepEqual(variablesIn(config), [
      'environment',
      'facts."os.family"',
      'facts.datacenter',
      'facts.domains',
      'facts.os.family',
      'facts.osfamily',
      'facts.team',
      'server_facts.servername',
      'trusted.certname',
      'trusted.extensions.pp_role',
    ]);
  });
});
