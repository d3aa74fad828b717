import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  ABSENT,
  comparePeers,
  peerNorm,
  rankedNodeOf,
  rankNodes,
  SELF,
  VOLATILE_FACTS,
  type NodeProfile,
  type NodeResource,
} from '../../../../src/shared/peers';
import { groupCountsOf } from './groupCounts';

/** A web node as the role makes it: nginx, a host entry titled after itself, the usual facts. */
function webNode(
  index: number,
  change: (node: NodeProfile) => void = () => undefined,
): NodeProfile {
  const certname = `web${index}.example.com`;
  const resources: NodeResource[] = [
    { type: 'Class', title: 'Role::Web', parameters: {} },
    { type: 'Package', title: 'nginx', parameters: { ensure: 'installed' } },
    { type: 'Service', title: 'nginx', parameters: { ensure: 'running', enable: true } },
    {
      type: 'Host',
      title: certname,
      parameters: { ip: '127.0.1.1', host_aliases: [`web${index}`] },
    },
    { type: 'Nagios_host', title: certname, parameters: { address: certname } },
    { type: 'Ssh_authorized_key', title: 'alice', parameters: { key: `AAAA${index}` } },
  ];
  const node: NodeProfile = {
    certname,
    resources,
    facts: {
      timezone: 'UTC',
      os: { name: 'Debian', release: { major: '12' } },
      fqdn: certname,
      datacenter: ['fra1', 'ams2', 'zrh1', 'lon1'][index % 4],
      uptime_seconds: 1000 + index,
    },
    packages: [
      { name: 'openssl', version: '3.0.11', provider: 'apt' },
      { name: 'nginx', version: '1.22', provider: 'apt' },
    ],
  };
  change(node);
  return node;
}

const role = (count: number, stray?: number, change?: (node: NodeProfile) => void) =>
  Array.from({ length: count }, (_, index) =>
    webNode(index + 1, index + 1 === stray ? change : undefined),
  );

