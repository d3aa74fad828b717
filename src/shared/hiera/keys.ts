/**
 * Dotted keys, as Hiera reads them in an interpolation (`%{facts.os.family}`) and in a lookup key
 * (`profile::ntp::servers.0`): segments split on `.`, a segment in single or double quotes may hold
 * dots (`facts."os.family"`), whitespace around a segment is insignificant, and a segment of digits
 * indexes an array. Puppet's rules (lib/puppet/pops/lookup/sub_lookup.rb), kept here in one place.
 */

/** The segments of a dotted key, or the reason it is not one. */
export function splitKey(key: string): { segments: string[] } | { problem: string } {
  const segments: string[] = [];
  let at = 0;
  for (;;) {
    const rest = key.slice(at);
    const quoted = /^\s*(?:"([^"]+)"|'([^']+)')\s*/.exec(rest);
    const bare = quoted ? undefined : /^[^'".]+/.exec(rest);
    const match = quoted ?? bare;
    if (!match) return { problem: `Syntax error in key '${key}'` };
    segments.push(quoted ? (quoted[1] ?? quoted[2]!) : match[0].trim());
    at += match[0].length;
    if (at === key.length) break;
    if (key[at] !== '.') return { problem: `Syntax error in key '${key}'` };
    at++;
    if (at === key.length) return { problem: `Syntax error in key '${key}'` };
  }
  if (segments.some((segment) => segment === '')) {
    return { problem: `Syntax error in key '${key}'` };
  }
  return { segments };
}

/** Segments written back as one key: a segment holding a dot (or a quote) in double quotes. */
export function joinKey(segments: readonly string[]): string {
  return segments
    .map((segment) => (/^[^'".\s]+$/.test(segment) ? segment : `"${segment}"`))
    .join('.');
}

export type Dug = { found: true; value: unknown } | { found: false } | { problem: string };

/**
 * Follows `segments` into `value` as Hiera does: digits index an array, anything else a hash; a
 * missing key or index is "not found", a segment applied to the wrong kind of value a problem
 * (Puppet stops the lookup with "Data Provider type mismatch").
 */
export function dig(value: unknown, segments: readonly string[], key: string): Dug {
  let current = value;
  for (const segment of segments) {
    if (current === undefined || current === null) return { found: false };
    if (/^[0-9]+$/.test(segment)) {
      if (!Array.isArray(current)) {
        return {
          problem: `Got ${kindOf(current)} when an array was expected to use '${segment}' of '${key}'`,
        };
      }
      const index = Number(segment);
      if (index >= current.length) return { found: false };
      current = current[index];
    } else {
      if (!isHash(current)) {
        return {
          problem: `Got ${kindOf(current)} when a hash was expected to use '${segment}' of '${key}'`,
        };
      }
      if (!Object.hasOwn(current, segment)) return { found: false };
      current = current[segment];
    }
  }
  return { found: true, value: current };
}

/** A plain hash (not an array, a Set, a Date or bytes). */
export function isHash(value: unknown): value is Record<string, unknown> {
  return Object.prototype.toString.call(value) === '[object Object]';
}

export function kindOf(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  if (isHash(value)) return 'a hash';
  return `a ${typeof value}`;
}
