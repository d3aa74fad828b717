import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runStatusLook } from '../../../src/shared/runStatusLook';

describe('how a run status looks', () => {
  it('gives each status the tree has always shown its icon and tone', () => {
    assert.deepEqual(runStatusLook('failed'), { icon: 'error', tone: 'error' });
    assert.deepEqual(runStatusLook('changed'), { icon: 'sync', tone: 'change' });
    assert.deepEqual(runStatusLook('unchanged'), { icon: 'pass', tone: 'ok' });
    assert.deepEqual(runStatusLook('noop'), { icon: 'circle-large-outline', tone: 'noop' });
    assert.deepEqual(runStatusLook('unreported'), { icon: 'question', tone: 'muted' });
  });

  it('shows a status it does not know (or a property of Object) without a colour', () => {
    for (const status of [undefined, null, '', 'weird', 'toString', '__proto__', 'constructor']) {
      assert.deepEqual(runStatusLook(status), { icon: 'circle-outline' }, String(status));
    }
  });

  it('is the only table of run status icons in the webviews', () => {
    // a second table is how "changed" became a green tick in the report and a blue one in runs
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (
          path.endsWith('.ts') &&
          /\bchanged:\s*'(?:pass|sync|diff-modified|diff-added|check|circle[\w-]*|edit|arrow[\w-]*)'/.test(
            readFileSync(path, 'utf8'),
          )
        ) {
          offenders.push(path);
        }
      }
    };
    walk('src/webview');
    assert.deepEqual(offenders, []);
  });
});
