/**
 * What the Blast Radius view draws of a `BlastRadius` (model.ts), and what its export writes: the
 * summary, the nodes grouped (by environment, role class, both, or changed file) failing first,
 * and a row per changed file and per hunk. Pure, so the page, the host's export and the unit tests
 * share one reading of the model.
 */
import {
  isFailing,
  type BlastRadius,
  type ChangedFileKind,
  type FileReach,
  type ReachBasis,
  type ReachCaveat,
  type ReachedNode,
} from './model';

export type GroupBy = 'environmentRole' | 'environment' | 'roleClass' | 'file';

export const GROUP_BY_WORDS: Readonly<Record<GroupBy, string>> = {
  environmentRole: 'Environment and role class',
  environment: 'Environment',
  roleClass: 'Role class',
  file: 'Changed file',
};

/** What a node without one is grouped under. */
export const NO_ENVIRONMENT = '(no environment)';
export const NO_ROLE = '(no role class)';

export interface RadiusSummary {
  nodes: number;
  failing: number;
  environments: number;
}

export function summaryOf(radius: BlastRadius): RadiusSummary {
  return {
    nodes: radius.nodes.length,
    failing: radius.nodes.filter((node) => isFailing(node.status)).length,
    environments: new Set(radius.nodes.map((node) => node.environment ?? NO_ENVIRONMENT)).size,
  };
}

/** One row of the nodes grid: a node, under its group (a node reached by two files is in both). */
export interface NodeRow {
  group: string;
  certname: string;
  status: string;
  environment: string;
  roleClass: string;
  /** Where the change reached it: `file:line`, with the resource declared there when known. */
  reachedBy: string;
}

/** Each changed file by its path: looked up for every node's every "reached by". */
const filesByPath = (radius: BlastRadius) => new Map(radius.files.map((file) => [file.path, file]));

function reachText(
  files: ReadonlyMap<string, FileReach>,
  node: ReachedNode,
  onlyFile?: string,
): string {
  const parts: string[] = [];
  for (const reach of node.reachedBy) {
    if (onlyFile !== undefined && reach.file !== onlyFile) continue;
    const hunk = files.get(reach.file)?.hunks[reach.hunk];
    const where = hunk ? `${reach.file}:${hunk.start}` : reach.file;
    const text = reach.resource
      ? `${where} ${reach.resource.type}[${reach.resource.title}]`
      : where;
    if (!parts.includes(text)) parts.push(text);
  }
  return parts.join(', ');
}

function groupsOf(node: ReachedNode, groupBy: GroupBy): string[] {
  const environment = node.environment ?? NO_ENVIRONMENT;
  const role = node.roleClass ?? NO_ROLE;
  switch (groupBy) {
    case 'environment':
      return [environment];
    case 'roleClass':
      return [role];
    case 'file':
      return [...new Set(node.reachedBy.map((reach) => reach.file))];
    default:
      return [`${environment} · ${role}`];
  }
}

/**
 * `localeCompare`'s order (the default locale's), through one collator: a blast radius of 10,000
 * nodes sorts with about 130,000 comparisons, each of which `localeCompare` would set up anew.
 */
let collator: Intl.Collator | undefined;
const byText = (a: string, b: string) => (collator ??= new Intl.Collator()).compare(a, b);

export interface GroupCount {
  group: string;
  nodes: number;
  failing: number;
}

/**
 * The nodes as rows, grouped: the groups with the most failing nodes first (then the most nodes,
 * then by name), and in each group the failing nodes first, then by certname.
 */
export function groupedNodes(
  radius: BlastRadius,
  groupBy: GroupBy,
): { rows: NodeRow[]; groups: GroupCount[] } {
  const byGroup = new Map<string, ReachedNode[]>();
  for (const node of radius.nodes) {
    for (const group of groupsOf(node, groupBy)) {
      const members = byGroup.get(group) ?? [];
      members.push(node);
      byGroup.set(group, members);
    }
  }
  const groups = [...byGroup].map(([group, nodes]) => ({
    group,
    nodes: nodes.length,
    failing: nodes.filter((node) => isFailing(node.status)).length,
  }));
  groups.sort((a, b) => b.failing - a.failing || b.nodes - a.nodes || byText(a.group, b.group));
  const rows: NodeRow[] = [];
  const files = filesByPath(radius);
  for (const { group } of groups) {
    const members = [...byGroup.get(group)!].sort(
      (a, b) =>
        Number(isFailing(b.status)) - Number(isFailing(a.status)) || byText(a.certname, b.certname),
    );
    for (const node of members) {
      rows.push({
        group,
        certname: node.certname,
        status: node.status,
        environment: node.environment ?? '',
        roleClass: node.roleClass ?? '',
        reachedBy: reachText(files, node, groupBy === 'file' ? group : undefined),
      });
    }
  }
  return { rows, groups };
}

