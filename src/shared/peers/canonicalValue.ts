/**
 * Values compared as text: JSON with every object's keys sorted, so that two equal values read
 * from different queries (PuppetDB's JSONB orders keys its own way) compare equal. A string that
 * is one of the group's certnames (a resource titled after its node, a parameter naming it) is
 * the node's own name on every node: it reads as SELF, so that `Host[web01]` on web01 and
 * `Host[web02]` on web02 count as one resource held by both.
 */

/** The text of "the node's own certname": no JSON text starts with `@`. */
export const SELF = '@certname';

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A value's text, SELF when it is a string naming one of `certnames`. */
export function valueText(value: unknown, certnames: ReadonlySet<string>): string {
  return typeof value === 'string' && certnames.has(value) ? SELF : canonicalJson(value);
}

/** A resource's key: its type and its title (SELF when the title is a certname of the group). */
export function resourceKey(type: string, title: string, certnames: ReadonlySet<string>): string {
  return `${type}\u0000${certnames.has(title) ? SELF : title}`;
}
