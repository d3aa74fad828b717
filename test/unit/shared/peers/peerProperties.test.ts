/**
 * The comparison read from aggregate counts (peerNorm, comparePeers) against the rules applied
 * one peer at a time, as a person would with every peer's profile laid out: the same differences,
 * for any group; and a node's answer is the same whether the group's counts hold it or not.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  ABSENT,
  canonicalJson,
  comparePeers,
  factsWithAMajority,
  compareFacts,
  isVolatileFact,
  peerNorm,
  RARE_SHARE,
  SELF,
  type NodeProfile,
} from '../../../../src/shared/peers';
import { assertProperty } from '../../properties/support/property';
import { groupCountsOf } from './groupCounts';

/** What a profile draws from: small pools, so that peers share things (and some do not). */
const value = fc.constantFrom<unknown>(1, 'x', true, ['a'], { k: 1 }, '@own');
const parameters = fc.dictionary(fc.constantFrom('ensure', 'mode'), value, { maxKeys: 2 });
const resources = fc.uniqueArray(
  fc.record({
    type: fc.constantFrom('File', 'Package'),
    title: fc.constantFrom('a', 'b', 'c', '@own'),
    parameters,
  }),
  { selector: (resource) => `${resource.type}[${resource.title}]`, maxLength: 5 },
);
const facts = fc.dictionary(fc.constantFrom('tz', 'os', 'uptime', 'debug'), value, { maxKeys: 4 });
const packages = fc.uniqueArray(
  fc.record({
    name: fc.constantFrom('openssl', 'nginx'),
    version: fc.constantFrom('1', '2', '3'),
    provider: fc.constantFrom('apt', 'gem'),
  }),
  { selector: (item) => `${item.name}/${item.version}/${item.provider}`, maxLength: 4 },
);

/** `@own` stands for the profile's own certname: a resource titled after its node. */
const profile = (certname: string) =>
  fc.record({ resources, facts, packages }).map((drawn): NodeProfile => {
    const own = (item: unknown) => (item === '@own' ? certname : item);
    return {
      certname,
      resources: drawn.resources.map((resource) => ({
        type: resource.type,
        title: own(resource.title) as string,
        parameters: Object.fromEntries(
          Object.entries(resource.parameters).map(([name, item]) => [name, own(item)]),
        ),
      })),
      facts: Object.fromEntries(
        Object.entries(drawn.facts).map(([name, item]) => [name, own(item)]),
      ),
      packages: drawn.packages,
    };
  });

const group = fc
  .integer({ min: 1, max: 9 })
  .chain((size) => fc.tuple(...Array.from({ length: size }, (_, index) => profile(`n${index}`))));

