/**
 * bench:peers (bench/peers.sh): in the 10,000-node fleet of STATE_DIR, the role `Role::Web` has
 * 1,429 nodes (the generator gives node i the role i mod 7); its first 1,000 (web0001 to web1000,
 * a PQL group) are the 1,000-node role of issue 32's targets. Times, in the same run:
 *
 * - the comparison of one node with that group (compareWithPeers) against its requests sent raw
 *   (undici, one JSON.parse each, the same queries, sent as the extension sends them: the node's
 *   three at once, then the members, then the three aggregates at once);
 * - the ranking of the 1,000 (rankGroup) against its requests sent raw (the members, the three
 *   aggregates, and the members' resources, facts with a majority and packages in certname
 *   order, the three at once);
 * - the same two for the whole role (1,429 nodes, by its class), for scale.
 *
 * Medians of ROUNDS runs after a warm-up; prints ratios, not verdicts.
 */
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { compareWithPeers, rankGroup } from '../../src/extension/peers/peerAnswers';
import {
  BY_CERTNAME,
  countQueries,
  ENDPOINTS,
  groupCounts,
  groupMembers,
  memberQueries,
  nodeQueries,
  PARTS,
  type PartQueries,
} from '../../src/extension/peers/peerQueries';
import { factsWithAMajority, peerNorm, type PeerGroup } from '../../src/shared/peers';
import { httpClient, serverIn } from '../../test/integration/support/puppetdb';

const ROUNDS = Number(process.env.BENCH_PEERS_ROUNDS ?? 5);
const log = (text: string) => console.log(`[pdbx] ${text}`);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const THOUSAND: PeerGroup = {
  kind: 'pql',
  query:
    'resources[certname] { type = "Class" and title = "Role::Web" and certname ~ "^web(0[0-9]{3}|1000)[.]" }',
};
const ROLE: PeerGroup = { kind: 'class', title: 'Role::Web' };
/** A node of the role, active in every fleet of 10,000 (node 14). */
const NODE = 'web0003.example.com';

/** One raw request: undici, the body read whole, one JSON.parse. */
async function raw(url: string, path: string, body: Record<string, unknown>): Promise<unknown[]> {
  // PQL is answered at the root endpoint, without a trailing slash
  const response = await request(`${url}/pdb/query/v4${path ? `/${path}` : ''}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.statusCode !== 200) {
    throw new Error(`${path}: HTTP ${response.statusCode} ${await response.body.text()}`);
  }
  return JSON.parse(await response.body.text()) as unknown[];
}

const rawParts = (url: string, queries: PartQueries, extra: Record<string, unknown> = {}) =>
  Promise.all(PARTS.map((part) => raw(url, ENDPOINTS[part], { query: queries[part], ...extra })));

async function rawMembers(url: string, group: PeerGroup): Promise<string[]> {
  const rows =
    group.kind === 'pql'
      ? await raw(url, '', { query: group.query })
      : await raw(url, 'resources', {
          query: [
            'extract',
            ['certname'],
            ['and', ['=', 'type', 'Class'], ['=', 'title', (group as { title: string }).title]],
          ],
        });
  return [...new Set(rows.map((row) => (row as { certname: string }).certname))].sort();
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

async function bench(url: string, group: PeerGroup, name: string): Promise<void> {
  const client = httpClient({ timeout: 300 }, serverIn(process.argv[2]!));
  const compare: number[] = [];
  const rawCompare: number[] = [];
  const rank: number[] = [];
  const rawRank: number[] = [];
  let members = 0;
  let distance = 0;
  let farthest = '';
  // the facts a ranking reads (those with a majority), from the group's counts
  const facts = factsWithAMajority(
    peerNorm(await groupCounts(client, await groupMembers(client, group))),
  );
  for (let round = 0; round <= ROUNDS; round++) {
    const ours = await timed(() => compareWithPeers(client, NODE, group));
    const theirs = await timed(async () => {
      const [, listed] = await Promise.all([
        rawParts(url, nodeQueries(NODE)),
        rawMembers(url, group),
      ]);
      await rawParts(url, countQueries(listed));
    });
    const ranked = await timed(() => rankGroup(client, group));
    const rawRanked = await timed(async () => {
      const listed = await rawMembers(url, group);
      await rawParts(url, countQueries(listed));
      await rawParts(url, memberQueries(listed, facts), { order_by: BY_CERTNAME });
    });
    members = ours.value.members.length;
    distance = ours.value.comparison.distance;
    farthest = `${ranked.value.nodes[0]?.certname} (${ranked.value.nodes[0]?.distance})`;
    if (round === 0) continue; // warm-up
    compare.push(ours.ms);
    rawCompare.push(theirs.ms);
    rank.push(ranked.ms);
    rawRank.push(rawRanked.ms);
  }
  log(
    `${name}: compare ${NODE} with its ${members - 1} peers ${median(compare).toFixed(0)} ms (distance ${distance}), the same requests raw ${median(rawCompare).toFixed(0)} ms, ratio ${(median(compare) / median(rawCompare)).toFixed(2)} (target <= 2000 ms)`,
  );
  log(
    `${name}: rank its ${members} nodes ${median(rank).toFixed(0)} ms (farthest ${farthest}), the same requests raw ${median(rawRank).toFixed(0)} ms, ratio ${(median(rank) / median(rawRank)).toFixed(2)} (target <= 10000 ms)`,
  );
}

async function main(): Promise<void> {
  const stateDir = resolve(process.argv[2] ?? '.work/bench-peers');
  process.argv[2] = stateDir;
  const server = serverIn(stateDir);
  const url = `http://${server.host}:${server.httpPort}`;
  await bench(url, THOUSAND, 'a 1,000-node group (PQL)');
  await bench(url, ROLE, 'the role Role::Web (1,429 nodes, by class)');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
