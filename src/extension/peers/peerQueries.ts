/**
 * The PuppetDB half of a peer comparison, without vscode (the host tests and the bench call it as
 * the extension does): a group's members (one request), the node's own resources, facts and
 * packages (one request each: its catalog read once), the group's aggregate counts (three
 * `group by` requests), and for a ranking every member's resources, facts and packages, streamed
 * in certname order and compared one node at a time, never all held at once.
 */
import type { PuppetDB } from '../../client';
import { AnswerTooLongError, MAX_LIST_ROWS, readWhole } from '../boundedRows';
import {
  compareFacts,
  comparePackages,
  compareResources,
  distanceOf,
  factsWithAMajority,
  isVolatileFact,
  VOLATILE_FACTS,
  type GroupCounts,
  type NodePackage,
  type NodeProfile,
  type NodeResource,
  type PeerGroup,
  type PeerNorm,
  type RankedNode,
} from '../../shared/peers';

/** Queries naming a group's members are sent in a POST body: a thousand certnames. */
const METHOD = 'POST' as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const count = (value: unknown) => (typeof value === 'number' ? value : 0);

/** A PQL query yielded rows without a certname: it names no group. */
export class NotAGroupError extends Error {}

/** A ranking's answer named a node it did not ask for, or a node again, out of certname order. */
export class UnexpectedRowsError extends Error {
  constructor(what: string, certname: string) {
    super(
      `${what}: PuppetDB sent rows of ${JSON.stringify(certname.slice(0, 200))}, which the ranking did not ask for or had read already (its rows come in certname order, each node once); the ranking stopped.`,
    );
    this.name = 'UnexpectedRowsError';
  }
}

/** The certnames of a group's members, each once, in order. */
export async function groupMembers(
  client: PuppetDB,
  group: PeerGroup,
  signal?: AbortSignal,
): Promise<string[]> {
  const rows = await readWhole(
    membersQuery(client, group, signal),
    MAX_LIST_ROWS,
    "The group's members",
  );
  const certnames = new Set<string>();
  let named = 0;
  for (const row of rows) {
    const certname = isRecord(row) ? text(row.certname) : undefined;
    if (certname !== undefined) {
      certnames.add(certname);
      named++;
    }
  }
  if (group.kind === 'pql' && rows.length > 0 && named === 0) {
    throw new NotAGroupError('The query yields no certname field.');
  }
  return [...certnames].sort();
}

function membersQuery(client: PuppetDB, group: PeerGroup, signal?: AbortSignal) {
  switch (group.kind) {
    case 'class':
      return client.stream('resources', {
        query: [
          'extract',
          ['certname'],
          ['and', ['=', 'type', 'Class'], ['=', 'title', group.title]],
        ],
        signal,
      });
    case 'fact':
      return client.stream('facts', {
        query: [
          'extract',
          ['certname'],
          ['and', ['=', 'name', group.name], factValue(group.value)],
        ],
        signal,
      });
    case 'pql':
      // plain rows, whatever the entity: a typed record would name its node otherwise
      return client.stream('pql', { query: group.query, signal });
  }
}

/** A fact value as the user typed it: the text, or the number or boolean it spells. */
function factValue(value: string): unknown[] {
  const typed = /^(true|false|-?\d+(\.\d+)?)$/.test(value.trim())
    ? JSON.parse(value.trim())
    : undefined;
  return typed === undefined
    ? ['=', 'value', value]
    : ['or', ['=', 'value', value], ['=', 'value', typed]];
}

const inGroup = (members: readonly string[]) => ['in', 'certname', ['array', [...members]]];
const countOf = ['function', 'count'];
/** Volatile facts are left out by PuppetDB: they are many rows, all different. */
const steadyFacts = ['not', ['in', 'name', ['array', [...VOLATILE_FACTS]]]];

/** The three parts of a node's profile, and the endpoint of each. */
export const PARTS = ['resources', 'facts', 'packages'] as const;
export type Part = (typeof PARTS)[number];
export const ENDPOINTS = {
  resources: 'resources',
  facts: 'facts',
  packages: 'package-inventory',
} as const satisfies Record<Part, string>;
export type PartQueries = Record<Part, unknown[]>;
/** Each part as a message names it. */
const PART_NAMES = {
  resources: 'The resources',
  facts: 'The facts',
  packages: 'The packages',
} as const satisfies Record<Part, string>;

