// Makes the lockfile of code-server's bundled VS Code (lib/vscode/npm-shrinkwrap.json) installable
// from the npm registry alone. Some releases (e.g. code-server 4.96.4) pin a package to a git
// commit on github.com although package.json asks for a registry range and the registry has the
// very same tarball (same integrity). Dropping `resolved` makes npm fetch that version from the
// configured registry; it still checks the recorded integrity, so a different tarball fails.
//   node scripts/vscode-lock-from-registry.mjs <code-server>/lib/vscode
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const lockfile = join(process.argv[2] ?? '.', 'npm-shrinkwrap.json');
if (existsSync(lockfile)) {
  const lock = JSON.parse(readFileSync(lockfile, 'utf8'));
  const fromGit = Object.entries(lock.packages ?? {}).filter(([, entry]) =>
    /^git\+|^github:|codeload\.github\.com/.test(entry.resolved ?? ''),
  );
  for (const [path, entry] of fromGit) {
    if (!entry.integrity) throw new Error(`${path} comes from git without an integrity to check`);
    console.log(`${path}@${entry.version}: ${entry.resolved} -> the registry`);
    delete entry.resolved;
  }
  if (fromGit.length > 0) writeFileSync(lockfile, `${JSON.stringify(lock, null, 2)}\n`);
}
