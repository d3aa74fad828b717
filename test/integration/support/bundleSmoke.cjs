// Runs the built client bundle (dist/client.js) under whichever Node executes this file, against
// the real PuppetDB, and prints what it saw as one JSON line.
const { connect, PuppetDBHTTPError } = require('../../../dist/client.js');

async function main() {
  const [host, port] = [process.env.PDB_HOST, Number(process.env.PDB_HTTP_PORT)];
  const db = connect({ host, port, timeout: 30 });
  const version = await db.currentVersion();
  const nodes = await db.nodes({ withStatus: true, orderBy: [{ field: 'certname' }] }).toArray();
  let facts = 0;
  for await (const _fact of db.facts({ pageSize: 1000 })) facts++;
  let parseError;
  try {
    await db.pql('nodes[certname]{ certname = }').toArray();
  } catch (error) {
    parseError = error instanceof PuppetDBHTTPError ? error.position : String(error);
  }
  await db.disconnect();
  console.log(
    JSON.stringify({
      node: process.version,
      version,
      certnames: nodes.map((node) => node.name),
      statuses: nodes.map((node) => node.status),
      facts,
      parseError,
    }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
