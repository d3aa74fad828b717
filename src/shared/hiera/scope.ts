/**
 * What a node's hierarchy can interpolate: its facts, trusted data, server facts and environment
 * (Puppet's top scope as Hiera sees it for a node), and the names the hierarchy uses, normalised
 * so that the host asks PuppetDB for just those facts.
 */
import type { HieraConfig, HierarchyLevel } from './config';
import { dig, isHash, joinKey, splitKey } from './keys';

export interface NodeScope {
  certname: string;
  environment: string;
  facts: Record<string, unknown>;
  /** `$trusted`: certname, domain, hostname, extensions (PuppetDB keeps it as the fact `trusted`). */
  trusted: Record<string, unknown>;
  /** `$server_facts`: servername, serverip, serverversion, environment. */
  serverFacts: Record<string, unknown>;
}

/** A variable of the top scope, resolved: found (with its value), not set, or a problem. */
export type Resolved = { found: true; value: unknown } | { found: false } | { problem: string };

/**
 * The normalised name of a variable expression, or a problem: `::osfamily` and `osfamily` are
 * the legacy top-scope fact `facts.osfamily`; `::environment`, `::trusted.x` and
 * `::facts.x` drop the top-scope prefix. Server variables Puppet also sets in the top scope
 * (`$servername`, `$serverip`, `$serverversion`) become `server_facts.x`.
 */
export function normaliseVariable(expression: string): { name: string } | { problem: string } {
  const cached = normalised.get(expression);
  if (cached) return cached;
  const parts = segmentsOf(expression);
  const result = 'problem' in parts ? parts : { name: joinKey(parts.segments) };
  if (normalised.size > 10_000) normalised.clear();
  normalised.set(expression, result);
  return result;
}

const normalised = new Map<string, { name: string } | { problem: string }>();

/** The value of a variable expression for a node (see `normaliseVariable` for the names). */
export function resolveVariable(scope: NodeScope, expression: string): Resolved {
  const value = variableReader(expression)(scope);
  if (value === NOT_SET) return { found: false };
  if (value !== MISMATCH) return { found: true, value };
  // Rare: walk again to say where the value was of the wrong kind.
  const parts = segmentsOf(expression);
  if ('problem' in parts) return parts;
  const [root, ...rest] = parts.segments as [string, ...string[]];
  return dig(ROOT_VALUES[root]!(scope), rest, expression);
}

/** A reader's answer when the variable is not set. */
export const NOT_SET: unique symbol = Symbol('not set');
/** A reader's answer when a segment meets the wrong kind of value (`resolveVariable` says which). */
export const MISMATCH: unique symbol = Symbol('mismatch');

const readers = new Map<string, (scope: NodeScope) => unknown>();

/**
 * A function giving the variable's value for any node: the value itself, `NOT_SET` or `MISMATCH`.
 * The expression is read once and nothing is allocated per node, which is what makes grouping
 * 10,000 nodes by their values cheap.
 */
export function variableReader(expression: string): (scope: NodeScope) => unknown {
  const cached = readers.get(expression);
  if (cached) return cached;
  const parts = segmentsOf(expression);
  let reader: (scope: NodeScope) => unknown;
  if ('problem' in parts) {
    reader = () => MISMATCH;
  } else {
    const [root, ...rest] = parts.segments as [string, ...string[]];
    const rootOf = ROOT_VALUES[root]!;
    const steps = rest.map((segment) => ({
      segment,
      index: /^[0-9]+$/.test(segment) ? Number(segment) : undefined,
    }));
    reader = (scope) => {
      let value = rootOf(scope);
      for (const { segment, index } of steps) {
        if (value === null || value === undefined) return NOT_SET;
        if (index !== undefined) {
          if (!Array.isArray(value)) return MISMATCH;
          if (index >= value.length) return NOT_SET;
          value = value[index];
        } else {
          if (!isHash(value)) return MISMATCH;
          if (!Object.hasOwn(value, segment)) return NOT_SET;
          value = value[segment];
        }
      }
      return value;
    };
  }
  if (readers.size > 10_000) readers.clear();
  readers.set(expression, reader);
  return reader;
}

