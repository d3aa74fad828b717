/**
 * A key looked up in a node's data files, as Puppet's `lookup()` does it in one data layer
 * (lib/puppet/pops/lookup/lookup_adapter.rb):
 * - the merge is the one given, else the key's `lookup_options` (`merge:`), else first found;
 * - `lookup_options` are read from the same files, merged with the `hash` strategy (a higher
 *   level's entry for a key replaces a lower one's whole); a key's options are those of its exact
 *   (root) key, else of the first pattern key (`^profile::.*`) matching it;
 * - the root key's values (highest priority first) are merged, then a dotted key (`a.b.0`) digs
 *   into the result: so with first found, `a.b` is not found when the first `a` has no `b`;
 * - eyaml values (`ENC[PKCS7,…]`) are not decrypted: they stay the text, `encrypted` says so;
 * - a custom backend's files are named and skipped (their data is never given here).
 * With a node's scope, `%{…}` in the values is interpolated as Hiera does (variables and
 * `literal`/`scope`); `lookup`/`alias` interpolations are left as written, with a problem.
 */
import type { HieraBackend } from './config';
import type { DataFileCandidate } from './dataFiles';
import { holdsEncrypted } from './dataFile';
import { interpolate } from './interpolate';
import { dig, isHash, splitKey } from './keys';
import { mergeValues, readMergeBehaviour, type MergeBehaviour } from './merge';
import type { NodeScope } from './scope';

export type { MergeBehaviour, MergeStrategy } from './merge';

export interface LookupSource {
  candidate: DataFileCandidate;
  /** The file's parsed data (`parseDataFile`); undefined when the file is missing or unread. */
  data: unknown;
}

export interface LevelValue {
  path: string;
  level: string;
  present: boolean;
  backend: HieraBackend;
  /** True when this file holds the key (the dotted key's whole path). */
  has: boolean;
  value?: unknown;
}

export interface LookupAnswer {
  found: boolean;
  value?: unknown;
  /** The merge applied. */
  merge: MergeBehaviour;
  /** Where the merge came from: the caller, the key's lookup_options, or first found by default. */
  mergeFrom: 'argument' | 'lookup_options' | 'default';
  /** The files whose values make the answer, highest priority first. */
  from: string[];
  /** Every candidate file, in lookup order, with what it holds for the key. */
  perLevel: LevelValue[];
  /** True when the answer holds an eyaml-encrypted value (shown encrypted, never decrypted). */
  encrypted: boolean;
  /** Why Puppet would stop this lookup, or what this emulation did not evaluate. */
  problems: string[];
}

/** The reserved key of a data file that holds per-key lookup options. */
export const LOOKUP_OPTIONS = 'lookup_options';

export function lookupKey(
  key: string,
  sources: ReadonlyArray<LookupSource>,
  merge?: MergeBehaviour,
  scope?: NodeScope,
): LookupAnswer {
  const problems: string[] = [];
  const perLevel: LevelValue[] = sources.map(({ candidate }) => ({
    path: candidate.path,
    level: candidate.level,
    present: candidate.present,
    backend: candidate.backend,
    has: false,
  }));
  const notFound = (answer: Partial<LookupAnswer>): LookupAnswer => ({
    found: false,
    merge: 'first',
    mergeFrom: 'default',
    from: [],
    perLevel,
    encrypted: false,
    problems,
    ...answer,
  });

  const split = splitKey(key);
  if ('problem' in split) {
    problems.push(split.problem);
    return notFound({});
  }
  const [root, ...segments] = split.segments as [string, ...string[]];
  if (root === LOOKUP_OPTIONS) {
    problems.push(
      `'${LOOKUP_OPTIONS}' is reserved for Hiera's options: it is not looked up as data`,
    );
    return notFound({});
  }

  let chosen: MergeBehaviour = 'first';
  let mergeFrom: LookupAnswer['mergeFrom'] = 'default';
  if (merge !== undefined) {
    const checked = readMergeBehaviour(merge);
    if ('problem' in checked) {
      problems.push(checked.problem);
      return notFound({ mergeFrom: 'argument' });
    }
    chosen = checked.merge;
    mergeFrom = 'argument';
  } else {
    const options = lookupOptionsFor(root, sources);
    problems.push(...options.problems);
    if (options.options?.merge !== undefined) {
      const checked = readMergeBehaviour(options.options.merge);
      if ('problem' in checked) {
        problems.push(`lookup_options for '${root}': ${checked.problem}`);
        return notFound({ mergeFrom: 'lookup_options' });
      }
      chosen = checked.merge;
      mergeFrom = 'lookup_options';
    }
  }

  // Each file's value for the root key (interpolated for the node), and for the whole key.
  const found: Array<{ index: number; value: unknown }> = [];
  sources.forEach(({ candidate, data }, index) => {
    if (!readable(candidate, data) || !Object.hasOwn(data, root)) return;
    const value = scope ? interpolateValue(data[root], scope, problems) : data[root];
    found.push({ index, value });
    const own = dig(value, segments, key);
    if ('found' in own && own.found) {
      perLevel[index] = { ...perLevel[index]!, has: true, value: own.value };
    }
  });
  const answer = { merge: chosen, mergeFrom };
  if (found.length === 0) return notFound(answer);

  const strategy = typeof chosen === 'string' ? chosen : chosen.strategy;
  const contributing = strategy === 'first' ? found.slice(0, 1) : found;
  const merged = mergeValues(
    contributing.map(({ value }) => value),
    chosen,
  );
  if ('problem' in merged) {
    problems.push(merged.problem);
    return notFound(answer);
  }
  const result = dig(merged.value, segments, key);
  if ('problem' in result) {
    problems.push(result.problem);
    return notFound(answer);
  }
  if (!result.found) return notFound(answer);
  const from = contributing
    .filter(({ index }) => perLevel[index]!.has)
    .map(({ index }) => sources[index]!.candidate.path);
  const fromEyaml = contributing.some(
    ({ index }) => sources[index]!.candidate.backend.kind === 'eyaml',
  );
  return {
    found: true,
    value: result.value,
    ...answer,
    from,
    perLevel,
    encrypted: fromEyaml && holdsEncrypted(result.value),
    problems,
  };
}

