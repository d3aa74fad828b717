/**
 * Hiera's merge behaviours, as Puppet implements them (lib/puppet/pops/merge_strategy.rb, and the
 * deep_merge gem it calls): values come highest priority first and are folded pairwise, the
 * higher one winning.
 * - `first`: the first value found.
 * - `unique`: every value flattened into one array, duplicates dropped, higher priority first.
 * - `hash`: hashes merged on their top keys, the higher priority value winning a key; the keys
 *   keep Ruby's Hash#merge order (the lower hash's keys first, then the keys only the higher has).
 * - `deep`: hashes merged recursively, arrays joined into a unique set (the lower array's elements
 *   first: deep_merge's `dest | source`), anything else taken from the higher value; with
 *   `knockout_prefix` (`--x` removes x), `merge_hash_arrays` and `sort_merged_arrays`.
 */
import { isHash } from './keys';

export type MergeStrategy = 'first' | 'unique' | 'hash' | 'deep';

/** A strategy's name, or the hash form (`{ strategy: deep, knockout_prefix: '--' }`). */
export type MergeBehaviour =
  | MergeStrategy
  | {
      strategy: MergeStrategy;
      knockout_prefix?: string;
      merge_hash_arrays?: boolean;
      sort_merged_arrays?: boolean;
      merge_debug?: boolean;
    };

export function strategyOf(merge: MergeBehaviour): MergeStrategy {
  return typeof merge === 'string' ? merge : merge.strategy;
}

const STRATEGIES = new Set<string>(['first', 'unique', 'hash', 'deep']);
const DEEP_OPTIONS: Record<string, 'string' | 'boolean'> = {
  knockout_prefix: 'string',
  merge_hash_arrays: 'boolean',
  sort_merged_arrays: 'boolean',
  merge_debug: 'boolean',
};

/** A merge given by a person or a data file (`lookup_options`), checked as Puppet checks it. */
export function readMergeBehaviour(
  value: unknown,
): { merge: MergeBehaviour } | { problem: string } {
  if (typeof value === 'string') {
    // Puppet's own name for first-found when none is given.
    if (value === 'default') return { merge: 'first' };
    if (STRATEGIES.has(value)) return { merge: value as MergeStrategy };
    return { problem: `Unknown merge strategy '${value}' (first, unique, hash or deep)` };
  }
  if (!isHash(value)) {
    return { problem: 'A merge is the name of a strategy or a hash with a strategy key' };
  }
  const strategy = value.strategy;
  if (typeof strategy !== 'string') {
    return { problem: "The hash given as 'merge' must name its strategy under the key 'strategy'" };
  }
  const named = readMergeBehaviour(strategy);
  if ('problem' in named) return named;
  const options = Object.entries(value).filter(([key]) => key !== 'strategy');
  if (options.length === 0) return named;
  if (named.merge !== 'deep') {
    return {
      problem: `The ${named.merge} merge takes no options (${options.map(([k]) => k).join(', ')})`,
    };
  }
  for (const [key, option] of options) {
    const type = DEEP_OPTIONS[key];
    if (!type) return { problem: `The deep merge has no option '${key}'` };
    if (typeof option !== type || (key === 'knockout_prefix' && option === '')) {
      return {
        problem: `The deep merge's ${key} must be ${type === 'string' ? 'non-empty text' : 'true or false'}`,
      };
    }
  }
  return { merge: { ...(value as Record<string, unknown>), strategy: 'deep' } as MergeBehaviour };
}

/**
 * The values (highest priority first) merged, or the problem Puppet stops the lookup with (a
 * hash merge of something that is not a hash, a unique merge of a hash).
 */
export function mergeValues(
  values: readonly unknown[],
  merge: MergeBehaviour,
): { value: unknown } | { problem: string } {
  if (values.length === 0) return { problem: 'nothing to merge' };
  const strategy = strategyOf(merge);
  if (strategy === 'first') return { value: values[0] };
  if (strategy === 'unique') {
    const hash = values.find(isHash);
    if (hash !== undefined && values.length > 1) {
      return { problem: 'A unique merge takes text, numbers and arrays, not a hash' };
    }
    return {
      value: union(
        [],
        values.flatMap((value) => flatten(value)),
      ),
    };
  }
  if (strategy === 'hash') {
    if (values.length > 1 && !values.every(isHash)) {
      return { problem: 'A hash merge takes hashes only' };
    }
    return { value: values.reduce((higher, lower) => hashMerge(higher, lower)) };
  }
  const options = typeof merge === 'string' ? {} : merge;
  return {
    value: values.reduce((higher, lower) => deepMerge(higher, clone(lower), options)),
  };
}

