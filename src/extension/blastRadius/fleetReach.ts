/**
 * What PuppetDB knows of the nodes a change reaches, in as few requests as the change allows,
 * each asking for every file at once:
 * 1. the resources declared on the changed lines (`file ~ <suffix> and line in [...]` per file,
 *    or-ed), and, when a `hiera.yaml` or `Puppetfile` changed, every node with its status;
 * 2. only for hunks no resource answered: the nodes holding the classes and defined types their
 *    files define;
 * 3. the reached nodes' status, environment and latest report, and their `Role::` class.
 * Lists of certnames go as AST arrays by POST (no URL length limit). A server path counts for a
 * changed file only if the path mapping takes it there (an explicit `code.pathMappings` entry,
 * else the longest path suffix, as Open Manifest decides).
 */
import type { Node, PuppetDB } from '../../client';
import type {
  ChangedFile,
  FleetAnswers,
  NodeFacts,
  ResourceOnLine,
} from '../../shared/blastRadius/assemble';
import { MAX_LIST_ROWS, readAtMost, type RowBatches } from '../boundedRows';
import { matchedMapping, suffixMatches, suffixPattern } from '../code/manifestPaths';
import { mappingTarget } from '../code/mappingTarget';
import { LOCAL_PATH_RULES, samePath, type PathRules } from '../code/pathRules';

/** Which nodes read a Hiera data file (the Hiera engine, once wired); undefined: not computed. */
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
  const nodesWhere = (query: unknown[] | undefined) =>
    read(
      client.nodes({
        ...(query && { query, method: 'POST' as const }),
        withStatus: true,
        withEventNumbers: false,
        unreported: input.unreportedHours,
        signal,
      }),
    );

  // 1. resources on the changed lines, every node when the environment is reached; Hiera readers
  const onLines = files.filter(
    (file) => file.kind === 'manifest' && file.touchedLines.some((lines) => lines.length > 0),
  );
  const environmentWide = files.some(
    (file) => file.kind === 'hieraConfig' || file.kind === 'puppetfile',
  );
  const [resourceRows, everyNode, hieraReaders] = await Promise.all([
    onLines.length > 0 ? post('resources', resourcesOnLinesQuery(onLines, input, rules)) : [],
    environmentWide ? nodesWhere(undefined) : undefined,
    readersOf(files, input.nodesReadingDataFile),
  ]);
  const stands = standsForFile(input, rules);
  const touched = new Set(
    onLines.flatMap((file) => file.touchedLines.flat().map((line) => `${file.path}\n${line}`)),
  );
  const resources: ResourceOnLine[] = [];
  for (const row of resourceRows) {
    const path = stands(String(row.file));
    if (path === undefined || typeof row.line !== 'number') continue;
    if (!touched.has(`${path}\n${row.line}`)) continue; // a line another file's hunk touched
    resources.push({
      certname: String(row.certname),
      type: String(row.type),
      title: String(row.title),
      path,
      line: row.line,
    });
  }

  // 2. the definitions of files with a hunk no resource answered
  const answered = new Set(resources.map((resource) => `${resource.path}\n${resource.line}`));
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
    const definitions = [...new Set(needDefinitions.flatMap((file) => file.definitions))];
    for (const row of await post('resources', holdersQuery(definitions))) {
      const key = row.type === 'Class' ? String(row.title) : String(row.type);
      const set = holders.get(key) ?? new Set<string>();
      set.add(String(row.certname));
      holders.set(key, set);
    }
  }

  // which nodes `hiera.yaml` and `Puppetfile` reach: the branch's environment, else all
  const environmentNodes = new Set<string>();
  if (everyNode) {
    const inBranch = everyNode.filter((node) => environmentOf(node) === input.branch);
    for (const node of inBranch.length > 0 ? inBranch : everyNode) environmentNodes.add(node.name);
  }

  // 3. the reached nodes' facts
  const reached = new Set<string>([
    ...resources.map((resource) => resource.certname),
    ...[...holders.values()].flatMap((set) => [...set]),
    ...environmentNodes,
    ...[...hieraReaders.values()].flatMap((set) => (set ? [...set] : [])),
  ]);
  const nodes = new Map<string, NodeFacts>();
  if (reached.size > 0) {
    const certnames = ['array', [...reached].sort()];
    const [nodeRows, roles] = await Promise.all([
      everyNode ?? nodesWhere(['in', 'certname', certnames]),
      post('resources', [
        'extract',
        ['certname', 'title'],
        ['and', ['=', 'type', 'Class'], ['~', 'title', '^Role::'], ['in', 'certname', certnames]],
      ]),
    ]);
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
  return {
    resources,
    holders,
    environmentNodes,
    hieraReaders,
    nodes,
    ...(truncatedAt !== undefined && { truncatedAt }),
  };
}

/**
 * The resources declared on the files' touched lines: one pattern for every file's path suffix
 * (PuppetDB scans the resources once, not once per file), on any of their lines; a row on a line
 * of another file than its own is dropped when it is read.
 */
export function resourcesOnLinesQuery(
  files: readonly ChangedFile[],
  input: Pick<ReachInput, 'localPaths'>,
  rules: PathRules = LOCAL_PATH_RULES,
): unknown[] {
  const lines = [...new Set(files.flatMap((file) => file.touchedLines.flat()))].sort(
    (a, b) => a - b,
  );
  // (PuppetDB compares an `in` array's members as text: an integer field takes `=` each)
  const onLines = lines.map((line) => ['=', 'line', line]);
  return [
    'extract',
    ['certname', 'type', 'title', 'file', 'line'],
    [
      'and',
      [
        '~',
        'file',
        anyOfSuffixes(
          files.map((file) => input.localPaths.get(file.path) ?? file.path),
          rules,
        ),
      ],
      onLines.length === 1 ? onLines[0] : ['or', ...onLines],
    ],
  ];
}

/** One pattern matching what `suffixPattern` matches for any of `paths`. */
function anyOfSuffixes(paths: readonly string[], rules: PathRules): string {
  const tails = [...new Set(paths.map((path) => suffixPattern(path, rules)))].map((pattern) =>
    pattern.replace(/^(\(\?i\))?\(\^\|\/\)/, '').replace(/\$$/, ''),
  );
  return `${rules.caseInsensitive ? '(?i)' : ''}(^|/)(${tails.join('|')})$`;
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
