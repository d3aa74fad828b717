/**
 * The answers Hiera's views give, from the engine (src/shared/hiera) and the fleet's scopes:
 * which nodes read a data file, a node's lookup order, a key looked up on a node, and a key
 * looked up across the fleet grouped by the value each node gets. Pure of vscode: the data of a
 * file comes through `read`, so the same answers can be checked in plain Node.
 */
import type { HieraConfig } from '../../shared/hiera/config';
import { dataFilesFor, type DataFileCandidate } from '../../shared/hiera/dataFiles';
import { nodesReading } from '../../shared/hiera/fleetReach';
import { lookupKey, type LookupAnswer, type MergeBehaviour } from '../../shared/hiera/lookup';
import type { NodeScope } from '../../shared/hiera/scope';

/** A present file's data, or the problems that kept it from being read. */
export type ReadData = (
  candidate: DataFileCandidate,
) => Promise<{ data?: unknown; problems: string[] } | undefined>;

export interface EnvironmentCount {
  environment: string;
  count: number;
}

/** The nodes that read one data file. */
export interface Readers {
  certnames: string[];
  /** Per environment, the largest first. */
  byEnvironment: EnvironmentCount[];
}

/** How many of `certnames` are in each environment, the largest first (then by name). */
export function countByEnvironment(
  certnames: readonly string[],
  environmentOf: ReadonlyMap<string, string>,
): EnvironmentCount[] {
  const counts = new Map<string, number>();
  for (const certname of certnames) {
    const environment = environmentOf.get(certname) ?? '';
    counts.set(environment, (counts.get(environment) ?? 0) + 1);
  }
  return [...counts]
    .map(([environment, count]) => ({ environment, count }))
    .sort((a, b) => b.count - a.count || (a.environment < b.environment ? -1 : 1));
}

/** For every present data file, the nodes whose hierarchy selects it (none: an empty list). */
export function readersByFile(
  config: HieraConfig,
  scopes: readonly NodeScope[],
  present: ReadonlySet<string>,
): Map<string, Readers> {
  const reach = nodesReading(config, [...scopes], present);
  const environmentOf = new Map(scopes.map((scope) => [scope.certname, scope.environment]));
  const readers = new Map<string, Readers>();
  for (const path of present) {
    const certnames = [...(reach.get(path) ?? [])].sort();
    readers.set(path, { certnames, byEnvironment: countByEnvironment(certnames, environmentOf) });
  }
  return readers;
}

/** A node's data files in lookup order, present or missing, and those skipped with why. */
export function lookupOrder(
  config: HieraConfig,
  scope: NodeScope,
  present: ReadonlySet<string>,
): DataFileCandidate[] {
  return dataFilesFor(config, scope, present);
}

/**
 * The variables whose absence made Hiera skip a candidate, if it did: Hiera looks for the path
 * with those left empty (`nodes/.yaml`), which is a skip unless such a file exists.
 */
export function skippedFor(candidate: DataFileCandidate): readonly string[] | undefined {
  const { missing } = candidate;
  return !candidate.present && missing && missing.length > 0 ? missing : undefined;
}

/**
 * The sources of a lookup: every candidate, with the data of those present and read; and the
 * problems of the files that could not be read, by path.
 */
async function sourcesOf(candidates: readonly DataFileCandidate[], read: ReadData) {
  const fileProblems = new Map<string, string[]>();
  const sources = await Promise.all(
    candidates.map(async (candidate) => {
      if (!candidate.present || candidate.backend.kind === 'custom') {
        return { candidate, data: undefined };
      }
      const parsed = await read(candidate);
      if (parsed && parsed.problems.length > 0) fileProblems.set(candidate.path, parsed.problems);
      return { candidate, data: parsed?.data };
    }),
  );
  return { sources, fileProblems };
}

export interface NodeLookup {
  key: string;
  certname: string;
  environment: string;
  candidates: DataFileCandidate[];
  answer: LookupAnswer;
  /** Files that could not be read (not valid YAML, not a hash), with why. */
  fileProblems: Map<string, string[]>;
}

/** `key` looked up on one node, its merge from the argument or the data's lookup_options. */
export async function lookUpOnNode(
  key: string,
  config: HieraConfig,
  scope: NodeScope,
  present: ReadonlySet<string>,
  read: ReadData,
  merge?: MergeBehaviour,
): Promise<NodeLookup> {
  const candidates = lookupOrder(config, scope, present);
  // the values' own %{…} are interpolated with the node's facts, as Puppet does
  const { sources, fileProblems } = await sourcesOf(candidates, read);
  const answer = lookupKey(key, sources, merge, scope);
  return {
    key,
    certname: scope.certname,
    environment: scope.environment,
    candidates,
    answer,
    fileProblems,
  };
}

