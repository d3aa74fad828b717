/**
 * The blast radius from what was read: the changed files with their hunks, and PuppetDB's answers
 * about the nodes those hunks reach. Every count is of distinct nodes (a node holding three
 * resources a hunk touches counts once for it; one reached by two hunks of a file, once for the
 * file). Pure: the host reads git and PuppetDB, this decides what reaches what.
 */
import type { DiffHunk } from './hunks';
import {
  isFailing,
  type BlastRadius,
  type ChangedFileKind,
  type ChangedHunk,
  type ChangeScope,
  type FileReach,
  type ReachBasis,
  type ReachCaveat,
  type ReachedBy,
  type ReachedNode,
} from './model';

export interface ChangedFile {
  /** Relative to the repository root, with forward slashes. */
  path: string;
  kind: ChangedFileKind;
  hunks: DiffHunk[];
  /** Per hunk: the catalog lines it touches (declarations.ts); empty without an old side. */
  touchedLines: number[][];
  /** Classes and defined types the file defines, as PuppetDB spells them (`Profile::Base`). */
  definitions: string[];
  /** A Puppetfile's: per hunk, the modules whose entries it changes (puppetfile.ts). */
  modules?: string[][];
}

/** A resource declared on a changed line, as PuppetDB holds it; `path` is the changed file's. */
export interface ResourceOnLine {
  certname: string;
  type: string;
  title: string;
  path: string;
  line: number;
}

export interface NodeFacts {
  environment: string | null;
  roleClass: string | null;
  status: string;
  latestReportHash: string | null;
}

export interface FleetAnswers {
  resources: readonly ResourceOnLine[];
  /** Definition (a Class title or a defined type) → the nodes holding it. */
  holders: ReadonlyMap<string, ReadonlySet<string>>;
  /** The nodes of the environment(s) `hiera.yaml` and `Puppetfile` are deployed to. */
  environmentNodes: ReadonlySet<string>;
  /** A Puppetfile's changed module → the nodes holding its classes or types (of any environment). */
  moduleHolders?: ReadonlyMap<string, ReadonlySet<string>>;
  /** A data file's path → the nodes reading it; undefined: not computed. */
  hieraReaders: ReadonlyMap<string, ReadonlySet<string> | undefined>;
  /** Every reached node's environment, role and latest status; a node missing here is unknown. */
  nodes: ReadonlyMap<string, NodeFacts>;
  truncatedAt?: number;
}

/**
 * What a large change's first answer knows before the resources on its lines are read one by
 * one: which nodes hold a resource on some changed line, and which changed lines declare one
 * (so which hunks fall back to their file's definitions).
 */
export interface FirstAnswers extends Omit<FleetAnswers, 'resources'> {
  /** Every node holding a resource on a changed line of any file. */
  onChangedLines: ReadonlySet<string>;
  /** `path\nline` of each changed line that declares a resource on some node. */
  declaringLines: ReadonlySet<string>;
}

export interface ChangeContext {
  scope: ChangeScope;
  repository: string;
  head: string | undefined;
}

interface HunkReach {
  basis: ReachBasis;
  /** Certname → the resource that reached it (undefined: reached by definition or environment). */
  nodes: Map<string, { type: string; title: string } | undefined>;
  caveats: ReachCaveat[];
}

