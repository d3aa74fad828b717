/**
 * What PuppetDB knows of the nodes a change reaches, in as few requests as the change allows,
 * each asking for every file at once:
 * 1. the resources declared on the changed lines (`file ~ <suffix> and line in [...]` per file,
 *    or-ed), and, when a `hiera.yaml` or `Puppetfile` changed, every node with its status;
 * 2. only for hunks no resource answered: the nodes holding the classes and defined types their
 *    files define; for a Puppetfile's changed modules, the nodes holding their classes and types;
 * 3. the reached nodes' status, environment and latest report, and their `Role::` class (of the
 *    whole fleet when many nodes were reached, see `CERTNAME_LIST_MAX`, or a first answer is
 *    wanted, asked then from the start).
 * Lists of certnames go as AST arrays by POST (no URL length limit). A server path counts for a
 * changed file only if the path mapping takes it there (an explicit `code.pathMappings` entry,
 * else the longest path suffix, as Open Manifest decides).
 */
import type { Node, PuppetDB } from '../../client';
import { moduleHoldersQuery, moduleOfResource } from '../../shared/blastRadius/puppetfile';
import type {
  ChangedFile,
  FirstAnswers,
  FleetAnswers,
  NodeFacts,
  ResourceOnLine,
} from '../../shared/blastRadius/assemble';
import { MAX_LIST_ROWS, readAtMost, type RowBatches } from '../boundedRows';
import { matchedMapping, suffixMatches } from '../code/manifestPaths';
import { mappingTarget } from '../code/mappingTarget';
import { LOCAL_PATH_RULES, samePath, type PathRules } from '../code/pathRules';

/** Which nodes read a Hiera data file (the Hiera feature's answer); undefined: not computed. */
export type NodesReadingDataFile = (path: string) => Promise<ReadonlySet<string> | undefined>;

export interface ReachInput {
  files: readonly ChangedFile[];
  /** Each changed file's absolute local path, by its repository-relative path. */
  localPaths: ReadonlyMap<string, string>;
  /** The repository's branch: `hiera.yaml`/`Puppetfile` reach its environment's nodes, if any. */
  branch: string | undefined;
  pathMappings: Readonly<Record<string, string>>;
  workspaceFolders: readonly string[];
  unreportedHours: number;
  nodesReadingDataFile?: NodesReadingDataFile;
  /**
   * Every manifest path PuppetDB's catalogs name (`manifestPathsQuery`), asked while git reads
   * the change and kept a while per connection: the resources are then asked by exact path,
   * which PuppetDB answers several times faster than a pattern.
   */
  manifestPaths: Promise<readonly string[]>;
  /**
   * Told the first answer of a large change (every node reached, with its facts) before the
   * resources on the changed lines are read one by one.
   */
  onFirst?: (answers: FirstAnswers) => void;
  /**
   * The whole fleet's nodes and roles (`askWholeFleet`), asked while git read the change: with a
   * first answer wanted they are asked anyway, and they need nothing of the change.
   */
  wholeFleet?: Promise<WholeFleet>;
  /** Above this many reached nodes, ask the whole fleet (`CERTNAME_LIST_MAX`; tests lower it). */
  certnameListMax?: number;
  signal?: AbortSignal;
}

export interface ReachCounters {
  /** Requests sent to PuppetDB. */
  requests: number;
}

