/**
 * How one node differs from its peers (the group's members other than itself), read against the
 * group's norm (peerNorm.ts). The node's own share of the counts is taken out when it is a
 * member, so it is never its own peer. The rules, each against the peers alone:
 *
 * - a resource it has that most peers lack: held by fewer than half of the peers;
 * - a resource it lacks that most peers have: held by more than half of them;
 * - a parameter that differs: among the peers that hold the resource, more than half share one
 *   value of it (a missing parameter is a value too), and the node's is another;
 * - a package version that differs: among the peers with the package (same name and provider),
 *   more than half have one version, and the node has not that one;
 * - a fact where it is in a small minority: fewer than RARE_SHARE of the peers share its value,
 *   and more than half of them share another (a missing fact is a value too). Volatile facts are
 *   never read (factSkips.ts); a fact whose values are all different has no majority, so it
 *   never counts.
 *
 * The distance (for a ranking) is the number of these differences: each counts one.
 */
import { SELF, resourceKey, valueText } from './canonicalValue';
import { isVolatileFact } from './factSkips';
import { packageKey, type PeerNorm } from './peerNorm';
import type { NodePackage, NodeProfile, NodeResource } from './peerTypes';

/** A fact value shared by fewer than this share of the peers is rare (beside a majority). */
export const RARE_SHARE = 0.1;

/** The text of "not there": a parameter or fact the node (or a peer) does not have. */
export const ABSENT = '@absent';

export interface ResourceRef {
  type: string;
  /** Undefined: titled after the node itself (its certname), as on each peer. */
  title: string | undefined;
}

export interface ResourceDifference extends ResourceRef {
  /** Peers holding it. */
  peersWith: number;
}

export interface ParameterDifference {
  resource: ResourceRef;
  parameter: string;
  /** Value texts (canonical JSON, SELF or ABSENT). */
  value: string;
  majority: string;
  /** Peers with the majority value, among `holders` peers holding the resource. */
  majorityCount: number;
  holders: number;
}

export interface PackageDifference {
  name: string;
  provider: string;
  versions: string[];
  majority: string;
  majorityCount: number;
  /** Peers with the package. */
  holders: number;
}

export interface FactDifference {
  name: string;
  value: string;
  /** Peers sharing the node's value. */
  sharedBy: number;
  majority: string;
  majorityCount: number;
}

export interface PeerComparison {
  certname: string;
  /** Whether the node is a member of the group (then it is not counted among its peers). */
  member: boolean;
  peers: number;
  extraResources: ResourceDifference[];
  missingResources: ResourceDifference[];
  parameters: ParameterDifference[];
  packages: PackageDifference[];
  facts: FactDifference[];
  distance: number;
}

/** The peers: the members, the node left out. */
function peerCount(certname: string, norm: PeerNorm): { member: boolean; peers: number } {
  const member = norm.members.has(certname);
  return { member, peers: norm.members.size - (member ? 1 : 0) };
}

interface PeerTally {
  /** The value more than half of the peers counted hold (ABSENT too), and how many do. */
  majority: { value: string; count: number } | undefined;
  /** How many peers hold `value`. */
  shared(value: string): number;
  /** The peers counted: `total` given, or those holding any value. */
  total: number;
}

/**
 * The peers' counts of the values of one thing (a parameter, a fact, a package's versions): the
 * norm's, less the node's own values when it is a member, and ABSENT for the rest of `total`.
 * Read in place, never copied: a ranking asks this for every node and every parameter, and a
 * parameter may have as many values as the group has nodes.
 */