export function assembleBlastRadius(
  change: ChangeContext,
  files: readonly ChangedFile[],
  answers: FleetAnswers,
): BlastRadius {
  const reachedBy = new Map<string, ReachedBy[]>();
  const byFileAndLine = groupResources(answers.resources);
  const fileReaches = files.map((file): FileReach => {
    const reaches = file.hunks.map((hunk, index) =>
      reachOfHunk(file, hunk, index, byFileAndLine, answers),
    );
    const fileNodes = new Set<string>();
    const hunks = reaches.map((reach, index): ChangedHunk => {
      for (const [certname, resource] of reach.nodes) {
        fileNodes.add(certname);
        const list = reachedBy.get(certname) ?? [];
        list.push({ file: file.path, hunk: index, ...(resource && { resource }) });
        reachedBy.set(certname, list);
      }
      const hunk = file.hunks[index]!;
      return {
        start: hunk.newStart,
        count: hunk.newCount,
        nodes: reach.nodes.size,
        failing: failingAmong(reach.nodes.keys(), answers.nodes),
        basis: reach.basis,
        caveats: reach.caveats,
      };
    });
    const caveats = new Set(reaches.flatMap((reach) => reach.caveats));
    if (file.kind === 'manifest' && !byFileAndLine.has(file.path) && fileNodes.size === 0) {
      caveats.add('notInCatalogs');
    }
    return {
      path: file.path,
      kind: file.kind,
      hunks,
      nodes: fileNodes.size,
      failing: failingAmong(fileNodes, answers.nodes),
      definitions: file.definitions,
      caveats: [...caveats],
    };
  });
  const nodes = [...reachedBy].map(([certname, by]) => reachedNode(certname, answers, by));
  return radiusOf(change, files, answers, fileReaches, nodes);
}

/** The radius of these files and nodes (these sorted failing first). */
function radiusOf(
  change: ChangeContext,
  files: readonly ChangedFile[],
  answers: Pick<FleetAnswers, 'truncatedAt'>,
  reaches: FileReach[],
  nodes: ReachedNode[],
): BlastRadius {
  nodes.sort(byFailingThenName);
  return {
    scope: change.scope,
    repository: change.repository,
    head: change.head,
    files: reaches,
    nodes,
    caveats: files.some((file) => file.kind === 'manifest') ? ['conditionals'] : [],
    ...(answers.truncatedAt !== undefined && { truncatedAt: answers.truncatedAt }),
  };
}

/**
 * The first answer of a large change (`BlastRadius.counting`): every node it reaches, with its
 * facts, exactly as the whole answer will list them; no count per file or hunk yet.
 */
export function assembleFirstCounts(
  change: ChangeContext,
  files: readonly ChangedFile[],
  answers: FirstAnswers,
): BlastRadius {
  const certnames = new Set(answers.onChangedLines);
  const add = (nodes: Iterable<string> | undefined) => {
    for (const certname of nodes ?? []) certnames.add(certname);
  };
  // what each hunk reaches besides the resources on its lines, decided as `reachOfHunk` decides,
  // each set added once (a class's holders for 100 hunks of its file: one union, not 100)
  const definitionsAdded = new Set<string>();
  for (const file of files) {
    for (const [index, hunk] of file.hunks.entries()) {
      const touched = file.touchedLines[index] ?? [];
      switch (file.kind) {
        case 'manifest':
          if (touched.some((line) => answers.declaringLines.has(`${file.path}\n${line}`))) break;
          for (const definition of file.definitions) {
            if (definitionsAdded.has(definition)) continue;
            definitionsAdded.add(definition);
            add(answers.holders.get(definition));
          }
          break;
        default:
          add(
            reachOfHunk(file, hunk, index, new Map(), { ...answers, resources: [] }).nodes.keys(),
          );
      }
    }
  }
  const nodes = [...certnames].map((certname) => reachedNode(certname, answers, []));
  // the files and hunks as the view lists them, their counts not read yet
  const pending = files.map((file): FileReach => ({
    path: file.path,
    kind: file.kind,
    hunks: file.hunks.map((hunk): ChangedHunk => ({
      start: hunk.newStart,
      count: hunk.newCount,
      nodes: 0,
      failing: 0,
      basis: 'none',
      caveats: [],
    })),
    nodes: 0,
    failing: 0,
    definitions: file.definitions,
    caveats: [],
  }));
  return { ...radiusOf(change, files, answers, pending, nodes), counting: true };
}

/** A reached node as the view lists it: its facts as PuppetDB gave them, else unknown. */
function reachedNode(
  certname: string,
  answers: Pick<FleetAnswers, 'nodes'>,
  reachedBy: ReachedBy[],
): ReachedNode {
  const facts = answers.nodes.get(certname);
  return {
    certname,
    environment: facts?.environment ?? null,
    roleClass: facts?.roleClass ?? null,
    status: facts?.status ?? 'unknown',
    latestReportHash: facts?.latestReportHash ?? null,
    reachedBy,
  };
}