/** A changed file (`hunk` -1) or one of its hunks, with the distinct nodes it reaches. */
export interface HunkRow {
  file: string;
  kind: ChangedFileKind;
  hunk: number;
  /** `12–18`, `12` (one line), `after 11` (a deletion), or `whole file`. */
  lines: string;
  nodes: number;
  failing: number;
  basis: ReachBasis | 'file';
  caveats: ReachCaveat[];
}

const linesOf = (start: number, count: number) =>
  count === 0 ? `after ${start}` : count === 1 ? String(start) : `${start}–${start + count - 1}`;

/** Each changed file, then its hunks, in the model's order. */
export function hunkRows(radius: BlastRadius): HunkRow[] {
  const rows: HunkRow[] = [];
  for (const file of radius.files) {
    rows.push({
      file: file.path,
      kind: file.kind,
      hunk: -1,
      lines: `${file.hunks.length} ${file.hunks.length === 1 ? 'hunk' : 'hunks'}`,
      nodes: file.nodes,
      failing: file.failing,
      basis: 'file',
      caveats: file.caveats,
    });
    file.hunks.forEach((hunk, index) => {
      rows.push({
        file: file.path,
        kind: file.kind,
        hunk: index,
        lines: linesOf(hunk.start, hunk.count),
        nodes: hunk.nodes,
        failing: hunk.failing,
        basis: hunk.basis,
        caveats: hunk.caveats,
      });
    });
  }
  return rows;
}

/** A count, or what reached a node, not read yet (a large change's first answer). */
export const COUNTING = 'counting…';

/** How a hunk was matched, in words (the grid's and the export's). */
export const BASIS_WORDS: Readonly<Record<HunkRow['basis'], string>> = {
  file: 'the file’s hunks together',
  resources: 'resources declared on these lines',
  definitions: 'no resource on these lines: the classes the file defines',
  hieraData: 'nodes whose Hiera hierarchy reads this file',
  modules: 'nodes holding the changed modules’ classes and types',
  environment: 'every node of the environment',
  none: 'nothing PuppetDB knows points here',
};

/** What a count cannot know, in words (the view's note, a hunk's row, the export). */
export const CAVEAT_WORDS: Readonly<Record<ReachCaveat, string>> = {
  newLines:
    'A line the change adds has no nodes in PuppetDB yet: it is counted by the classes and defined types its file defines.',
  conditionals: 'Code behind conditionals may reach more nodes than today’s catalogs show.',
  hieraNotComputed:
    'Which nodes read a changed Hiera data file is known only for the data of a hiera.yaml at the root of a trusted workspace folder.',
  notInCatalogs:
    'No catalog of the fleet names a changed manifest (a new module, or not deployed yet).',
  environmentWide: 'hiera.yaml or the Puppetfile changed: every node of its environments counts.',
  moduleCode:
    'A Puppetfile module is counted by the nodes holding its classes and types; its facts, functions and types sync to every node of the environment and may reach more.',
};

/** The caveats the view always says (issue 33), then those of this change. */
export function caveatsToSay(radius: BlastRadius | undefined): ReachCaveat[] {
  const always: ReachCaveat[] = ['newLines', 'conditionals'];
  return [...always, ...(radius?.caveats ?? []).filter((caveat) => !always.includes(caveat))];
}

/** The nodes as exported: one record per node, the files that reach it listed. */
export function exportedNodes(radius: BlastRadius): Array<Record<string, string | null>> {
  const files = filesByPath(radius);
  return radius.nodes.map((node) => ({
    certname: node.certname,
    status: node.status,
    environment: node.environment,
    roleClass: node.roleClass,
    latestReport: node.latestReportHash,
    reachedBy: reachText(files, node),
  }));
}

/** The files and hunks as exported. */
export function exportedHunks(radius: BlastRadius): Array<Record<string, string | number>> {
  return hunkRows(radius).map((row) => ({
    file: row.file,
    kind: row.kind,
    lines: row.lines,
    nodes: row.nodes,
    failing: row.failing,
    basis: BASIS_WORDS[row.basis],
    caveats: row.caveats.map((caveat) => CAVEAT_WORDS[caveat]).join(' '),
  }));
}