function hashMerge(higher: unknown, lower: unknown): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(lower as Record<string, unknown>)) {
    setOwn(result, key, value);
  }
  for (const [key, value] of Object.entries(higher as Record<string, unknown>)) {
    setOwn(result, key, value);
  }
  return result;
}

interface DeepOptions {
  knockout_prefix?: string;
  merge_hash_arrays?: boolean;
  sort_merged_arrays?: boolean;
}

/** deep_merge's `deep_merge!(source, dest)` with preserve_unmergeables off: source wins. */
export function deepMerge(source: unknown, dest: unknown, options: DeepOptions): unknown {
  const knockout = options.knockout_prefix;
  // "do nothing if source is nil"; "if dest doesn't exist, then simply copy source to it"
  if (source === null || source === undefined) return dest;
  if (dest === null || dest === undefined || dest === false) return source;
  if (isHash(source)) {
    if (!isHash(dest)) return overwriteUnmergeables(source, knockout);
    const result: Record<string, unknown> = { ...dest };
    for (const [key, value] of Object.entries(source)) {
      const existing = Object.hasOwn(result, key) ? result[key] : undefined;
      const present = existing !== null && existing !== undefined && existing !== false;
      setOwn(result, key, deepMerge(value, present ? existing : clone(value), options));
    }
    return result;
  }
  if (Array.isArray(source)) {
    let incoming = [...source];
    let target: unknown = dest;
    // A bare knockout prefix in the higher array empties the lower value.
    if (knockout !== undefined && incoming.includes(knockout)) {
      target = cleared(target);
      incoming = incoming.filter((item) => item !== knockout);
    }
    if (!Array.isArray(target)) return overwriteUnmergeables(incoming, knockout);
    let existing = [...target];
    if (knockout !== undefined) {
      incoming = incoming.filter((item) => {
        if (typeof item !== 'string' || !item.startsWith(knockout)) return true;
        const removed = canonical(item.slice(knockout.length));
        const prefixed = canonical(item);
        existing = existing.filter((e) => canonical(e) !== removed && canonical(e) !== prefixed);
        return false;
      });
    }
    let merged: unknown[];
    if (options.merge_hash_arrays && incoming.every(isHash) && existing.every(isHash)) {
      merged = existing.map((element, index) => deepMerge(incoming[index] ?? {}, element, options));
      merged.push(...incoming.slice(existing.length));
    } else {
      merged = union(existing, incoming);
    }
    return options.sort_merged_arrays ? sortedLikeRuby(merged) : merged;
  }
  return overwriteUnmergeables(source, knockout);
}

/** The higher value replaces the lower one (what deep_merge calls overwriting unmergeables). */
function overwriteUnmergeables(source: unknown, knockout: string | undefined): unknown {
  if (knockout === undefined) return source;
  if (typeof source === 'string') {
    // A knocked-out text empties the value ("source = {:x => '--'} … Results: {:x => ''}").
    return source.startsWith(knockout) ? '' : source;
  }
  if (Array.isArray(source)) {
    return source.filter((item) => !(typeof item === 'string' && item.startsWith(knockout)));
  }
  return source;
}

/** What Ruby's `clear` leaves of a value, or nothing when it has no `clear`. */
function cleared(value: unknown): unknown {
  if (Array.isArray(value)) return [];
  if (isHash(value)) return {};
  if (typeof value === 'string') return '';
  return undefined;
}

function flatten(value: unknown): unknown[] {
  return Array.isArray(value) ? value.flatMap((element) => flatten(element)) : [value];
}

/** Ruby's `a | b`: the elements of both, each once, in order of first appearance. */
function union(first: readonly unknown[], second: readonly unknown[]): unknown[] {
  const seen = new Set<string>();
  const result: unknown[] = [];
  for (const element of [...first, ...second]) {
    const key = canonical(element);
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(element);
  }
  return result;
}

/** Ruby sorts texts by bytes and numbers by value; a mix it refuses, and it is left as it is. */
function sortedLikeRuby(values: unknown[]): unknown[] {
  if (values.every((value) => typeof value === 'string')) {
    return [...(values as string[])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }
  if (values.every((value) => typeof value === 'number')) {
    return [...(values as number[])].sort((a, b) => a - b);
  }
  return values;
}

/** A key equal for equal data (a hash's key order does not matter, as with Ruby's Hash#eql?). */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isHash(value)) {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`);
    return `{${entries.join(',')}}`;
  }
  if (value === undefined) return 'null';
  return JSON.stringify(value) ?? String(value);
}

export function clone(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clone);
  if (isHash(value)) {
    const result: Record<string, unknown> = {};
    for (const [key, element] of Object.entries(value)) setOwn(result, key, clone(element));
    return result;
  }
  return value;
}

/** An own property, even for a key like `__proto__` that plain assignment would not create. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
