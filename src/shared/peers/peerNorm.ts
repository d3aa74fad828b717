/**
 * The group's norm, built once from its aggregate counts: for each resource (type and title, a
 * title naming its own node folded into SELF) how many members hold it and how many hold each
 * value of each of its parameters; for each fact and each package, how many members hold each
 * value or version. Comparing one node, or each node of a ranking, then reads it without asking
 * PuppetDB again.
 */
import { resourceKey, valueText } from './canonicalValue';
import { isVolatileFact } from './factSkips';
import type { GroupCounts } from './peerTypes';

export interface ResourceNorm {
  type: string;
  /** The title, or undefined when it names the member that holds it (SELF). */
  title: string | undefined;
  holders: number;
  /** Parameter name → value text → members holding the resource with that value. */
  parameters: Map<string, Map<string, number>>;
}

export interface PeerNorm {
  members: ReadonlySet<string>;
  /** By resourceKey(). */
  resources: Map<string, ResourceNorm>;
  /** Fact name → value text → members (volatile facts left out). */
  facts: Map<string, Map<string, number>>;
  /** packageKey() → version → members. */
  packages: Map<string, Map<string, number>>;
}

export const packageKey = (name: string, provider: string) => `${name}\u0000${provider}`;

function add(counts: Map<string, number>, key: string, count: number): void {
  counts.set(key, (counts.get(key) ?? 0) + count);
}

function inner<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
}

export function peerNorm(counts: GroupCounts): PeerNorm {
  const members = new Set(counts.members);
  const resources = new Map<string, ResourceNorm>();
  for (const row of counts.resources) {
    const key = resourceKey(row.type, row.title, members);
    const norm = inner(resources, key, () => ({
      type: row.type,
      title: members.has(row.title) ? undefined : row.title,
      holders: 0,
      parameters: new Map<string, Map<string, number>>(),
    }));
    norm.holders += row.count;
    for (const [name, value] of Object.entries(row.parameters)) {
      add(
        inner(norm.parameters, name, () => new Map()),
        valueText(value, members),
        row.count,
      );
    }
  }
  const facts = new Map<string, Map<string, number>>();
  for (const row of counts.facts) {
    if (isVolatileFact(row.name)) continue;
    add(
      inner(facts, row.name, () => new Map()),
      valueText(row.value, members),
      row.count,
    );
  }
  const packages = new Map<string, Map<string, number>>();
  for (const row of counts.packages) {
    add(
      inner(packages, packageKey(row.name, row.provider), () => new Map()),
      row.version,
      row.count,
    );
  }
  return { members, resources, facts, packages };
}
