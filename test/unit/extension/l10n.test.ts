/**
 * The committed l10n/bundle.l10n.json is what `npm run l10n` makes of src/extension now: every
 * string the code passes to vscode.l10n.t is in it (a translator sees it), and nothing else is.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { describe, test } from 'node:test';
import { getL10nJson } from '@vscode/l10n-dev';

const SOURCES = 'src/extension';
const BUNDLE = 'l10n/bundle.l10n.json';

const sourceFiles = (readdirSync(SOURCES, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.ts'))
  .sort()
  .map((file) => ({
    path: join(SOURCES, file),
    contents: readFileSync(join(SOURCES, file), 'utf8'),
  }));
const committed = JSON.parse(readFileSync(BUNDLE, 'utf8')) as Record<string, unknown>;

describe('l10n bundle', () => {
  test('the committed bundle holds exactly the strings src/extension translates (npm run l10n)', async () => {
    const exported = await getL10nJson(
      sourceFiles.map(({ path, contents }) => ({ extension: extname(path), contents })),
    );
    const missing = Object.keys(exported).filter((key) => !(key in committed));
    const stale = Object.keys(committed).filter((key) => !(key in exported));
    assert.deepEqual({ missing, stale }, { missing: [], stale: [] }, 'run `npm run l10n`');
    assert.deepEqual(committed, exported);
  });

  test('every vscode.l10n.t call starts with a string literal, so the export can see it', () => {
    const hidden: string[] = [];
    for (const { path, contents } of sourceFiles) {
      for (const match of contents.matchAll(/\bl10n\.t\(\s*(.)/g)) {
        if (!`'"\``.includes(match[1]!)) {
          const line = contents.slice(0, match.index).split('\n').length;
          hidden.push(`${path}:${line}`);
        }
      }
    }
    assert.deepEqual(hidden, []);
  });

  test('no translated message is a template with ${…} (placeholders are {0} or {name})', () => {
    const templated = Object.keys(committed).filter((key) => key.includes('${'));
    assert.deepEqual(templated, []);
  });
});
