import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import type * as vscode from 'vscode';
import { CatalogHistory } from '../../../../src/extension/graph/catalogHistory';
import type { CatalogGraphDto } from '../../../../src/shared/catalogGraph';

/** workspaceState as VS Code keeps it: JSON values under keys. */
class MemoryMemento implements Pick<vscode.Memento, 'get' | 'update' | 'keys'> {
  readonly values = new Map<string, string>();
  keys(): readonly string[] {
    return [...this.values.keys()];
  }
  get<T>(key: string, fallback?: T): T | undefined {
    const value = this.values.get(key);
    return value === undefined ? fallback : (JSON.parse(value) as T);
  }
  update(key: string, value: unknown): Thenable<void> {
    this.values.set(key, JSON.stringify(value));
    return Promise.resolve();
  }
}

const catalog = (certname: string, version: string): CatalogGraphDto => ({
  certname,
  version,
  environment: 'production',
  resources: [],
  edges: [],
});

describe('catalogs seen (for "compare with the previous catalog")', () => {
  test('a new version of a node keeps the one before it as previous; the same one does not', async () => {
    const history = new CatalogHistory(new MemoryMemento() as unknown as vscode.Memento);
    await history.remember('local', catalog('web01', '1'));
    assert.equal(history.previous('local', 'web01'), undefined);
    await history.remember('local', catalog('web01', '1'));
    assert.equal(history.previous('local', 'web01'), undefined);
    await history.remember('local', catalog('web01', '2'));
    assert.equal(history.previous('local', 'web01')?.version, '1');
    assert.equal(history.previousVersion('local', 'web01'), '1');
    // seeing version 2 again keeps 1 as previous
    await history.remember('local', catalog('web01', '2'));
    assert.equal(history.previous('local', 'web01')?.version, '1');
    await history.remember('local', catalog('web01', '3'));
    assert.equal(history.previous('local', 'web01')?.version, '2');
  });

  test('kept per connection and node', async () => {
    const history = new CatalogHistory(new MemoryMemento() as unknown as vscode.Memento);
    await history.remember('local', catalog('web01', '1'));
    await history.remember('local', catalog('web01', '2'));
    assert.equal(history.previous('other', 'web01'), undefined);
    assert.equal(history.previous('local', 'web02'), undefined);
  });

  test('outlives a window reload through workspaceState, for the most recent nodes', async () => {
    const memento = new MemoryMemento();
    const first = new CatalogHistory(memento as unknown as vscode.Memento);
    await first.remember('local', catalog('web01', '1'));
    await first.remember('local', catalog('web01', '2'));
    for (let node = 0; node < 10; node++) await first.remember('local', catalog(`n${node}`, '1'));
    await first.remember('local', catalog('web01', '3'));
    const reloaded = new CatalogHistory(memento as unknown as vscode.Memento);
    assert.equal(reloaded.previous('local', 'web01')?.version, '2');
    // only the six most recently seen nodes are written (catalogs can be megabytes)
    const stored = memento.get<Record<string, unknown>>(memento.keys()[0]!)!;
    assert.equal(Object.keys(stored).length, 6);
  });

  test('holds to its limits (least recently seen go first) and stores no Sensitive value', async () => {
    const memento = new MemoryMemento();
    const history = new CatalogHistory(memento as unknown as vscode.Memento, () => ({
      maxBytes: 10_000_000,
      maxNodes: 2,
    }));
    await history.remember('local', catalog('web01', '1'));
    await history.remember('local', catalog('web01', '2'));
    await history.remember('local', catalog('web02', '1'));
    await history.remember('local', catalog('web03', '1'));
    assert.equal(history.previous('local', 'web01'), undefined, 'web01 was forgotten');
    const secret = catalog('db01', '1');
    secret.resources.push({
      id: 'User[app]',
      type: 'User',
      title: 'app',
      tags: [],
      exported: false,
      file: undefined,
      line: undefined,
      parameters: { password: { __ptype: 'Sensitive', __pvalue: 'hunter2' } },
    });
    await history.remember('local', secret);
    await history.remember('local', catalog('db01', '2'));
    // what the workspace state holds, unpacked: the parameter is there, its value is not
    const stored = memento.get<Record<string, { latest: string; previous?: string }>>(
      memento.keys()[0]!,
    )!;
    const db = stored[`local\u0000db01`]!;
    for (const packed of [db.latest, db.previous!]) {
      const text = gunzipSync(Buffer.from(packed, 'base64')).toString('utf8');
      assert.ok(!text.includes('hunter2'), text);
    }
    assert.match(gunzipSync(Buffer.from(db.previous!, 'base64')).toString('utf8'), /"password"/);
    assert.ok(!JSON.stringify(history.previous('local', 'db01')).includes('hunter2'));
  });
});
