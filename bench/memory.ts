/**
 * Peak memory of reading every fact: raw undici + JSON.parse (the whole body, then the whole
 * array) against the client's stream (one chunk and one element in flight). Each reader runs
 * in its own process so that the peaks do not mix; the peak is the kernel's VmHWM.
 *
 *   node --import tsx bench/memory.ts --state-dir .work/bench-client
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { request } from 'undici';
import { connect } from '../src/client';

function peakRssMb(): number {
  const line = readFileSync('/proc/self/status', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmHWM:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
}

function baseUrlOf(stateDir: string): string {
  const line = readFileSync(join(stateDir, 'env'), 'utf8')
    .split('\n')
    .find((entry) => /^(export\s+)?PDB_HTTP_URL=/.test(entry.trim()));
  return (line ?? '').split('=')[1]!.replace(/['"]/g, '').trim();
}

async function child(mode: string, baseUrl: string): Promise<void> {
  const before = peakRssMb();
  let rows = 0;
  if (mode === 'raw') {
    const response = await request(`${baseUrl}/pdb/query/v4/facts`, {
      headersTimeout: 120_000,
      bodyTimeout: 120_000,
    });
    rows = (JSON.parse(await response.body.text()) as unknown[]).length;
  } else {
    const url = new URL(baseUrl);
    const db = connect({ host: url.hostname, port: Number(url.port), timeout: 120 });
    for await (const _fact of db.facts()) rows++;
    await db.disconnect();
  }
  console.log(JSON.stringify({ mode, rows, baseline: before, peak: peakRssMb() }));
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'state-dir': { type: 'string', default: '.work/bench-client' },
      child: { type: 'string' },
      url: { type: 'string' },
    },
  });
  if (values.child) return child(values.child, values.url!);
  const baseUrl = baseUrlOf(values['state-dir']!);
  const results = ['raw', 'client'].map((mode) => {
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', __filename, '--child', mode, '--url', baseUrl],
      {
        encoding: 'utf8',
      },
    );
    return JSON.parse(output.trim().split('\n').pop()!) as {
      mode: string;
      rows: number;
      baseline: number;
      peak: number;
    };
  });
  const [raw, client] = results as [(typeof results)[0], (typeof results)[0]];
  console.log(
    `memory, all ${raw.rows} facts: peak RSS raw ${raw.peak.toFixed(0)} MB, client streaming ${client.peak.toFixed(0)} MB`,
  );
  console.log(
    `  above the process baseline: raw +${(raw.peak - raw.baseline).toFixed(0)} MB, client +${(client.peak - client.baseline).toFixed(0)} MB (ratio ${((client.peak - client.baseline) / (raw.peak - raw.baseline)).toFixed(2)})`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
