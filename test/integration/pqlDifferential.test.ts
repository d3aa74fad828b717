/**
 * The editor's PQL verdicts against the real PuppetDB's: generated queries (a fixed seed, a
 * bounded count) asked with `ast_only`, each compared with what the editor's grammar, literal
 * checks and diagnostics say of it. Every disagreement fails the test, the query printed.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sampleQueries } from '../support/pqlQueries';
import { askServer, disagreement, type Verdict } from '../support/pqlVerdicts';
import { testServer } from './support/puppetdb';

/** Not the corpus' seed: these queries are not the recorded ones. */
const SEED = 20261129;
/** About 10 s on two busy cores. */
const COUNT = 300;

describe("PQL verdicts agree with the real PuppetDB's", () => {
  test(`${COUNT} generated queries (seed ${SEED}), each judged alike`, async () => {
    const server = testServer();
    const baseUrl = `http://${server.host}:${server.httpPort}`;
    const kinds = new Map<Verdict['kind'], number>();
    const disagreements: string[] = [];
    for (const query of sampleQueries(SEED, COUNT)) {
      const verdict = await askServer(baseUrl, query);
      kinds.set(verdict.kind, (kinds.get(verdict.kind) ?? 0) + 1);
      const why = disagreement(query, verdict);
      if (why) disagreements.push(why);
    }
    assert.deepEqual(disagreements, []);
    // the sample exercised every verdict, not only one
    assert.deepEqual([...kinds.keys()].sort(), ['refused', 'syntax', 'valid', 'value']);
  });
});
