/**
 * Facts the comparison never reads: they change from one run to the next on every node (uptime,
 * free memory, load, free space), so a node's value says nothing about how it was built. Facts
 * that differ on every node by design (certname, IP and MAC addresses, host keys, UUIDs) need no
 * entry: no value of theirs is held by a majority, and a node is only "rare" beside a majority.
 */
export const VOLATILE_FACTS: readonly string[] = [
  'uptime',
  'uptime_seconds',
  'uptime_hours',
  'uptime_days',
  'system_uptime',
  'memoryfree',
  'memoryfree_mb',
  'swapfree',
  'swapfree_mb',
  'memory',
  'load_averages',
  'mountpoints',
  '_timestamp',
  'puppet_inventory_metadata',
];

const volatile = new Set(VOLATILE_FACTS);

export function isVolatileFact(name: string): boolean {
  return volatile.has(name);
}
