/**
 * Records PuppetDB's verdict on every query of the PQL corpus (test/fixtures/pql/corpus.ts) in
 * test/fixtures/pql/serverVerdicts.json, asked with `ast_only`, so that the unit test
 * test/unit/extension/pql/pqlDifferential.test.ts holds the editor to the server's word without
 * one. Run it again when the grammar, the corpus or the PuppetDB version changes:
 *
 *   node --import tsx scripts/record-pql-verdicts.ts --state-dir .work/pdb
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { corpus } from '../test/fixtures/pql/corpus';
import { serverIn } from '../test/integration/support/puppetdb';
import { askServer } from '../test/support/pqlVerdicts';

const VERDICTS_FILE = resolve(__dirname, '../test/fixtures/pql/serverVerdicts.json');

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'state-dir': { type: 'string' } } });
  const server = serverIn(resolve(values['state-dir'] ?? '.work/puppetdb-test'));
  const baseUrl = `http://${server.host}:${server.httpPort}`;
  const version = (await (await fetch(`${baseUrl}/pdb/meta/v1/version`)).json()) as {
    version: string;
  };
  const verdicts = [];
  for (const query of corpus()) verdicts.push({ query, server: await askServer(baseUrl, query) });
  // one verdict a line: a new PuppetDB's changes read as a short diff
  const lines = verdicts.map((verdict) => `  ${JSON.stringify(verdict)}`).join(',\n');
  const header = `"puppetdb": ${JSON.stringify(version.version)}`;
  writeFileSync(VERDICTS_FILE, `{\n ${header},\n "verdicts": [\n${lines}\n ]\n}\n`);
  const kinds = new Map<string, number>();
  for (const { server: verdict } of verdicts) {
    kinds.set(verdict.kind, (kinds.get(verdict.kind) ?? 0) + 1);
  }
  const tally = [...kinds].map(([kind, count]) => `${kind} ${count}`).join(', ');
  console.log(
    `PuppetDB ${version.version}: ${verdicts.length} verdicts (${tally}) in ${VERDICTS_FILE}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