function peerTally(
  counts: ReadonlyMap<string, number> | undefined,
  own: readonly string[],
  member: boolean,
  total?: number,
): PeerTally {
  const less = (value: string) => (member && own.includes(value) ? 1 : 0);
  let present = 0;
  for (const [value, count] of counts ?? []) present += count - less(value);
  const all = total ?? present;
  const absent = Math.max(0, all - present);
  let majority: PeerTally['majority'];
  for (const [value, count] of counts ?? []) {
    const held = count - less(value);
    if (held * 2 > all) {
      majority = { value, count: held };
      break;
    }
  }
  if (!majority && absent * 2 > all) majority = { value: ABSENT, count: absent };
  return {
    majority,
    total: all,
    shared: (value) =>
      value === ABSENT ? absent : Math.max(0, (counts?.get(value) ?? 0) - less(value)),
  };
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const refText = (ref: ResourceRef) => `${ref.type}[${ref.title ?? SELF}]`;
const byRef = (a: ResourceRef, b: ResourceRef) => byText(refText(a), refText(b));

export interface ResourceDifferences {
  extraResources: ResourceDifference[];
  missingResources: ResourceDifference[];
  parameters: ParameterDifference[];
}

/** The resource part of the comparison: extra, missing, and parameters that differ. */
export function compareResources(
  certname: string,
  resources: readonly NodeResource[],
  norm: PeerNorm,
): ResourceDifferences {
  const { member, peers } = peerCount(certname, norm);
  const names = new Set(norm.members).add(certname);
  const extraResources: ResourceDifference[] = [];
  const parameters: ParameterDifference[] = [];
  const held = new Set<string>();
  for (const resource of resources) {
    const key = resourceKey(resource.type, resource.title, names);
    if (held.has(key) || peers === 0) continue;
    held.add(key);
    const groupNorm = norm.resources.get(key);
    const ref = {
      type: resource.type,
      title: names.has(resource.title) ? undefined : resource.title,
    };
    const holders = Math.max(0, (groupNorm?.holders ?? 0) - (member ? 1 : 0));
    if (holders * 2 < peers) {
      extraResources.push({ ...ref, peersWith: holders });
      continue;
    }
    const parameterNames = new Set([
      ...Object.keys(resource.parameters),
      ...(groupNorm?.parameters.keys() ?? []),
    ]);
    for (const parameter of parameterNames) {
      const value =
        parameter in resource.parameters
          ? valueText(resource.parameters[parameter], names)
          : ABSENT;
      const { majority } = peerTally(
        groupNorm?.parameters.get(parameter),
        [value],
        member,
        holders,
      );
      if (majority && majority.value !== value) {
        parameters.push({
          resource: ref,
          parameter,
          value,
          majority: majority.value,
          majorityCount: majority.count,
          holders,
        });
      }
    }
  }
  const missingResources: ResourceDifference[] = [];
  if (peers > 0) {
    for (const [key, groupNorm] of norm.resources) {
      if (held.has(key) || groupNorm.holders * 2 <= peers) continue;
      missingResources.push({
        type: groupNorm.type,
        title: groupNorm.title,
        peersWith: groupNorm.holders,
      });
    }
  }
  return {
    extraResources: extraResources.sort(byRef),
    missingResources: missingResources.sort(byRef),
    parameters: parameters.sort(
      (a, b) => byRef(a.resource, b.resource) || byText(a.parameter, b.parameter),
    ),
  };
}

/** Package versions that differ from the peers' majority version. */
export function comparePackages(
  certname: string,
  packages: readonly NodePackage[],
  norm: PeerNorm,
): PackageDifference[] {
  const { member } = peerCount(certname, norm);
  const versions = new Map<string, { name: string; provider: string; versions: string[] }>();
  for (const item of packages) {
    const key = packageKey(item.name, item.provider);
    const entry = versions.get(key) ?? { name: item.name, provider: item.provider, versions: [] };
    if (!entry.versions.includes(item.version)) entry.versions.push(item.version);
    versions.set(key, entry);
  }
  const differences: PackageDifference[] = [];
  for (const [key, entry] of versions) {
    // a peer with two versions counts twice: the majority is of the versions installed
    const { majority, total: holders } = peerTally(norm.packages.get(key), entry.versions, member);
    if (majority && !entry.versions.includes(majority.value)) {
      differences.push({
        ...entry,
        versions: entry.versions.sort(byText),
        majority: majority.value,
        majorityCount: majority.count,
        holders,
      });
    }
  }
  return differences.sort((a, b) => byText(a.name, b.name) || byText(a.provider, b.provider));
}

/**
 * The facts that can differ for some member: those with a value (or an absence) held by more than
 * half of a member's peers. A fact whose every value is held by fewer (an address, a host key)
 * never counts for anyone, so a ranking need not read it.
 */
export function factsWithAMajority(norm: PeerNorm): string[] {
  const peers = norm.members.size - 1;
  const names: string[] = [];
  for (const [name, counts] of norm.facts) {
    let holders = 0;
    let most = 0;
    for (const count of counts.values()) {
      holders += count;
      most = Math.max(most, count);
    }
    if (most * 2 > peers || (norm.members.size - holders) * 2 > peers) names.push(name);
  }
  return names.sort(byText);
}

/** Facts whose value few peers share, beside a value most of them share. */
export function compareFacts(
  certname: string,
  facts: Readonly<Record<string, unknown>>,
  norm: PeerNorm,
): FactDifference[] {
  const { member, peers } = peerCount(certname, norm);
  if (peers === 0) return [];
  const names = new Set(norm.members).add(certname);
  const differences: FactDifference[] = [];
  for (const [name, raw] of Object.entries(facts)) {
    if (isVolatileFact(name)) continue;
    const value = valueText(raw, names);
    const tally = peerTally(norm.facts.get(name), [value], member, peers);
    const sharedBy = tally.shared(value);
    const { majority } = tally;
    if (majority && majority.value !== value && sharedBy < RARE_SHARE * peers) {
      differences.push({
        name,
        value,
        sharedBy,
        majority: majority.value,
        majorityCount: majority.count,
      });
    }
  }
  return differences.sort((a, b) => byText(a.name, b.name));
}

/** How many differences of each kind a comparison found. */
export interface DifferenceCounts {
  extraResources: number;
  missingResources: number;
  parameters: number;
  packages: number;
  facts: number;
}

/** The distance from the peers: every difference counts one. */
export function distanceOf(counts: DifferenceCounts): number {
  return (
    counts.extraResources +
    counts.missingResources +
    counts.parameters +
    counts.packages +
    counts.facts
  );
}

/** A comparison's counts of each kind of difference. */
export function differenceCounts(
  comparison: Omit<PeerComparison, 'certname' | 'member' | 'peers' | 'distance'>,
): DifferenceCounts {
  return {
    extraResources: comparison.extraResources.length,
    missingResources: comparison.missingResources.length,
    parameters: comparison.parameters.length,
    packages: comparison.packages.length,
    facts: comparison.facts.length,
  };
}

/** How `node` differs from its peers in the group whose norm is `norm`. */
export function comparePeers(node: NodeProfile, norm: PeerNorm): PeerComparison {
  const parts = {
    ...compareResources(node.certname, node.resources, norm),
    packages: comparePackages(node.certname, node.packages, norm),
    facts: compareFacts(node.certname, node.facts, norm),
  };
  return {
    certname: node.certname,
    ...peerCount(node.certname, norm),
    ...parts,
    distance: distanceOf(differenceCounts(parts)),
  };
}