/**
 * The lookup options of a root key: the files' `lookup_options` merged as Hiera merges them
 * (`hash`), then the key's own entry, else the first matching pattern entry (a key starting `^`).
 */
export function lookupOptionsFor(
  rootKey: string,
  sources: ReadonlyArray<LookupSource>,
): { options?: Record<string, unknown>; problems: string[] } {
  const problems: string[] = [];
  const all: unknown[] = [];
  for (const { candidate, data } of sources) {
    if (!readable(candidate, data) || !Object.hasOwn(data, LOOKUP_OPTIONS)) continue;
    const options = data[LOOKUP_OPTIONS];
    if (!isHash(options)) {
      problems.push(`${candidate.path}: the value of lookup_options must be a hash`);
      continue;
    }
    all.push(options);
  }
  if (all.length === 0) return { problems };
  const merged = mergeValues(all, 'hash');
  if ('problem' in merged) return { problems: [...problems, merged.problem] };
  const options = merged.value as Record<string, unknown>;
  const exact = Object.hasOwn(options, rootKey) ? options[rootKey] : undefined;
  if (exact !== undefined && exact !== null) {
    return { options: asOptions(exact, rootKey, problems), problems };
  }
  for (const [pattern, value] of Object.entries(options)) {
    if (!pattern.startsWith('^')) continue;
    let expression: RegExp;
    try {
      expression = new RegExp(pattern, 'u');
    } catch {
      problems.push(
        `lookup_options: '${pattern}' is not a regular expression this emulation reads`,
      );
      continue;
    }
    if (expression.test(rootKey)) return { options: asOptions(value, pattern, problems), problems };
  }
  return { problems };
}

function asOptions(
  value: unknown,
  key: string,
  problems: string[],
): Record<string, unknown> | undefined {
  if (isHash(value)) {
    if (value.convert_to !== undefined) {
      problems.push(`lookup_options for '${key}': convert_to is not applied here`);
    }
    return value;
  }
  problems.push(`lookup_options for '${key}' must be a hash (merge, convert_to)`);
  return undefined;
}

/** Data this emulation reads: a hash from a present file of a YAML, JSON or eyaml level. */
function readable(candidate: DataFileCandidate, data: unknown): data is Record<string, unknown> {
  return candidate.present && candidate.backend.kind !== 'custom' && isHash(data);
}

/** A data value with its `%{…}` interpolated for the node, as Hiera does before merging. */
function interpolateValue(value: unknown, scope: NodeScope, problems: string[]): unknown {
  if (typeof value === 'string') {
    const result = interpolate(value, scope, { context: 'data' });
    if ('text' in result) return result.text;
    if ('emptied' in result) return result.emptied;
    for (const problem of result.problems) {
      if (!problems.includes(problem)) problems.push(problem);
    }
    return value;
  }
  if (Array.isArray(value)) {
    return value.map((element) => interpolateValue(element, scope, problems));
  }
  if (isHash(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, element]) => [
        key,
        interpolateValue(element, scope, problems),
      ]),
    );
  }
  return value;
}