const ROOT_VALUES: Record<string, (scope: NodeScope) => unknown> = {
  facts: (scope) => scope.facts,
  trusted: (scope) => scope.trusted,
  server_facts: (scope) => scope.serverFacts,
  environment: (scope) => scope.environment,
};

const SERVER_VARIABLES = new Set(['servername', 'serverip', 'serverversion']);
const ROOTS = new Set(['facts', 'trusted', 'server_facts', 'environment']);

/** The expression's segments, rooted at one of `facts`, `trusted`, `server_facts`, `environment`. */
function segmentsOf(expression: string): { segments: string[] } | { problem: string } {
  const trimmed = expression.trim();
  // `%{::x}` names x in the top scope, where every variable Hiera sees already lives.
  const topScope = trimmed.startsWith('::') ? trimmed.slice(2) : trimmed;
  const split = splitKey(topScope);
  if ('problem' in split) return split;
  const [root, ...rest] = split.segments as [string, ...string[]];
  if (ROOTS.has(root)) return split;
  if (SERVER_VARIABLES.has(root)) return { segments: ['server_facts', root, ...rest] };
  // A legacy top-scope variable: every fact is one (`$osfamily` is `$facts['osfamily']`).
  return { segments: ['facts', root, ...rest] };
}

/**
 * Every variable the hierarchy interpolates (datadirs, paths, globs, mapped paths), normalised
 * and sorted: what a node's scope must hold for `dataFilesFor` to answer. The local variable a
 * `mapped_paths` level names is not one of them; the collection it maps over is.
 */
export function variablesIn(config: HieraConfig): string[] {
  const names = new Set<string>();
  for (const level of config.levels) {
    for (const name of levelVariables(level)) names.add(name);
  }
  return [...names].sort();
}

/** The variables one level interpolates (its datadir included), normalised. */
export function levelVariables(level: HierarchyLevel): string[] {
  let names = levelNames.get(level);
  if (!names) levelNames.set(level, (names = namesIn(level)));
  return [...names];
}

const levelNames = new WeakMap<HierarchyLevel, ReadonlySet<string>>();

function namesIn(level: HierarchyLevel): ReadonlySet<string> {
  const names = new Set<string>();
  const local = level.mappedPaths?.key;
  const templates = [level.datadir, ...level.paths, ...level.globs, ...level.uris];
  if (level.mappedPaths) {
    templates.push(level.mappedPaths.template);
    const collection = normaliseVariable(level.mappedPaths.variable);
    if ('name' in collection) names.add(collection.name);
  }
  for (const template of templates) {
    for (const expression of expressionsIn(template)) {
      if (local !== undefined && isLocal(expression, local)) continue;
      const normalised = normaliseVariable(expression);
      if ('name' in normalised) names.add(normalised.name);
    }
  }
  return names;
}

/** The variable expressions of a template (method calls and empty interpolations left out). */
export function expressionsIn(template: string): string[] {
  const found: string[] = [];
  for (const match of template.matchAll(/%\{([^}]*)\}/g)) {
    const expression = match[1]!.trim();
    if (EMPTY_INTERPOLATIONS.has(expression) || METHOD_CALL.test(expression)) continue;
    found.push(expression);
  }
  return found;
}

/** Interpolations Hiera turns into the empty string: the way to write a literal `%{}`. */
export const EMPTY_INTERPOLATIONS: ReadonlySet<string> = new Set([
  '',
  '::',
  '""',
  "''",
  '"::"',
  "'::'",
]);

/** `lookup('x')`, `alias("x")`, `literal('%')`, `scope('x')`, `hiera('x')`. */
export const METHOD_CALL = /^(\w+)\((?:"([^"]+)"|'([^']+)')\)$/;

function isLocal(expression: string, local: string): boolean {
  const split = splitKey(expression.trim());
  return 'segments' in split && split.segments[0] === local;
}