export async function fleetReach(
  client: PuppetDB,
  input: ReachInput,
  counters: ReachCounters = { requests: 0 },
  rules: PathRules = LOCAL_PATH_RULES,
): Promise<FleetAnswers> {
  const { files, signal } = input;
  let truncatedAt: number | undefined;
  const read = async <T>(source: RowBatches<T>): Promise<T[]> => {
    counters.requests++;
    const answer = await readAtMost(source, MAX_LIST_ROWS);
    if (answer.truncatedAt !== undefined) truncatedAt = answer.truncatedAt;
    return answer.rows;
  };
  const post = (endpoint: 'resources', query: unknown[]) =>
    read(client.stream(endpoint, { query, method: 'POST', signal })) as Promise<
      Array<Record<string, unknown>>
    >;
  const nodesWhere = (query: unknown[] | undefined) => read(nodesWithStatus(client, input, query));

  const rolesWhere = (named: unknown[] | undefined) => post('resources', rolesQuery(named));
  // With a first answer wanted (the view's), the whole fleet's nodes and roles are asked at once,
  // beside the manifest paths: on a large change they are what the first answer waits for last,
  // and on a small fleet they cost little.
  const wholeFleet = (
    input.wholeFleet ?? (input.onFirst ? askWholeFleet(client, input, counters) : undefined)
  )?.then((fleet) => {
    if (fleet.truncatedAt !== undefined) truncatedAt = fleet.truncatedAt;
    return [fleet.nodes, fleet.roles] as const;
  });
  wholeFleet?.catch(() => {});
  // and, for the same reason, the holders of everything the changed manifests define (those of
  // the files with a hunk no resource answers are kept)
  const defined = [
    ...new Set(files.flatMap((file) => (file.kind === 'manifest' ? file.definitions : []))),
  ];
  const everyHolder =
    input.onFirst && defined.length > 0 ? post('resources', holdersQuery(defined)) : undefined;
  everyHolder?.catch(() => {});

  // 1. resources on the changed lines, every node when the environment is reached; Hiera readers
  const onLines = files.filter(
    (file) => file.kind === 'manifest' && file.touchedLines.some((lines) => lines.length > 0),
  );
  const environmentWide = files.some(
    (file) => file.kind === 'hieraConfig' || file.kind === 'puppetfile',
  );
  const byFile = serverPathsByFile(await input.manifestPaths, input, rules);
  const asked = onLines.filter((file) => byFile.has(file.path));
  const fileOf = new Map(
    [...byFile].flatMap(([path, servers]) => servers.map((server) => [server, path])),
  );
  const touched = new Set(
    onLines.flatMap((file) => file.touchedLines.flat().map((line) => `${file.path}\n${line}`)),
  );
  /** A row's changed file and line (`path\nline`), if it is one of the changed lines. */
  const changedLine = (row: Record<string, unknown>): string | undefined => {
    const path = fileOf.get(String(row.file));
    const key = path !== undefined && typeof row.line === 'number' && `${path}\n${row.line}`;
    return key && touched.has(key) ? key : undefined;
  };
  const toResources = (rows: ReadonlyArray<Record<string, unknown>>): ResourceOnLine[] =>
    rows.flatMap((row) =>
      changedLine(row) === undefined
        ? []
        : [
            {
              certname: String(row.certname),
              type: String(row.type),
              title: String(row.title),
              path: fileOf.get(String(row.file))!,
              line: row.line as number,
            },
          ],
    );
  // every resource on the changed lines: on a large fleet the longest answer by far, so with a
  // first answer wanted its nodes and lines are asked first, grouped, and it after them (asked
  // side by side, the three compete for PuppetDB and the first answer comes barely sooner)
  const lineRows = () =>
    asked.length > 0
      ? post('resources', resourcesOnLinesQuery(asked, byFile))
      : Promise.resolve([]);
  const first = input.onFirst && asked.length > 0;
  const [grouped, everyNode, hieraReaders] = await Promise.all([
    first
      ? Promise.all([
          post('resources', groupedOnLinesQuery(asked, byFile, ['certname'])),
          post('resources', groupedOnLinesQuery(asked, byFile, ['file', 'line'])),
        ])
      : undefined,
    environmentWide
      ? (wholeFleet?.then(([everyNode]) => everyNode) ?? nodesWhere(undefined))
      : undefined,
    readersOf(files, input.nodesReadingDataFile),
  ]);
  let resources: ResourceOnLine[] = grouped ? [] : toResources(await lineRows());
  const onChangedLines = grouped
    ? new Set(grouped[0].map((row) => String(row.certname)))
    : new Set(resources.map((resource) => resource.certname));
  const answered = grouped
    ? new Set(grouped[1].flatMap((row) => changedLine(row) ?? []))
    : new Set(resources.map((resource) => `${resource.path}\n${resource.line}`));

  // 2. the definitions of files with a hunk no resource answered
  const needDefinitions = files.filter(
    (file) =>
      file.kind === 'manifest' &&
      file.definitions.length > 0 &&
      file.touchedLines.some(
        (lines) => !lines.some((line) => answered.has(`${file.path}\n${line}`)),
      ),
  );
  const holders = new Map<string, Set<string>>();
  if (needDefinitions.length > 0) {
    const definitions = new Set(needDefinitions.flatMap((file) => file.definitions));
    for (const row of await (everyHolder ?? post('resources', holdersQuery([...definitions])))) {
      const key = row.type === 'Class' ? String(row.title) : String(row.type);
      if (!definitions.has(key)) continue;
      const set = holders.get(key) ?? new Set<string>();
      set.add(String(row.certname));
      holders.set(key, set);
    }
  }

  // a Puppetfile's changed modules: the nodes holding their classes and types
  const modules = [...new Set(files.flatMap((file) => file.modules?.flat() ?? []))].sort();
  const moduleHolders = new Map<string, Set<string>>(modules.map((module) => [module, new Set()]));
  if (modules.length > 0) {
    for (const row of await post('resources', moduleHoldersQuery(modules))) {
      const module = moduleOfResource(modules, {
        type: String(row.type),
        title: String(row.title),
      });
      if (module) moduleHolders.get(module)!.add(String(row.certname));
    }
  }

  // which nodes `hiera.yaml` and `Puppetfile` reach: the branch's environment, else all
  const environmentNodes = new Set<string>();
  if (everyNode) {
    const inBranch = everyNode.filter((node) => environmentOf(node) === input.branch);
    for (const node of inBranch.length > 0 ? inBranch : everyNode) environmentNodes.add(node.name);
  }

  // 3. the reached nodes' facts
  // (a module's holders count only within the Puppetfile's environments, all of them reached)
  const reached = new Set<string>([
    ...onChangedLines,
    ...[...holders.values()].flatMap((set) => [...set]),
    ...environmentNodes,
    ...[...hieraReaders.values()].flatMap((set) => (set ? [...set] : [])),
  ]);
  const nodes = new Map<string, NodeFacts>();
  if (reached.size > 0) {
    const named = reachedFilter(reached, input.certnameListMax);
    const [nodeRows, roles] = await (wholeFleet ??
      Promise.all([everyNode ?? nodesWhere(named), rolesWhere(named)]));
    const roleOf = new Map(roles.map((row) => [String(row.certname), String(row.title)]));
    for (const node of nodeRows) {
      if (!reached.has(node.name)) continue;
      nodes.set(node.name, {
        environment: environmentOf(node),
        roleClass: roleOf.get(node.name) ?? null,
        status: node.status ?? 'unknown',
        latestReportHash: node.latestReportHash ?? null,
      });
    }
  }
  const known = () => ({
    holders,
    environmentNodes,
    moduleHolders,
    hieraReaders,
    nodes,
    ...(truncatedAt !== undefined && { truncatedAt }),
  });
  if (grouped) {
    input.onFirst!({ ...known(), onChangedLines, declaringLines: answered });
    resources = toResources(await lineRows());
  }
  return { ...known(), resources };
}