/** The nodes that get one value of a key. */
export interface ValueGroup {
  found: boolean;
  /** Why Puppet would stop this lookup, or what the emulation did not evaluate. */
  problems: string[];
  value: unknown;
  encrypted: boolean;
  merge: MergeBehaviour;
  mergeFrom: LookupAnswer['mergeFrom'];
  /** The files the value came from (for a merge, all that contributed), in order. */
  from: string[];
  certnames: string[];
  byEnvironment: EnvironmentCount[];
}

/** A file that holds the key, and how many nodes read it. */
export interface KeyInFile {
  level: string;
  path: string;
  value: unknown;
  readers: number;
}

export interface FleetLookup {
  key: string;
  /** The most nodes first; nodes that get no value last. */
  groups: ValueGroup[];
  /** The files read by at least one node that hold the key, in hierarchy order. */
  files: KeyInFile[];
  nodes: number;
  /** Files some node reads that could not be read, with why. */
  fileProblems: Map<string, string[]>;
}

/**
 * `key` looked up on every node. Nodes whose hierarchy selects the same files get the same
 * answer, so each distinct list of files is looked up once (a fleet has a few hundred such lists
 * however many nodes it has). Values are compared as the data writes them: a `%{facts.fqdn}` in a
 * value would make every node a group of its own, and the fleet's scopes hold only the facts the
 * hierarchy needs.
 */
export async function lookUpAcrossFleet(
  key: string,
  config: HieraConfig,
  scopes: readonly NodeScope[],
  present: ReadonlySet<string>,
  read: ReadData,
): Promise<FleetLookup> {
  const byFiles = new Map<string, { candidates: DataFileCandidate[]; scopes: NodeScope[] }>();
  for (const scope of scopes) {
    const candidates = lookupOrder(config, scope, present).filter((candidate) => candidate.present);
    const id = candidates.map((candidate) => candidate.path).join('\n');
    const entry = byFiles.get(id) ?? { candidates, scopes: [] };
    entry.scopes.push(scope);
    byFiles.set(id, entry);
  }
  const environmentOf = new Map(scopes.map((scope) => [scope.certname, scope.environment]));
  const groups = new Map<string, ValueGroup>();
  const files = new Map<string, KeyInFile & { order: number }>();
  const levelOrder = new Map(config.levels.map((level, index) => [level.name, index]));
  const unreadable = new Map<string, string[]>();
  for (const { candidates, scopes: members } of byFiles.values()) {
    const { sources, fileProblems } = await sourcesOf(candidates, read);
    for (const [path, problems] of fileProblems) unreadable.set(path, problems);
    const answer = lookupKey(key, sources);
    const id = JSON.stringify([answer.found, answer.found ? answer.value : null, answer.from]);
    const group = groups.get(id) ?? {
      found: answer.found,
      value: answer.value,
      encrypted: answer.encrypted,
      merge: answer.merge,
      mergeFrom: answer.mergeFrom,
      from: answer.from,
      problems: answer.problems,
      certnames: [],
      byEnvironment: [],
    };
    group.certnames.push(...members.map((scope) => scope.certname));
    groups.set(id, group);
    for (const level of answer.perLevel) {
      if (!level.has) continue;
      const file = files.get(level.path) ?? {
        level: level.level,
        path: level.path,
        value: level.value,
        readers: 0,
        order: levelOrder.get(level.level) ?? Number.MAX_SAFE_INTEGER,
      };
      file.readers += members.length;
      files.set(level.path, file);
    }
  }
  for (const group of groups.values()) {
    group.certnames.sort();
    group.byEnvironment = countByEnvironment(group.certnames, environmentOf);
  }
  return {
    key,
    groups: [...groups.values()].sort(
      (a, b) => Number(b.found) - Number(a.found) || b.certnames.length - a.certnames.length,
    ),
    files: [...files.values()]
      .sort((a, b) => a.order - b.order || (a.path < b.path ? -1 : 1))
      .map(({ order: _order, ...file }) => file),
    nodes: scopes.length,
    fileProblems: unreadable,
  };
}

/** A value on one line: a string as it is, anything else as JSON with a space after , and :. */
export function valueLine(value: unknown): string {
  return typeof value === 'string' ? value : jsonLine(value);
}

function jsonLine(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(jsonLine).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(
      ([key, item]) => `${JSON.stringify(key)}: ${jsonLine(item)}`,
    );
    return `{${entries.join(', ')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}
