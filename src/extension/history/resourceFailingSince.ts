/**
 * "Failing since" for one failing resource of a node: the walk of whyFailing.ts, where a bad run
 * is one in which that resource's events failed. Each page of summaries is followed by one
 * request for the resource's failed events among that page's runs.
 */
import type { PuppetDB } from '../../client';
import { readAtMost } from '../boundedRows';
import { failingSince, type FailingSince } from '../../shared/history';
import { walkFailingSince, type WalkOptions } from './whyFailing';

export interface ResourceRef {
  type: string;
  title: string;
}

/** The runs (report hashes) of `runs` in which the resource failed: one request. */
export async function runsFailingResource(
  client: PuppetDB,
  certname: string,
  resource: ResourceRef,
  hashes: readonly string[],
  signal?: AbortSignal,
): Promise<Set<string>> {
  // one row per run (grouped by report, not one per failed property): at most a row per hash
  const stream = client.stream('events', {
    query: [
      'extract',
      ['report'],
      [
        'and',
        ['=', 'certname', certname],
        ['=', 'resource_type', resource.type],
        ['=', 'resource_title', resource.title],
        ['=', 'status', 'failure'],
        ['in', 'report', ['array', [...hashes]]],
      ],
      ['group_by', 'report'],
    ],
    signal,
  });
  const { rows } = (await readAtMost(stream, hashes.length)) as {
    rows: Array<{ report?: unknown }>;
  };
  return new Set(rows.map((row) => row.report).filter((hash) => typeof hash === 'string'));
}

/** The walk's `badIn` for a resource: a run is bad when the resource's events failed in it. */
export function resourceFailedIn(
  client: PuppetDB,
  certname: string,
  resource: ResourceRef,
  signal?: AbortSignal,
  counted?: () => void,
): NonNullable<WalkOptions['badIn']> {
  return async (runs) => {
    counted?.();
    const failed = await runsFailingResource(
      client,
      certname,
      resource,
      runs.map((run) => run.hash),
      signal,
    );
    return (run) => failed.has(run.hash);
  };
}

export async function resourceFailingSince(
  client: PuppetDB,
  certname: string,
  resource: ResourceRef,
  options: Omit<WalkOptions, 'badIn'> = {},
): Promise<{ answer: FailingSince; requests: number }> {
  let eventRequests = 0;
  const walked = await walkFailingSince(client, certname, {
    ...options,
    badIn: resourceFailedIn(client, certname, resource, options.signal, () => eventRequests++),
  });
  return { answer: failingSince(walked.state), requests: walked.requests + eventRequests };
}
