/**
 * npm run bench:code, the Hiera part: "read by N nodes" for every data file of the sample control
 * repository (its hiera.yaml and data/), cold — a new FleetScopes, so PuppetDB is asked again for
 * the nodes and the facts the hierarchy interpolates, then who reads each file computed — beside
 * the same two PQL requests sent raw with undici (read whole, as JSON); and warm (the scopes kept,
 * as every lens after the first finds them). Target: ≤ 1 s to every file's count.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import {
  FleetScopes,
  SCOPE_NODES_QUERY,
  scopeFactsRequest,
} from '../../src/extension/hiera/fleetScopes';
import { readersByFile } from '../../src/extension/hiera/hieraAnswers';
import { parseHieraConfig } from '../../src/shared/hiera/config';
import { variablesIn } from '../../src/shared/hiera/scope';
import type { BenchContext } from './benchContext';
import { CONTROL_REPO } from '../../test/fixtures/fleet/controlRepo';

function filesUnder(root: string, directory: string): string[] {
  return readdirSync(join(root, directory), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

export async function benchHieraReaders(context: BenchContext): Promise<void> {
  const { api, log } = context;
  const { config } = parseHieraConfig(
    readFileSync(join(CONTROL_REPO, 'hiera.yaml'), 'utf8'),
    'hiera.yaml',
  );
  if (!config) throw new Error('the sample control repository has no hiera.yaml that reads');
  const present = new Set(filesUnder(CONTROL_REPO, config.datadir));
  const variables = variablesIn(config);
  const client = (id: string) => api.services.store.client(id);
  let readers = 0;
  const cold = async () => {
    const started = performance.now();
    const answer = await new FleetScopes(client).scopes(context.connection, variables);
    readers = answer.scopes.length;
    readersByFile(config, answer.scopes, present);
    return performance.now() - started;
  };
  const raw = async () => {
    const started = performance.now();
    const ask = async (query: string) => {
      const response = await request(`${context.url}/pdb/query/v4`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      });
      if (response.statusCode !== 200) throw new Error(`${query}: HTTP ${response.statusCode}`);
      return response.body.json();
    };
    const facts = scopeFactsRequest(variables);
    await Promise.all([ask(SCOPE_NODES_QUERY), facts.kind === 'none' ? [] : ask(facts.query)]);
    return performance.now() - started;
  };
  const [ours, baseline] = await context.alternate(context.rounds, cold, raw);
  context.row(
    `Hiera: who reads each of the ${present.size} data files, ${readers} nodes, cold`,
    ours,
    baseline,
    'its two PQL requests raw',
    '≤ 1 s',
  );
  // warm: the scopes kept (a minute), as for every lens after the first
  const scopes = new FleetScopes(client);
  await scopes.scopes(context.connection, variables);
  const warm: number[] = [];
  for (let round = 0; round < context.rounds; round++) {
    const started = performance.now();
    const answer = await scopes.scopes(context.connection, variables);
    readersByFile(config, answer.scopes, present);
    warm.push(performance.now() - started);
  }
  warm.sort((a, b) => a - b);
  log(
    `Hiera: who reads each data file again, the fleet's scopes kept: ${warm[Math.floor(warm.length / 2)]!.toFixed(1)} ms (median)`,
  );
}