/** The node's own resources (its catalog), steady facts and packages. */
export function nodeQueries(certname: string): PartQueries {
  const node = ['=', 'certname', certname];
  return {
    resources: ['extract', ['type', 'title', 'parameters'], node],
    facts: ['extract', ['name', 'value'], ['and', node, steadyFacts]],
    packages: ['extract', ['package_name', 'version', 'provider'], node],
  };
}

/** The group's aggregate counts: one `group by` query per part. */
export function countQueries(members: readonly string[]): PartQueries {
  const group = inGroup(members);
  return {
    resources: [
      'extract',
      ['type', 'title', 'parameters', countOf],
      group,
      ['group_by', 'type', 'title', 'parameters'],
    ],
    facts: [
      'extract',
      ['name', 'value', countOf],
      ['and', group, steadyFacts],
      ['group_by', 'name', 'value'],
    ],
    packages: [
      'extract',
      ['package_name', 'version', 'provider', countOf],
      group,
      ['group_by', 'package_name', 'version', 'provider'],
    ],
  };
}

/**
 * Every member's rows of each part (read in certname order for a ranking); of the facts, only
 * `facts` (those with a majority: factsWithAMajority), the others can make no difference.
 */
export function memberQueries(members: readonly string[], facts: readonly string[]): PartQueries {
  const group = inGroup(members);
  return {
    resources: ['extract', ['certname', 'type', 'title', 'parameters'], group],
    facts: [
      'extract',
      ['certname', 'name', 'value'],
      ['and', group, ['in', 'name', ['array', [...facts]]]],
    ],
    packages: ['extract', ['certname', 'package_name', 'version', 'provider'], group],
  };
}

/** A ranking reads each part in certname order, a node's rows together. */
export const BY_CERTNAME = [{ field: 'certname', order: 'asc' as const }];

function resourceOf(row: unknown): NodeResource | undefined {
  if (!isRecord(row)) return undefined;
  const type = text(row.type);
  const title = text(row.title);
  if (type === undefined || title === undefined) return undefined;
  return { type, title, parameters: isRecord(row.parameters) ? row.parameters : {} };
}

function packageOf(row: unknown): NodePackage | undefined {
  if (!isRecord(row)) return undefined;
  const name = text(row.package_name);
  const version = text(row.version);
  const provider = text(row.provider);
  if (name === undefined || version === undefined || provider === undefined) return undefined;
  return { name, version, provider };
}

const defined = <T>(items: Array<T | undefined>): T[] =>
  items.filter((item): item is T => item !== undefined);

/** The rows of the three parts' queries, asked at once. */
async function readParts(
  client: PuppetDB,
  queries: PartQueries,
  options: { method?: typeof METHOD; signal?: AbortSignal },
): Promise<Record<Part, unknown[]>> {
  // a comparison made from part of an answer would be wrong: past the cap it fails instead, and
  // the other parts' requests end with it rather than read on to their own caps
  const failed = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, failed.signal]) : failed.signal;
  try {
    const [resources, facts, packages] = await Promise.all(
      PARTS.map((part) =>
        readWhole(
          client.stream(ENDPOINTS[part], { query: queries[part], ...options, signal }),
          MAX_LIST_ROWS,
          PART_NAMES[part],
        ),
      ),
    );
    return { resources: resources ?? [], facts: facts ?? [], packages: packages ?? [] };
  } catch (error) {
    failed.abort();
    throw error;
  }
}

/** The node's resources (its catalog, read once), facts and packages: three requests at once. */
export async function nodeProfile(
  client: PuppetDB,
  certname: string,
  signal?: AbortSignal,
): Promise<NodeProfile> {
  const { resources, facts, packages } = await readParts(client, nodeQueries(certname), {
    signal,
  });
  const factValues: Record<string, unknown> = {};
  for (const row of facts) {
    const name = isRecord(row) ? text(row.name) : undefined;
    if (name !== undefined && isRecord(row)) factValues[name] = row.value;
  }
  return {
    certname,
    resources: defined(resources.map(resourceOf)),
    facts: factValues,
    packages: defined(packages.map(packageOf)),
  };
}

/** The group's counts: three aggregate requests at once, whatever its size. */
export async function groupCounts(
  client: PuppetDB,
  members: readonly string[],
  signal?: AbortSignal,
): Promise<GroupCounts> {
  const { resources, facts, packages } = await readParts(client, countQueries(members), {
    method: METHOD,
    signal,
  });
  return {
    members,
    resources: defined(
      resources.map((row) => {
        const resource = resourceOf(row);
        return resource && { ...resource, count: count((row as Record<string, unknown>).count) };
      }),
    ),
    facts: defined(
      facts.map((row) =>
        isRecord(row) && text(row.name) !== undefined
          ? { name: row.name as string, value: row.value, count: count(row.count) }
          : undefined,
      ),
    ),
    packages: defined(
      packages.map((row) => {
        const item = packageOf(row);
        return item && { ...item, count: count((row as Record<string, unknown>).count) };
      }),
    ),
  };
}

