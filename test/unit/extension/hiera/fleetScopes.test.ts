/**
 * The fleet's scopes for Hiera: which facts are asked of PuppetDB for a hierarchy's variables,
 * and how the rows of the two requests become one scope per active node.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  factNamesFor,
  factRowsOfProjections,
  projectedPaths,
  scopeFactsQuery,
  scopeFactsRequest,
  scopesOf,
} from '../../../../src/extension/hiera/fleetScopes';
import { resolveVariable } from '../../../../src/shared/hiera/scope';

describe('factNamesFor', () => {
  test('asks for the top-level facts and the trusted fact, not for the environment', () => {
    assert.deepEqual(
      factNamesFor([
        'environment',
        'facts.os.family',
        'facts.os.release.major',
        'facts.role',
        'server_facts.servername',
        'trusted.certname',
        'trusted.extensions.pp_role',
      ]),
      ['os', 'role', 'trusted'],
    );
  });

  test('a quoted segment holding a dot is one fact name', () => {
    assert.deepEqual(factNamesFor(['facts."os.family"', "facts.'a.b'.c"]), ['a.b', 'os.family']);
  });

  test('the query names them as PQL strings', () => {
    assert.equal(
      scopeFactsQuery(['os', 'a"b']),
      'facts[certname, environment, name, value] { name in ["os", "a\\"b"] }',
    );
  });
});

describe('scopesOf', () => {
  test('one scope per active node: its catalog environment, its facts and its trusted data', () => {
    const scopes = scopesOf(
      [
        {
          certname: 'b.example.com',
          catalog_environment: 'staging',
          facts_environment: 'production',
        },
        { certname: 'a.example.com', catalog_environment: null, facts_environment: 'development' },
        { certname: 'c.example.com', catalog_environment: null, facts_environment: null },
      ],
      [
        {
          certname: 'a.example.com',
          environment: 'development',
          name: 'os',
          value: { family: 'Debian' },
        },
        {
          certname: 'a.example.com',
          environment: 'development',
          name: 'trusted',
          value: { certname: 'forged', extensions: { pp_role: 'web' } },
        },
        { certname: 'gone.example.com', environment: 'production', name: 'os', value: {} },
      ],
    );
    assert.deepEqual(scopes, [
      {
        certname: 'a.example.com',
        environment: 'development',
        facts: {
          os: { family: 'Debian' },
          trusted: { certname: 'forged', extensions: { pp_role: 'web' } },
        },
        trusted: { certname: 'a.example.com', extensions: { pp_role: 'web' } },
        serverFacts: { environment: 'development' },
      },
      {
        certname: 'b.example.com',
        environment: 'staging',
        facts: {},
        trusted: { certname: 'b.example.com' },
        serverFacts: { environment: 'staging' },
      },
      {
        certname: 'c.example.com',
        environment: 'production',
        facts: {},
        trusted: { certname: 'c.example.com' },
        serverFacts: { environment: 'production' },
      },
    ]);
  });
});

describe('projected paths', () => {
  const variables = [
    'environment',
    'facts.os.family',
    'facts.os.release.major',
    'facts.datacenter',
    'server_facts.servername',
    'trusted.certname',
    'trusted.extensions.pp_role',
  ];

  test('the inventory projects exactly the paths interpolated, not trusted.certname', () => {
    assert.deepEqual(projectedPaths(variables), [
      ['facts', 'datacenter'],
      ['facts', 'os', 'family'],
      ['facts', 'os', 'release', 'major'],
      ['trusted', 'extensions', 'pp_role'],
    ]);
    assert.deepEqual(scopeFactsRequest(variables), {
      kind: 'projected',
      query:
        'inventory[certname, facts.datacenter, facts.os.family, facts.os.release.major, trusted.extensions.pp_role] { node_state = "active" }',
      paths: projectedPaths(variables),
    });
  });

  test('a digit segment or an odd character asks for whole facts instead', () => {
    assert.equal(projectedPaths(['facts.processors.models.0']), undefined);
    assert.equal(projectedPaths(['facts."os.family"']), undefined);
    assert.equal(projectedPaths(['facts.disks.sda-1.size']), undefined);
    assert.deepEqual(scopeFactsRequest(['facts.processors.models.0', 'facts.os.family']), {
      kind: 'facts',
      query: 'facts[certname, environment, name, value] { name in ["os", "processors"] }',
      names: ['os', 'processors'],
    });
  });

  test('nothing to ask when the hierarchy reads only the environment and the certname', () => {
    assert.deepEqual(scopeFactsRequest(['environment', 'trusted.certname']), { kind: 'none' });
  });

  test('projected rows give every variable the value the whole facts give', () => {
    const whole = {
      os: { family: 'RedHat', release: { major: '9', full: '9.3' }, name: 'Rocky' },
      datacenter: 'ams2',
      trusted: { certname: 'a.example.com', extensions: { pp_role: 'db' } },
    };
    const paths = projectedPaths([...variables, 'facts.os'])!;
    const projected = {
      certname: 'a.example.com',
      'facts.datacenter': 'ams2',
      'facts.os': whole.os,
      'facts.os.family': 'RedHat',
      'facts.os.release.major': '9',
      'trusted.extensions.pp_role': 'db',
    };
    const nodes = [{ certname: 'a.example.com', catalog_environment: 'production' }];
    const fromProjection = scopesOf(nodes, factRowsOfProjections([projected], paths))[0]!;
    const fromFacts = scopesOf(
      nodes,
      Object.entries(whole).map(([name, value]) => ({ certname: 'a.example.com', name, value })),
    )[0]!;
    for (const variable of [...variables, 'facts.os', 'facts.missing', 'trusted.extensions.x']) {
      assert.deepEqual(
        resolveVariable(fromProjection, variable),
        resolveVariable(fromFacts, variable),
        variable,
      );
    }
  });

  test('a path the node lacks is left out, as a missing fact is', () => {
    const rows = factRowsOfProjections(
      [{ certname: 'a', 'facts.os.family': null, 'trusted.extensions.pp_role': 'web' }],
      [
        ['facts', 'os', 'family'],
        ['trusted', 'extensions', 'pp_role'],
      ],
    );
    assert.deepEqual(rows, [
      { certname: 'a', name: 'trusted', value: { extensions: { pp_role: 'web' } } },
    ]);
  });
});
