import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as vscode from 'vscode';
import { MAX_PANEL_RECORDS, PanelRecords } from '../../../../src/extension/webviews/panelRecords';
import type { RestoreInfo } from '../../../../src/shared/protocol';

/** workspaceState as VS Code keeps it: JSON values under keys, kept across a window reload. */
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

const events = (reportHash: string): RestoreInfo => ({
  entry: 'events',
  connectionId: 'local',
  source: { reportHash },
});

/** The records after a window reload: a new host on the same workspace state. */
const reloaded = (memento: MemoryMemento) => new PanelRecords(memento as unknown as vscode.Memento);

describe("the host's records of its panels (what a restored panel may fetch)", () => {
  test('a panel is found again after a reload by its id, and only as the kind of panel it was', () => {
    const memento = new MemoryMemento();
    const id = PanelRecords.newId();
    reloaded(memento).remember(id, events('abc'));
    const records = reloaded(memento);
    assert.equal(records.recall('report', id), undefined, 'not as another kind of panel');
    assert.deepEqual(records.recall('events', id), events('abc'));
    assert.deepEqual(reloaded(memento).recall('events', id), events('abc'), 'again next reload');
  });

  test('an id the host never gave out names nothing, whatever it looks like', () => {
    const records = reloaded(new MemoryMemento());
    records.remember(PanelRecords.newId(), events('abc'));
    for (const forged of [PanelRecords.newId(), undefined, 42, '', 'events', { id: 1 }]) {
      assert.equal(records.recall('events', forged), undefined, JSON.stringify(forged));
    }
  });

  test('ids are random: two panels never share one', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => PanelRecords.newId()));
    assert.equal(ids.size, 1000);
  });

  test('a closed panel is forgotten; panels closed by a window reload are not', () => {
    const memento = new MemoryMemento();
    const records = reloaded(memento);
    const [closed, kept] = [PanelRecords.newId(), PanelRecords.newId()];
    records.remember(closed, events('a'));
    records.remember(kept, events('b'));
    records.forget(closed);
    records.keepAll();
    records.forget(kept);
    const after = reloaded(memento);
    assert.equal(after.recall('events', closed), undefined);
    assert.deepEqual(after.recall('events', kept), events('b'));
  });

  test('what is recalled is a copy: changing it changes no record', () => {
    const records = reloaded(new MemoryMemento());
    const id = PanelRecords.newId();
    const info = events('a');
    records.remember(id, info);
    (info as { connectionId: string }).connectionId = 'other';
    const recalled = records.recall('events', id)!;
    (recalled as { connectionId: string }).connectionId = 'other';
    assert.equal(records.recall('events', id)?.connectionId, 'local');
  });

  test(`at most ${MAX_PANEL_RECORDS} panels are remembered: the least recently revived go first`, () => {
    const memento = new MemoryMemento();
    const records = reloaded(memento);
    const ids = Array.from({ length: MAX_PANEL_RECORDS + 5 }, () => PanelRecords.newId());
    const [first, ...others] = ids;
    const [second] = others;
    for (const [index, id] of ids.slice(0, MAX_PANEL_RECORDS).entries()) {
      records.remember(id, events(`n${index}`));
    }
    // the first is revived (used) again: the second is now the oldest
    assert.ok(records.recall('events', first));
    for (const [index, id] of ids.slice(MAX_PANEL_RECORDS).entries()) {
      records.remember(id, events(`more${index}`));
    }
    const after = reloaded(memento);
    const remembered = ids.filter((id) => after.recall('events', id) !== undefined);
    assert.equal(remembered.length, MAX_PANEL_RECORDS);
    assert.ok(remembered.includes(first!), 'the one revived lately stays');
    assert.ok(!remembered.includes(second!), 'the oldest went');
  });

  test("a record that no longer fits its panel (an older version's) rebuilds nothing", () => {
    const memento = new MemoryMemento();
    const id = PanelRecords.newId();
    memento.values.set(
      'puppetdbExplorer.panelRecords',
      JSON.stringify({
        [id]: { info: { entry: 'events', connectionId: 'local', source: { x: 1 } }, at: 1 },
        'not-an-id': { info: events('a'), at: 2 },
      }),
    );
    assert.equal(reloaded(memento).recall('events', id), undefined);
    assert.equal(reloaded(memento).recall('events', 'not-an-id'), undefined);
  });
});
