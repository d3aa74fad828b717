/**
 * A workspace that is a git repository of the sample control repository (test/fixtures/control-
 * repo, committed once on branch `production`) and the working-tree change the Blast Radius view
 * is opened on: a changed line of the motd's declaration in profile::base, and a comment line
 * added between two resources (no catalog declares anything there yet).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTROL_REPO } from '../../fixtures/fleet/controlRepo';

export const BASE = 'site-modules/profile/manifests/base.pp';

/** A git repository of the control repository, committed once (the workspace is a clone of it). */
export function controlRepository(): string {
  const folder = join(mkdtempSync(join(tmpdir(), 'pdbx-e2e-blast-')), 'control-repo');
  cpSync(CONTROL_REPO, folder, { recursive: true });
  const git = gitIn(folder);
  git('init', '--quiet', '--initial-branch=production');
  git('add', '--all');
  git('commit', '--quiet', '--no-gpg-sign', '--message', 'Control repository');
  return folder;
}

/** git in `folder`, as the fixture's author, whatever the machine's configuration. */
export function gitIn(folder: string): (...args: string[]) => string {
  return (...args) =>
    execFileSync('git', args, {
      cwd: folder,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_AUTHOR_NAME: 'Fixture Author',
        GIT_AUTHOR_EMAIL: 'fixture@example.com',
        GIT_COMMITTER_NAME: 'Fixture Author',
        GIT_COMMITTER_EMAIL: 'fixture@example.com',
      },
    });
}

/** The working-tree change: the motd's mode, and a comment line added before /etc/hosts. */
export function changeBase(folder: string): void {
  const path = join(folder, BASE);
  const lines = readFileSync(path, 'utf8').split('\n');
  if (lines.some((line) => line.includes('# added by the e2e script'))) return;
  const motd = lines.findIndex((line) => /^\s*file \{ '\/etc\/motd':/.test(line));
  const hosts = lines.findIndex((line) => /^\s*file \{ '\/etc\/hosts':/.test(line));
  assert.ok(motd >= 0 && hosts > motd, `${BASE} declares the motd, then /etc/hosts`);
  const mode = lines.findIndex((line, index) => index > motd && line.includes("'0644'"));
  assert.ok(mode > motd && mode < hosts, "the motd's mode");
  lines[mode] = lines[mode]!.replace("'0644'", "'0640'");
  lines.splice(hosts, 0, '  # added by the e2e script');
  writeFileSync(path, lines.join('\n'));
}
