/**
 * The fleet's scopes for Hiera: which facts are asked of PuppetDB for a hierarchy's variables,
 * and how the rows of the two requests become one scope per active node.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  factNamesFor,
  scopeFactsQuery,
  scopesOf,
} from '../../../../src/extension/hiera/fleetScopes';

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
