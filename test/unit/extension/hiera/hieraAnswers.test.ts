/**
 * Hiera's answers from the engine and the fleet's scopes: who reads each data file with the split
 * per environment, a node's lookup order with the levels it skips, and a key across the fleet
 * grouped by the value each node gets (nodes with the same files looked up once).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  countByEnvironment,
  lookUpAcrossFleet,
  lookUpOnNode,
  lookupOrder,
  readersByFile,
  skippedFor,
  valueLine,
  type ReadData,
} from '../../../../src/extension/hiera/hieraAnswers';
import { parseHieraConfig } from '../../../../src/shared/hiera/config';
import type { NodeScope } from '../../../../src/shared/hiera/scope';

const { config } = parseHieraConfig(
  [
    'version: 5',
    'defaults: { datadir: data, data_hash: yaml_data }',
    'hierarchy:',
    '  - name: Per-node',
    '    path: "nodes/%{trusted.certname}.yaml"',
    '  - name: Per-role',
    '    path: "roles/%{facts.role}.yaml"',
    '  - name: Common',
    '    path: common.yaml',
  ].join('\n'),
  'hiera.yaml',
);
assert.ok(config);

const DATA: Record<string, unknown> = {
  'data/nodes/web1.yaml': { ntp: ['canary'] },
  'data/roles/web.yaml': { ntp: ['web'], port: 80 },
  'data/roles/db.yaml': { port: 5432 },
  'data/common.yaml': {
    ntp: ['pool'],
    motd: 'hello %{facts.role}',
    lookup_options: { ntp: { merge: 'unique' } },
  },
  'data/unread.yaml': { x: 1 },
};
const present = new Set(Object.keys(DATA));
let reads = 0;
const read: ReadData = (candidate) => {
  reads++;
  return Promise.resolve({ data: DATA[candidate.path], problems: [] });
};

const scope = (certname: string, environment: string, role?: string): NodeScope => ({
  certname,
  environment,
  facts: role === undefined ? {} : { role },
  trusted: { certname },
  serverFacts: { environment },
});
const FLEET = [
  scope('web1', 'production', 'web'),
  scope('web2', 'production', 'web'),
  scope('web3', 'staging', 'web'),
  scope('db1', 'production', 'db'),
  scope('bare', 'staging'),
];

describe('readersByFile', () => {
  test('every present file: the nodes whose hierarchy selects it, split per environment', () => {
    const readers = readersByFile(config, FLEET, present);
    assert.deepEqual(readers.get('data/roles/web.yaml'), {
      certnames: ['web1', 'web2', 'web3'],
      byEnvironment: [
        { environment: 'production', count: 2 },
        { environment: 'staging', count: 1 },
      ],
    });
    assert.deepEqual(readers.get('data/nodes/web1.yaml')?.certnames, ['web1']);
    assert.equal(readers.get('data/common.yaml')?.certnames.length, FLEET.length);
    assert.deepEqual(readers.get('data/unread.yaml'), { certnames: [], byEnvironment: [] });
  });

  test('environments: the largest first, then by name', () => {
    const environmentOf = new Map([
      ['a', 'staging'],
      ['b', 'production'],
      ['c', 'development'],
      ['d', 'staging'],
    ]);
    assert.deepEqual(countByEnvironment(['a', 'b', 'c', 'd'], environmentOf), [
      { environment: 'staging', count: 2 },
      { environment: 'development', count: 1 },
      { environment: 'production', count: 1 },
    ]);
  });
});

describe('lookupOrder', () => {
  test('a level whose fact is not set is skipped, and says which fact', () => {
    const order = lookupOrder(config, scope('bare', 'staging'), present);
    assert.deepEqual(
      order.map((candidate) => [candidate.path, candidate.present, skippedFor(candidate)]),
      [
        ['data/nodes/bare.yaml', false, undefined],
        ['data/roles/.yaml', false, ['facts.role']],
        ['data/common.yaml', true, undefined],
      ],
    );
  });
});

describe('lookUpOnNode', () => {
  test("the merge of the key's lookup_options, and its values interpolated for the node", async () => {
    const ntp = await lookUpOnNode('ntp', config, FLEET[0]!, present, read);
    assert.deepEqual(ntp.answer.value, ['canary', 'web', 'pool']);
    assert.equal(ntp.answer.merge, 'unique');
    assert.deepEqual(ntp.answer.from, [
      'data/nodes/web1.yaml',
      'data/roles/web.yaml',
      'data/common.yaml',
    ]);
    const motd = await lookUpOnNode('motd', config, FLEET[3]!, present, read);
    assert.equal(motd.answer.value, 'hello db');
  });

  test('a file that cannot be read is named with its problems', async () => {
    const broken: ReadData = (candidate) =>
      Promise.resolve(
        candidate.path === 'data/common.yaml'
          ? { problems: ['not valid YAML: bad indentation'] }
          : { data: DATA[candidate.path], problems: [] },
      );
    const lookup = await lookUpOnNode('port', config, FLEET[0]!, present, broken);
    assert.deepEqual(
      [...lookup.fileProblems],
      [['data/common.yaml', ['not valid YAML: bad indentation']]],
    );
    assert.equal(lookup.answer.value, 80);
  });
});

describe('lookUpAcrossFleet', () => {
  test('nodes grouped by the value they get, the most first, those without one last', async () => {
    reads = 0;
    const lookup = await lookUpAcrossFleet('port', config, FLEET, present, read);
    assert.deepEqual(
      lookup.groups.map((group) => [group.found, group.value, group.certnames]),
      [
        [true, 80, ['web1', 'web2', 'web3']],
        [true, 5432, ['db1']],
        [false, undefined, ['bare']],
      ],
    );
    assert.deepEqual(lookup.groups[0]!.byEnvironment, [
      { environment: 'production', count: 2 },
      { environment: 'staging', count: 1 },
    ]);
    assert.deepEqual(
      lookup.files.map((file) => [file.path, file.value, file.readers]),
      [
        ['data/roles/db.yaml', 5432, 1],
        ['data/roles/web.yaml', 80, 3],
      ],
    );
    assert.equal(lookup.nodes, FLEET.length);
    // web2 and web3 read the same files: looked up once (web1 has a file of its own)
    assert.equal(reads, 3 + 2 + 2 + 1);
  });

  test('values are compared as the data writes them', async () => {
    const lookup = await lookUpAcrossFleet('motd', config, FLEET, present, read);
    assert.deepEqual(
      lookup.groups.map((group) => [group.value, group.certnames.length]),
      [['hello %{facts.role}', FLEET.length]],
    );
  });
});

describe('valueLine', () => {
  test('one line, a space after each comma and colon; strings as they are', () => {
    assert.equal(
      valueLine({ a: [1, 'x, y'], b: { c: null } }),
      '{"a": [1, "x, y"], "b": {"c": null}}',
    );
    assert.equal(valueLine('ENC[PKCS7,abc]'), 'ENC[PKCS7,abc]');
    assert.equal(valueLine(undefined), 'undefined');
  });
});