/** The nodes `query` matches (or every node), with their status as the tree decides it. */
function nodesWithStatus(
  client: PuppetDB,
  input: Pick<ReachInput, 'unreportedHours' | 'signal'>,
  query: unknown[] | undefined,
) {
  return client.nodes({
    ...(query && { query, method: 'POST' as const }),
    withStatus: true,
    withEventNumbers: false,
    unreported: input.unreportedHours,
    signal: input.signal,
  });
}

/** The nodes' `Role::` classes (of the nodes `named` matches, or of the whole fleet). */
function rolesQuery(named: unknown[] | undefined): unknown[] {
  return [
    'extract',
    ['certname', 'title'],
    ['and', ['=', 'type', 'Class'], ['~', 'title', '^Role::'], ...(named ? [named] : [])],
  ];
}

/** Every node, with its status, and every `Role::` class: a large change's reached nodes are among them. */
export interface WholeFleet {
  nodes: Node[];
  roles: Array<Record<string, unknown>>;
  /** An answer stopped at this many rows. */
  truncatedAt?: number;
}

/** Asks the whole fleet's nodes and roles side by side (two requests). */
export async function askWholeFleet(
  client: PuppetDB,
  input: Pick<ReachInput, 'unreportedHours' | 'signal'>,
  counters: ReachCounters,
): Promise<WholeFleet> {
  counters.requests += 2;
  const { signal } = input;
  const [nodes, roles] = await Promise.all([
    readAtMost(nodesWithStatus(client, input, undefined), MAX_LIST_ROWS),
    readAtMost(
      client.stream('resources', { query: rolesQuery(undefined), method: 'POST', signal }),
      MAX_LIST_ROWS,
    ),
  ]);
  return {
    nodes: nodes.rows,
    roles: roles.rows as Array<Record<string, unknown>>,
    ...((nodes.truncatedAt ?? roles.truncatedAt) !== undefined && {
      truncatedAt: nodes.truncatedAt ?? roles.truncatedAt,
    }),
  };
}

/**
 * Above this many reached nodes, the nodes and their roles are asked of the whole fleet and the
 * reached ones kept here. PuppetDB's time for `["in", "certname", ["array", …]]` grows with the
 * list's length (on the 10,000-node fleet, roles of 100 nodes 0.1 s, of 1,000 1 s, of 3,000 3.8 s,
 * of 10,000 over 200 s), while the whole fleet's roles take 0.3 s and its nodes 0.7 s.
 */
export const CERTNAME_LIST_MAX = 250;

/** The filter naming the reached nodes, or undefined when asking for every node is faster. */
export function reachedFilter(
  reached: ReadonlySet<string>,
  max = CERTNAME_LIST_MAX,
): unknown[] | undefined {
  if (reached.size > max) return undefined;
  return ['in', 'certname', ['array', [...reached].sort()]];
}

/**
 * Every file the catalogs name (one row per distinct `file`; the `.pp` ones kept by the asker).
 * Not `file ~ "\\.pp$"`: on the 10,000-node fleet the pattern takes 0.5–0.6 s, `null?` 0.2 s.
 */
