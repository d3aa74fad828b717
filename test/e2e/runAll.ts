/**
 * Runs every end-to-end script of test/e2e (each starts its own workbench, on its own port and
 * in its own folders) and fails when one does. Arguments are passed on.
 *
 *   node --import tsx test/e2e/runAll.ts --state-dir .work/puppetdb-test
 *
 * A script that changes what the others read of the shared PuppetDB says so with the tag
 * `@runsAlone` in its text (as test files do for scripts/run-node-tests.mjs): those run first,
 * one at a time. The rest run E2E_LANES at a
 * time (2 by default, one per core of the machines this is sized for): much of a script's time
 * is a workbench starting and waits for PuppetDB, so two share two cores well. Each script's
 * output is printed whole when it ends, with its wall time.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ALONE = '@runsAlone';

interface Outcome {
  script: string;
  passed: boolean;
}

function runScript(script: string): Promise<Outcome> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(__dirname, script), ...process.argv.slice(2)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = Math.round((performance.now() - started) / 1000);
      const ending = code === 0 ? '' : ` (exit ${code ?? signal})`;
      // wall time per script, so the CI budget shows where it goes (no assertion rests on it)
      process.stdout.write(
        `== e2e: ${script}\n${output}-- e2e: ${script}: ${seconds} s${ending}\n`,
      );
      resolve({ script, passed: code === 0 });
    });
  });
}

async function inLanes(scripts: string[], lanes: number): Promise<Outcome[]> {
  const queue = [...scripts];
  const outcomes: Outcome[] = [];
  const lane = async () => {
    for (let script = queue.shift(); script; script = queue.shift()) {
      outcomes.push(await runScript(script));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, lanes) }, lane));
  return outcomes;
}

async function main(): Promise<void> {
  const scripts = readdirSync(__dirname)
    .filter((file) => file.endsWith('.e2e.ts'))
    .sort();
  const alone = scripts.filter((script) =>
    readFileSync(join(__dirname, script), 'utf8').includes(ALONE),
  );
  const lanes = Number(process.env.E2E_LANES ?? 2);
  const outcomes = [
    ...(await inLanes(alone, 1)),
    ...(await inLanes(
      scripts.filter((script) => !alone.includes(script)),
      Number.isInteger(lanes) ? lanes : 2,
    )),
  ];
  const failed = outcomes.filter((outcome) => !outcome.passed).map((outcome) => outcome.script);
  console.log(
    `e2e scripts: ${outcomes.length - failed.length} passed, ${failed.length} failed` +
      (failed.length > 0 ? ` (${failed.join(', ')})` : ''),
  );
  process.exit(failed.length === 0 ? 0 : 1);
}

void main();
