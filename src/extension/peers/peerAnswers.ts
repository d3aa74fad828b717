/**
 * The two answers, without vscode: how one node differs from its peers, and a group's members
 * ranked by their distance from their peers. The node's role (its class matching the role
 * pattern) is found in its own catalog, read once for the comparison too.
 */
import type { PuppetDB } from '../../client';
import {
  comparePeers,
  peerNorm,
  rankNodes,
  roleClasses,
  type PeerComparison,
  type PeerGroup,
  type RankedNode,
} from '../../shared/peers';
import {
  groupCounts,
  groupMembers,
  nodeProfile,
  rankMembers,
  type RankOptions,
} from './peerQueries';

/** The node has no class matching the role pattern: the user names a group instead. */
export class NoRoleError extends Error {
  constructor(
    readonly certname: string,
    readonly pattern: RegExp,
  ) {
    super(`No class of ${certname} matches the role pattern ${String(pattern)}.`);
  }
}

/** PuppetDB holds nothing of the node: no catalog, facts or packages. */
export class UnknownNodeError extends Error {
  constructor(readonly certname: string) {
    super(`PuppetDB holds no catalog, facts or packages of ${certname}.`);
  }
}

/** Peers by role (the pattern finds the class), or a group named. */
export type PeerGroupChoice = { role: RegExp } | PeerGroup;

export interface PeerAnswer {
  certname: string;
  group: PeerGroup;
  /** Every class of the node matching the role pattern, when its role chose the group. */
  roles: string[] | undefined;
  members: string[];
  comparison: PeerComparison;
}

export async function compareWithPeers(
  client: PuppetDB,
  certname: string,
  choice: PeerGroupChoice,
  signal?: AbortSignal,
): Promise<PeerAnswer> {
  const countsOf = async (group: PeerGroup) => {
    const members = await groupMembers(client, group, signal);
    return { members, counts: await groupCounts(client, members, signal) };
  };
  let group: PeerGroup;
  let roles: string[] | undefined;
  let node;
  let found;
  if ('role' in choice) {
    node = await nodeProfile(client, certname, signal);
    roles = roleClasses(node.resources, choice.role);
    const [role] = roles;
    if (role === undefined) {
      if (node.resources.length === 0 && Object.keys(node.facts).length === 0) {
        throw new UnknownNodeError(certname);
      }
      throw new NoRoleError(certname, choice.role);
    }
    group = { kind: 'class', title: role };
    found = await countsOf(group);
  } else {
    group = choice;
    [node, found] = await Promise.all([nodeProfile(client, certname, signal), countsOf(group)]);
  }
  if (
    node.resources.length === 0 &&
    Object.keys(node.facts).length === 0 &&
    node.packages.length === 0
  ) {
    throw new UnknownNodeError(certname);
  }
  return {
    certname,
    group,
    roles,
    members: found.members,
    comparison: comparePeers(node, peerNorm(found.counts)),
  };
}

export interface GroupRanking {
  group: PeerGroup;
  members: number;
  /** Farthest first. */
  nodes: RankedNode[];
}

/** A group's members, farthest from their peers first. */
export async function rankGroup(
  client: PuppetDB,
  group: PeerGroup,
  options: RankOptions = {},
): Promise<GroupRanking> {
  const members = await groupMembers(client, group, options.signal);
  const norm = peerNorm(await groupCounts(client, members, options.signal));
  const nodes = rankNodes(await rankMembers(client, members, norm, options));
  return { group, members: members.length, nodes };
}