export const MANIFEST_PATHS_QUERY = [
  'extract',
  ['file'],
  ['null?', 'file', false],
  ['group_by', 'file'],
];

/**
 * The server paths that stand for each changed file (by its repository-relative path): through
 * an explicit mapping when one applies (never past the workspace's folders), else by the longest
 * path suffix, as Open Manifest decides. A file no path stands for is left out.
 */
export function serverPathsByFile(
  serverPaths: readonly string[],
  input: Pick<ReachInput, 'localPaths' | 'pathMappings' | 'workspaceFolders'>,
  rules: PathRules = LOCAL_PATH_RULES,
): Map<string, string[]> {
  const stands = standsForFile(input, rules);
  const byFile = new Map<string, string[]>();
  for (const serverPath of serverPaths) {
    const path = stands(serverPath);
    if (path === undefined) continue;
    byFile.set(path, [...(byFile.get(path) ?? []), serverPath]);
  }
  return byFile;
}

/** The resources declared on each file's touched lines, the file named by its exact server paths. */
export function resourcesOnLinesQuery(
  files: readonly ChangedFile[],
  byFile: ReadonlyMap<string, readonly string[]>,
): unknown[] {
  const anyOf = (clauses: unknown[]) => (clauses.length === 1 ? clauses[0] : ['or', ...clauses]);
  const clauses = files.map((file) => {
    const lines = [...new Set(file.touchedLines.flat())].sort((a, b) => a - b);
    return [
      'and',
      anyOf((byFile.get(file.path) ?? []).map((serverPath) => ['=', 'file', serverPath])),
      // (PuppetDB compares an `in` array's members as text: an integer field takes `=` each)
      anyOf(lines.map((line) => ['=', 'line', line])),
    ];
  });
  return ['extract', ['certname', 'type', 'title', 'file', 'line'], anyOf(clauses)];
}

/**
 * The same resources as `resourcesOnLinesQuery`, grouped: by `certname` (the nodes holding one)
 * or by `file` and `line` (the lines declaring one), answers a fraction of its size.
 */
export function groupedOnLinesQuery(
  files: readonly ChangedFile[],
  byFile: ReadonlyMap<string, readonly string[]>,
  fields: readonly string[],
): unknown[] {
  const [, , where] = resourcesOnLinesQuery(files, byFile);
  return ['extract', [...fields], where, ['group_by', ...fields]];
}

/** The nodes holding each class (its `Class` resource) or defined type (any instance of it). */
export function holdersQuery(definitions: readonly string[]): unknown[] {
  // what a file defines is spelt as PuppetDB spells it: a class by its title, a defined type by its type
  return [
    'extract',
    ['certname', 'type', 'title'],
    [
      'or',
      ['and', ['=', 'type', 'Class'], ['in', 'title', ['array', [...definitions]]]],
      ['in', 'type', ['array', [...definitions]]],
    ],
  ];
}

function environmentOf(node: Node): string | null {
  return node.catalogEnvironment ?? node.reportEnvironment ?? null;
}

async function readersOf(
  files: readonly ChangedFile[],
  nodesReadingDataFile: NodesReadingDataFile | undefined,
): Promise<Map<string, ReadonlySet<string> | undefined>> {
  const readers = new Map<string, ReadonlySet<string> | undefined>();
  const dataFiles = files.filter((file) => file.kind === 'hieraData');
  await Promise.all(
    dataFiles.map(async (file) => {
      readers.set(
        file.path,
        nodesReadingDataFile ? await nodesReadingDataFile(file.path) : undefined,
      );
    }),
  );
  return readers;
}

/**
 * Which changed file a server path stands for (its repository-relative path), or undefined:
 * through an explicit mapping when one applies to the path (never past the workspace's folders),
 * else by the longest path suffix. Decided once per distinct server path.
 */
function standsForFile(
  input: Pick<ReachInput, 'localPaths' | 'pathMappings' | 'workspaceFolders'>,
  rules: PathRules,
): (serverPath: string) => string | undefined {
  const decided = new Map<string, string | undefined>();
  const entries = [...input.localPaths];
  const locals = entries.map(([, local]) => local);
  return (serverPath) => {
    if (decided.has(serverPath)) return decided.get(serverPath);
    let found: string | undefined;
    const mapping = matchedMapping(serverPath, input.pathMappings, rules);
    if (mapping) {
      const target = mappingTarget(mapping.local, input.workspaceFolders, rules);
      if ('path' in target) {
        found = entries.find(([, local]) => samePath(local, target.path, rules))?.[0];
      }
    } else {
      const [match] = suffixMatches(serverPath, locals, rules);
      found = match && entries.find(([, local]) => local === match)?.[0];
    }
    decided.set(serverPath, found);
    return found;
  };
}