describe('a node against its peers', () => {
  test('a node like its peers differs in nothing: self-named resources, unique keys and volatile facts are no differences', () => {
    const group = role(12);
    const comparison = comparePeers(group[3]!, peerNorm(groupCountsOf(group)));
    assert.equal(comparison.member, true);
    assert.equal(comparison.peers, 11);
    assert.deepEqual(
      [comparison.extraResources, comparison.missingResources, comparison.parameters],
      [[], [], []],
    );
    assert.deepEqual([comparison.packages, comparison.facts], [[], []]);
    assert.equal(comparison.distance, 0);
  });

  test('an extra resource, a missing one, a parameter, a package version and a rare fact, each with its counts', () => {
    const group = role(12, 5, (node) => {
      const resources = node.resources.filter((resource) => resource.title !== 'alice');
      resources.push({ type: 'File', title: '/etc/debug.conf', parameters: { ensure: 'file' } });
      const service = resources.find((resource) => resource.type === 'Service')!;
      resources[resources.indexOf(service)] = {
        ...service,
        parameters: { ensure: 'running', enable: false },
      };
      node.resources = resources;
      node.facts = { ...node.facts, timezone: 'Europe/Zurich', uptime_seconds: 1 };
      node.packages = [node.packages[0]!, { name: 'nginx', version: '1.18', provider: 'apt' }];
    });
    const comparison = comparePeers(group[4]!, peerNorm(groupCountsOf(group)));
    assert.deepEqual(comparison.extraResources, [
      { type: 'File', title: '/etc/debug.conf', peersWith: 0 },
    ]);
    assert.deepEqual(comparison.missingResources, [
      { type: 'Ssh_authorized_key', title: 'alice', peersWith: 11 },
    ]);
    assert.deepEqual(comparison.parameters, [
      {
        resource: { type: 'Service', title: 'nginx' },
        parameter: 'enable',
        value: 'false',
        majority: 'true',
        majorityCount: 11,
        holders: 11,
      },
    ]);
    assert.deepEqual(comparison.packages, [
      {
        name: 'nginx',
        provider: 'apt',
        versions: ['1.18'],
        majority: '1.22',
        majorityCount: 11,
        holders: 11,
      },
    ]);
    assert.deepEqual(comparison.facts, [
      {
        name: 'timezone',
        value: '"Europe/Zurich"',
        sharedBy: 0,
        majority: '"UTC"',
        majorityCount: 11,
      },
    ]);
    assert.equal(comparison.distance, 5);
  });

  test('a missing parameter and a missing fact are values; a fact most peers lack is rare beside them', () => {
    const group = role(10, 2, (node) => {
      node.resources = node.resources.map((resource) =>
        resource.type === 'Package' ? { ...resource, parameters: {} } : resource,
      );
      node.facts = { ...node.facts, debug_mode: true };
    });
    const comparison = comparePeers(group[1]!, peerNorm(groupCountsOf(group)));
    assert.deepEqual(
      comparison.parameters.map((difference) => [
        difference.parameter,
        difference.value,
        difference.majority,
      ]),
      [['ensure', ABSENT, '"installed"']],
    );
    assert.deepEqual(
      comparison.facts.map((fact) => [fact.name, fact.sharedBy, fact.majority, fact.majorityCount]),
      [['debug_mode', 0, ABSENT, 9]],
    );
  });

  test('a value shared by at least a tenth of the peers, or beside no majority, is not rare', () => {
    // 2 of 11 peers share the node's time zone (18 %): not rare
    const group = role(12).map((node, index) =>
      index < 3 ? { ...node, facts: { ...node.facts, timezone: 'Europe/Zurich' } } : node,
    );
    assert.deepEqual(comparePeers(group[0]!, peerNorm(groupCountsOf(group))).facts, []);
    // the data centre cycles over four values: no majority, so never rare
    assert.ok(!VOLATILE_FACTS.includes('datacenter'));
  });

  test('a node outside the group is compared with every member; inside, never with itself', () => {
    const group = role(6);
    const outsider = webNode(99, (node) => {
      node.facts = { ...node.facts, timezone: 'Asia/Tokyo' };
    });
    const outside = comparePeers(outsider, peerNorm(groupCountsOf(group)));
    const inside = comparePeers(outsider, peerNorm(groupCountsOf([...group, outsider])));
    assert.equal(outside.member, false);
    assert.equal(inside.member, true);
    assert.deepEqual({ ...outside, member: true }, inside);
    assert.deepEqual(
      outside.facts.map((fact) => fact.name),
      ['timezone'],
    );
    // its own Host and Nagios_host are titled after it, as every member's: the same resources
    assert.deepEqual(outside.extraResources, []);
  });

  test('a group of one: no peers, nothing to differ from', () => {
    const [alone] = role(1);
    const comparison = comparePeers(alone!, peerNorm(groupCountsOf([alone!])));
    assert.equal(comparison.peers, 0);
    assert.equal(comparison.distance, 0);
  });

  test('a resource titled after a node and a parameter naming it read as SELF', () => {
    const group = role(4);
    const norm = peerNorm(groupCountsOf(group));
    const host = [...norm.resources.values()].find((resource) => resource.type === 'Host');
    assert.deepEqual([host?.title, host?.holders], [undefined, 4]);
    const nagios = [...norm.resources.values()].find((resource) => resource.type === 'Nagios_host');
    assert.deepEqual([...nagios!.parameters.get('address')!], [[SELF, 4]]);
  });

  test('the ranking: farthest first, then by certname', () => {
    const group = [
      ...role(8, 3, (node) => {
        node.facts = { ...node.facts, timezone: 'Asia/Tokyo' };
      }),
    ];
    const norm = peerNorm(groupCountsOf(group));
    const ranking = rankNodes(group.map((node) => rankedNodeOf(comparePeers(node, norm))));
    assert.deepEqual(
      ranking.map((node) => [node.certname, node.distance]),
      [
        ['web3.example.com', 1],
        ...group.filter((_, index) => index !== 2).map((node) => [node.certname, 0]),
      ],
    );
  });
});
