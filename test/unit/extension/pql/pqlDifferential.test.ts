/**
 * The editor's PQL verdicts against PuppetDB's, offline: every query of the corpus with the
 * verdict a real PuppetDB gave it (recorded by scripts/record-pql-verdicts.ts). The same
 * comparison runs against the live server in test/integration/pqlDifferential.test.ts.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { corpus } from '../../../fixtures/pql/corpus';
import { disagreement, type Verdict } from '../../../support/pqlVerdicts';

interface Recorded {
  puppetdb: string;
  verdicts: Array<{ query: string; server: Verdict }>;
}

/** From the repository's root, as every test runs (bundled under out/test/ or not). */
const VERDICTS = 'test/fixtures/pql/serverVerdicts.json';
const recorded = JSON.parse(readFileSync(VERDICTS, 'utf8')) as Recorded;

describe("PQL verdicts agree with PuppetDB's recorded ones", () => {
  test('the recording covers the corpus as it is now', () => {
    assert.deepEqual(
      recorded.verdicts.map((verdict) => verdict.query),
      corpus(),
      'the corpus changed: run scripts/record-pql-verdicts.ts against a PuppetDB',
    );
  });

  test('every kind of verdict is in the recording', () => {
    const kinds = new Set(recorded.verdicts.map((verdict) => verdict.server.kind));
    assert.deepEqual([...kinds].sort(), ['refused', 'syntax', 'valid', 'value']);
  });

  test(`each query: the editor says what PuppetDB ${recorded.puppetdb} said`, () => {
    const disagreements = recorded.verdicts
      .map(({ query, server }) => disagreement(query, server))
      .filter((text) => text !== undefined);
    assert.deepEqual(disagreements, []);
  });
});
