import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every file below `dir` whose name says it is the extension's "PuppetDB Explorer" log channel. */
function logFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  // entries as they are, links not followed (a browser profile holds links to nowhere)
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...logFiles(path));
    else if (entry.isFile() && entry.name.endsWith('PuppetDB Explorer.log')) found.push(path);
  }
  return found;
}

/** What the extension's log files below `dir` (a VS Code log or data folder) hold so far. */
export function extensionLogBelow(dir: string): string {
  return logFiles(dir)
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
}
