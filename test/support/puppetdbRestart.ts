/**
 * Restarts the real PuppetDB of a state dir in place, through scripts/puppetdb/restart.sh: the
 * same ports, configuration and database (the loaded fleet stays). Resolves once PuppetDB reports
 * "state":"running" again; the new PID is then in STATE_DIR/env.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

const SCRIPT = join('scripts', 'puppetdb', 'restart.sh');

export interface RestartOptions {
  /** The repository root. Default: the nearest folder above this file that holds the script. */
  repoRoot?: string;
}

export function restartPuppetDB(stateDir: string, options: RestartOptions = {}): Promise<void> {
  const script = join(options.repoRoot ?? repoRootAbove(__dirname), SCRIPT);
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [script, stateDir], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => (stderr = (stderr + text).slice(-4000)));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else {
        reject(
          new Error(
            `${SCRIPT} ${stateDir} ended with ${signal ?? `exit code ${code}`}:\n${stderr}`,
          ),
        );
      }
    });
  });
}

/** Found by walking up, so that it also works from a bundle (the VS Code host tests' dist/). */
function repoRootAbove(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, SCRIPT))) return dir;
    if (dirname(dir) === dir) throw new Error(`no ${SCRIPT} above ${start}; pass repoRoot`);
  }
}