/** The rules, one peer at a time. */
function byHand(node: NodeProfile, members: readonly NodeProfile[]) {
  const peers = members.filter((member) => member.certname !== node.certname);
  const names = new Set([node.certname, ...members.map((member) => member.certname)]);
  const text = (item: unknown) =>
    typeof item === 'string' && names.has(item) ? SELF : canonicalJson(item);
  const key = (type: string, title: string) => `${type}[${names.has(title) ? SELF : title}]`;
  const majority = (values: string[]) => {
    const counts = new Map<string, number>();
    for (const item of values) counts.set(item, (counts.get(item) ?? 0) + 1);
    return [...counts].find(([, count]) => count * 2 > values.length);
  };
  const result = {
    extra: [] as string[],
    missing: [] as string[],
    parameters: [] as string[],
    packages: [] as string[],
    facts: [] as string[],
  };
  if (peers.length === 0) return result;
  const mine = new Set(node.resources.map((resource) => key(resource.type, resource.title)));
  for (const resource of node.resources) {
    const k = key(resource.type, resource.title);
    const holders = peers.flatMap((peer) =>
      peer.resources.filter((theirs) => key(theirs.type, theirs.title) === k),
    );
    if (holders.length * 2 < peers.length) {
      result.extra.push(`${k} ${holders.length}`);
      continue;
    }
    const parameterNames = new Set(
      [resource, ...holders].flatMap((item) => Object.keys(item.parameters)),
    );
    for (const name of parameterNames) {
      const valueOf = (item: typeof resource) =>
        name in item.parameters ? text(item.parameters[name]) : ABSENT;
      const found = majority(holders.map(valueOf));
      if (found && found[0] !== valueOf(resource)) {
        result.parameters.push(`${k}.${name} ${found[0]} ${found[1]}`);
      }
    }
  }
  const theirs = new Set(
    peers.flatMap((peer) => peer.resources.map((resource) => key(resource.type, resource.title))),
  );
  for (const k of theirs) {
    const holders = peers.filter((peer) =>
      peer.resources.some((resource) => key(resource.type, resource.title) === k),
    );
    if (!mine.has(k) && holders.length * 2 > peers.length) {
      result.missing.push(`${k} ${holders.length}`);
    }
  }
  for (const [name, item] of Object.entries(node.facts)) {
    if (isVolatileFact(name)) continue;
    const values = peers.map((peer) => (name in peer.facts ? text(peer.facts[name]) : ABSENT));
    const found = majority(values);
    const shared = values.filter((theirsValue) => theirsValue === text(item)).length;
    if (found && found[0] !== text(item) && shared < RARE_SHARE * peers.length) {
      result.facts.push(`${name} ${shared}`);
    }
  }
  const packageKeys = new Set(node.packages.map((item) => `${item.name}/${item.provider}`));
  for (const k of packageKeys) {
    const versions = peers.flatMap((peer) =>
      peer.packages
        .filter((item) => `${item.name}/${item.provider}` === k)
        .map((item) => item.version),
    );
    const found = majority(versions);
    const own = node.packages
      .filter((item) => `${item.name}/${item.provider}` === k)
      .map((item) => item.version);
    if (found && !own.includes(found[0])) result.packages.push(`${k} ${found[0]} ${found[1]}`);
  }
  return result;
}

describe('a node against its peers, for any group', () => {
  test('the comparison from aggregate counts finds what comparing peer by peer finds', (t) => {
    assertProperty(
      t,
      fc.property(group, fc.nat(), (members, pick) => {
        const node = members[pick % members.length]!;
        const comparison = comparePeers(node, peerNorm(groupCountsOf(members)));
        const ref = (item: { type: string; title: string | undefined }) =>
          `${item.type}[${item.title ?? SELF}]`;
        const found = {
          extra: comparison.extraResources.map((item) => `${ref(item)} ${item.peersWith}`),
          missing: comparison.missingResources.map((item) => `${ref(item)} ${item.peersWith}`),
          parameters: comparison.parameters.map(
            (item) =>
              `${ref(item.resource)}.${item.parameter} ${item.majority} ${item.majorityCount}`,
          ),
          packages: comparison.packages.map(
            (item) => `${item.name}/${item.provider} ${item.majority} ${item.majorityCount}`,
          ),
          facts: comparison.facts.map((item) => `${item.name} ${item.sharedBy}`),
        };
        const expected = byHand(node, members);
        const sorted = (lists: Record<string, string[]>) =>
          Object.fromEntries(Object.entries(lists).map(([name, list]) => [name, [...list].sort()]));
        assert.deepEqual(sorted(found), sorted(expected));
        assert.equal(comparison.distance, Object.values(expected).flat().length);
      }),
    );
  });

  test('a member compared with the group is compared with the group without it', (t) => {
    assertProperty(
      t,
      fc.property(group, fc.nat(), (members, pick) => {
        const node = members[pick % members.length]!;
        const others = members.filter((member) => member !== node);
        const inside = comparePeers(node, peerNorm(groupCountsOf(members)));
        const outside = comparePeers(node, peerNorm(groupCountsOf(others)));
        assert.deepEqual({ ...outside, member: true }, inside);
      }),
    );
  });

  test('a ranking that reads only the facts with a majority finds every rare fact', (t) => {
    assertProperty(
      t,
      fc.property(group, fc.nat(), (members, pick) => {
        const node = members[pick % members.length]!;
        const norm = peerNorm(groupCountsOf(members));
        const read = new Set(factsWithAMajority(norm));
        const facts = Object.fromEntries(
          Object.entries(node.facts).filter(([name]) => read.has(name)),
        );
        assert.deepEqual(
          compareFacts(node.certname, facts, norm),
          compareFacts(node.certname, node.facts, norm),
        );
      }),
    );
  });
});
