/**
 * The group's counts of a list of profiles, made as PuppetDB's `group by` queries make them (a
 * row per distinct type, title and parameters; per fact name and value; per package name, version
 * and provider), for the unit tests of src/shared/peers.
 */
import { canonicalJson, type GroupCounts, type NodeProfile } from '../../../../src/shared/peers';

function tally<T>(items: T[], keyOf: (item: T) => string): Array<{ item: T; count: number }> {
  const rows = new Map<string, { item: T; count: number }>();
  for (const item of items) {
    const key = keyOf(item);
    const row = rows.get(key);
    if (row) row.count++;
    else rows.set(key, { item, count: 1 });
  }
  return [...rows.values()];
}

export function groupCountsOf(profiles: readonly NodeProfile[]): GroupCounts {
  return {
    members: profiles.map((profile) => profile.certname),
    resources: tally(
      profiles.flatMap((profile) => profile.resources),
      (resource) => canonicalJson([resource.type, resource.title, resource.parameters]),
    ).map(({ item, count }) => ({ ...item, count })),
    facts: tally(
      profiles.flatMap((profile) =>
        Object.entries(profile.facts).map(([name, value]) => ({ name, value })),
      ),
      (fact) => canonicalJson([fact.name, fact.value]),
    ).map(({ item, count }) => ({ ...item, count })),
    packages: tally(
      profiles.flatMap((profile) => profile.packages),
      (item) => canonicalJson([item.name, item.version, item.provider]),
    ).map(({ item, count }) => ({ ...item, count })),
  };
}
