/**
 * A blast radius as the host sends it to its page: the nodes as columns of strings and numbers
 * instead of an object per node and per "reached by". On a change that reaches 10,000 nodes the
 * objects were 60,000 of them (4 MB of JSON): every hop of a webview message (JSON from the
 * extension host, a structured clone into the webview's frame and another into its page) built
 * and read each one, which took longer than the page's render. Columns of primitives are a
 * fraction of the size and cost next to nothing to copy; the page makes the model again
 * (`fromWire`) in a few milliseconds.
 */
import type { BlastRadius, ReachedNode } from './model';

/** What is repeated across nodes (environments, roles, statuses, files, resource types and titles) once each. */
export interface RadiusWire extends Omit<BlastRadius, 'nodes'> {
  nodes: {
    /** Every string the columns below point to, once. */
    strings: string[];
    certnames: string[];
    /** Indexes into `strings`; -1: null. */
    environments: number[];
    roleClasses: number[];
    statuses: number[];
    latestReportHashes: Array<string | null>;
    /** How many "reached by" entries each node has, in the order of the columns below. */
    reachCounts: number[];
    /** Each entry's file (into `strings`), hunk, and resource type and title (into `strings`; -1: none). */
    reachFiles: number[];
    reachHunks: number[];
    reachTypes: number[];
    reachTitles: number[];
  };
}

export function toWire(radius: BlastRadius): RadiusWire {
  const index = new Map<string, number>();
  const strings: string[] = [];
  const at = (value: string | null | undefined): number => {
    if (value === null || value === undefined) return -1;
    let found = index.get(value);
    if (found === undefined) {
      found = strings.push(value) - 1;
      index.set(value, found);
    }
    return found;
  };
  const nodes: RadiusWire['nodes'] = {
    strings,
    certnames: [],
    environments: [],
    roleClasses: [],
    statuses: [],
    latestReportHashes: [],
    reachCounts: [],
    reachFiles: [],
    reachHunks: [],
    reachTypes: [],
    reachTitles: [],
  };
  for (const node of radius.nodes) {
    nodes.certnames.push(node.certname);
    nodes.environments.push(at(node.environment));
    nodes.roleClasses.push(at(node.roleClass));
    nodes.statuses.push(at(node.status));
    nodes.latestReportHashes.push(node.latestReportHash);
    nodes.reachCounts.push(node.reachedBy.length);
    for (const reach of node.reachedBy) {
      nodes.reachFiles.push(at(reach.file));
      nodes.reachHunks.push(reach.hunk);
      nodes.reachTypes.push(at(reach.resource?.type));
      nodes.reachTitles.push(at(reach.resource?.title));
    }
  }
  return { ...radius, nodes };
}

/** The model again; a column too short for its counts (not the host's own wire) throws. */
export function fromWire(wire: RadiusWire): BlastRadius {
  const columns = wire.nodes;
  const text = (at: number | undefined): string | null => {
    if (at === -1) return null;
    const value = at === undefined ? undefined : columns.strings[at];
    if (value === undefined) throw new RangeError('a blast radius column points past its strings');
    return value;
  };
  const nodes: ReachedNode[] = [];
  let reachAt = 0;
  columns.certnames.forEach((certname, row) => {
    const reachedBy: ReachedNode['reachedBy'] = [];
    const end = reachAt + (columns.reachCounts[row] ?? 0);
    for (; reachAt < end; reachAt++) {
      const type = text(columns.reachTypes[reachAt]);
      const title = text(columns.reachTitles[reachAt]);
      const hunk = columns.reachHunks[reachAt];
      if (hunk === undefined) {
        throw new RangeError('a blast radius column is shorter than its counts');
      }
      reachedBy.push({
        file: text(columns.reachFiles[reachAt]) ?? '',
        hunk,
        ...(type !== null && title !== null && { resource: { type, title } }),
      });
    }
    nodes.push({
      certname,
      environment: text(columns.environments[row]),
      roleClass: text(columns.roleClasses[row]),
      status: text(columns.statuses[row]) ?? '',
      latestReportHash: columns.latestReportHashes[row] ?? null,
      reachedBy,
    });
  });
  return { ...wire, nodes };
}
