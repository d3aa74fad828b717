import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { nodesReading } from '../../../../src/shared/hiera';
import { config, present, scope, sorted } from './smallFleet';

describe('which nodes read which data files', () => {
  test('every present file with the certnames that read it; a missing group reads groups/.yaml', () => {
    const scopes = [
      scope(1, 'web', 'fra1', 'production', { domains: ['shop', 'api'] }),
      scope(2, 'db', 'ams2', 'staging', { group: 'x' }),
      scope(3, 'web', 'zrh1', 'production', { group: 'x' }),
    ];
    assert.deepEqual(sorted(nodesReading(config, scopes, present)), {
      'data/common.yaml': ['n1', 'n2', 'n3'],
      'data/dc/ams2/a.yaml': ['n2'],
      'data/dc/fra1/a.yaml': ['n1'],
      'data/dc/fra1/b.yaml': ['n1'],
      'data/domains/shop.yaml': ['n1'],
      'data/env/production.yaml': ['n1', 'n3'],
      'data/groups/.yaml': ['n1'],
      'data/nodes/n1.yaml': ['n1'],
      'data/roles/db.yaml': ['n2'],
      'data/roles/web.yaml': ['n1', 'n3'],
    });
  });
});