function byFailingThenName(a: ReachedNode, b: ReachedNode): number {
  return (
    Number(isFailing(b.status)) - Number(isFailing(a.status)) ||
    (a.certname < b.certname ? -1 : a.certname > b.certname ? 1 : 0)
  );
}

function reachOfHunk(
  file: ChangedFile,
  hunk: DiffHunk,
  index: number,
  byFileAndLine: ReadonlyMap<string, ReadonlyMap<number, ResourceOnLine[]>>,
  answers: FleetAnswers,
): HunkReach {
  const nodes = new Map<string, { type: string; title: string } | undefined>();
  const touched = file.touchedLines[index] ?? [];
  switch (file.kind) {
    case 'manifest': {
      const lines = byFileAndLine.get(file.path);
      for (const line of touched) {
        for (const resource of lines?.get(line) ?? []) {
          if (!nodes.has(resource.certname)) {
            nodes.set(resource.certname, { type: resource.type, title: resource.title });
          }
        }
      }
      if (nodes.size > 0) return { basis: 'resources', nodes, caveats: [] };
      // nothing declared on these lines today: whoever holds what the file defines
      for (const definition of file.definitions) {
        for (const certname of answers.holders.get(definition) ?? []) {
          nodes.set(certname, undefined);
        }
      }
      const caveats: ReachCaveat[] = hunk.removedLines.length === 0 ? ['newLines'] : [];
      return { basis: nodes.size > 0 ? 'definitions' : 'none', nodes, caveats };
    }
    case 'hieraData': {
      const readers = answers.hieraReaders.get(file.path);
      if (!readers) return { basis: 'hieraData', nodes, caveats: ['hieraNotComputed'] };
      for (const certname of readers) nodes.set(certname, undefined);
      return { basis: 'hieraData', nodes, caveats: [] };
    }
    case 'puppetfile': {
      // the changed modules' holders in the environment(s) the Puppetfile deploys; a module no
      // node holds a class or type of reaches them only through its plugins: the environment
      const modules = file.modules?.[index] ?? [];
      const holders = modules.map((module) => answers.moduleHolders?.get(module));
      if (modules.length === 0 || holders.some((held) => !held || held.size === 0)) {
        return environmentReach(answers, nodes);
      }
      for (const held of holders) {
        for (const certname of held!) {
          if (answers.environmentNodes.has(certname)) nodes.set(certname, undefined);
        }
      }
      return { basis: 'modules', nodes, caveats: ['moduleCode'] };
    }
    case 'hieraConfig':
      return environmentReach(answers, nodes);
    case 'other':
      return { basis: 'none', nodes, caveats: [] };
  }
}

function environmentReach(
  answers: FleetAnswers,
  nodes: Map<string, { type: string; title: string } | undefined>,
): HunkReach {
  for (const certname of answers.environmentNodes) nodes.set(certname, undefined);
  return { basis: 'environment', nodes, caveats: ['environmentWide'] };
}

function groupResources(
  resources: readonly ResourceOnLine[],
): Map<string, Map<number, ResourceOnLine[]>> {
  const byFile = new Map<string, Map<number, ResourceOnLine[]>>();
  for (const resource of resources) {
    const byLine = byFile.get(resource.path) ?? new Map<number, ResourceOnLine[]>();
    byFile.set(resource.path, byLine);
    const list = byLine.get(resource.line) ?? [];
    list.push(resource);
    byLine.set(resource.line, list);
  }
  return byFile;
}

function failingAmong(certnames: Iterable<string>, nodes: ReadonlyMap<string, NodeFacts>): number {
  let failing = 0;
  for (const certname of certnames) {
    if (isFailing(nodes.get(certname)?.status ?? '')) failing++;
  }
  return failing;
}