export interface RankOptions {
  signal?: AbortSignal;
  /** Called as the ranking starts (0 of 3) and as each of its three parts is read. */
  onProgress?: (done: number, of: number) => void;
}

/**
 * Every member's distance from its peers: the members' resources, facts and packages, each one
 * request streamed in certname order (the three at once), a node's part compared as soon as it
 * is read.
 */
export async function rankMembers(
  client: PuppetDB,
  members: readonly string[],
  norm: PeerNorm,
  options: RankOptions = {},
): Promise<RankedNode[]> {
  // one part failing ends the other two requests
  const failed = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, failed.signal]) : failed.signal;
  const ranked = new Map<string, RankedNode>(
    members.map((certname) => [
      certname,
      {
        certname,
        distance: 0,
        extraResources: 0,
        missingResources: 0,
        parameters: 0,
        packages: 0,
        facts: 0,
      },
    ]),
  );
  const byNode = { orderBy: BY_CERTNAME, method: METHOD, signal };
  const queries = memberQueries(members, factsWithAMajority(norm));
  /**
   * Reads a stream whose rows are in certname order, handing over each node's rows. Each member
   * comes once, with at most MAX_LIST_ROWS rows: an answer that does otherwise (a node not asked
   * for, a node again, rows without end) is not PuppetDB's answer to this query, and fails.
   */
  const perNode = async (
    part: Part,
    rows: AsyncIterable<unknown>,
    take: (certname: string, rows: Array<Record<string, unknown>>) => void,
  ) => {
    let current: string | undefined;
    let held: Array<Record<string, unknown>> = [];
    const seen = new Set<string>();
    for await (const row of rows) {
      if (!isRecord(row) || typeof row.certname !== 'string') continue;
      if (row.certname !== current) {
        if (!ranked.has(row.certname) || seen.has(row.certname)) {
          throw new UnexpectedRowsError(PART_NAMES[part], row.certname);
        }
        if (current !== undefined) take(current, held);
        current = row.certname;
        seen.add(current);
        held = [];
      }
      if (held.length === MAX_LIST_ROWS) {
        throw new AnswerTooLongError(`${PART_NAMES[part]} of ${current}`, MAX_LIST_ROWS);
      }
      held.push(row);
    }
    if (current !== undefined) take(current, held);
    // a member without rows (no catalog yet) is compared with nothing: it lacks what peers have
    for (const certname of members) if (!seen.has(certname)) take(certname, []);
  };

  let done = 0;
  const partDone = () => options.onProgress?.(++done, 3);
  options.onProgress?.(0, 3);
  // the three parts at once: PuppetDB reads one while the host compares another
  const reading = Promise.all([
    perNode(
      'resources',
      client.stream('resources', { query: queries.resources, ...byNode }),
      (certname, rows) => {
        const found = compareResources(certname, defined(rows.map(resourceOf)), norm);
        Object.assign(ranked.get(certname) ?? {}, {
          extraResources: found.extraResources.length,
          missingResources: found.missingResources.length,
          parameters: found.parameters.length,
        });
      },
    ).then(partDone),
    perNode(
      'facts',
      client.stream('facts', { query: queries.facts, ...byNode }),
      (certname, rows) => {
        const facts: Record<string, unknown> = {};
        for (const row of rows) {
          if (typeof row.name === 'string' && !isVolatileFact(row.name)) {
            facts[row.name] = row.value;
          }
        }
        const node = ranked.get(certname);
        if (node) node.facts = compareFacts(certname, facts, norm).length;
      },
    ).then(partDone),
    perNode(
      'packages',
      client.stream('package-inventory', { query: queries.packages, ...byNode }),
      (certname, rows) => {
        const node = ranked.get(certname);
        if (node) {
          node.packages = comparePackages(certname, defined(rows.map(packageOf)), norm).length;
        }
      },
    ).then(partDone),
  ]);
  await reading.catch((error: unknown) => {
    failed.abort();
    throw error;
  });
  return [...ranked.values()].map((node) => ({ ...node, distance: distanceOf(node) }));
}
