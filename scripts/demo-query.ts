/**
 * A first look at the demo PuppetDB through the client: the fleet by status, the failed runs,
 * and a PQL query. Run after scripts/demo.sh:
 *
 *   PDB_STATE_DIR=.work/puppetdb-demo node --import tsx scripts/demo-query.ts
 */
import { resolve } from 'node:path';
import { connect, EqualsOperator } from '../src/client';
import { readStateEnv } from './puppetdb/fleetLoader';

async function main(): Promise<void> {
  const env = readStateEnv(resolve(process.env.PDB_STATE_DIR ?? '.work/puppetdb-demo'));
  // Over HTTPS with the client certificate, as a production PuppetDB would want it.
  const db = connect({
    host: env.PDB_HOST,
    port: Number(env.PDB_HTTPS_PORT),
    sslVerify: env.PDB_SSL_CA,
    sslCert: env.PDB_SSL_CERT,
    sslKey: env.PDB_SSL_KEY,
  });
  console.log(`PuppetDB ${await db.currentVersion()} at ${db.baseUrl}`);

  const byStatus = new Map<string, string[]>();
  for await (const node of db.nodes({ withStatus: true, orderBy: [{ field: 'certname' }] })) {
    const status = node.status ?? 'unknown';
    byStatus.set(status, [...(byStatus.get(status) ?? []), node.name]);
  }
  for (const [status, names] of byStatus) {
    console.log(
      `  ${status.padEnd(11)} ${names.length}  ${names.slice(0, 4).join(', ')}${names.length > 4 ? ', …' : ''}`,
    );
  }

  console.log('failed runs, latest first:');
  const failed = db.reports({
    query: new EqualsOperator('status', 'failed'),
    orderBy: [{ field: 'end_time', order: 'desc' }],
    limit: 3,
  });
  for await (const report of failed) {
    const events = await report.events().toArray();
    const failure = events.find((event) => event.failed);
    console.log(
      `  ${report.node}  ${report.end.toISOString()}  ${failure ? `${failure.type}[${failure.title}]: ${failure.message}` : ''}`,
    );
  }

  const rows = await db
    .pql('facts[value, count()] { name = "operatingsystemrelease" group by value }')
    .toArray();
  console.log(`operating systems: ${rows.map((row) => JSON.stringify(row)).join(' ')}`);
  await db.disconnect();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `${error.name}: ${error.message}` : error);
  process.exit(1);
});
