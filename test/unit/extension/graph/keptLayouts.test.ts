import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as vscode from 'vscode';
import { KeptLayouts } from '../../../../src/extension/graph/keptLayouts';

describe('KeptLayouts (the host keeps the graph pages’ layouts for the pages after)', () => {
  test('gives every layout kept, the newest last; a shape laid out again is newest', () => {
    const kept = new KeptLayouts();
    kept.keep({ key: 'a', corners: [1, 2] });
    kept.keep({ key: 'b', corners: [3, 4] });
    kept.keep({ key: 'a', corners: [5, 6] });
    assert.deepEqual(kept.all(), [
      { key: 'b', corners: [3, 4] },
      { key: 'a', corners: [5, 6] },
    ]);
  });

  test('outlives a window reload in the workspace state; what is no layout there is left out', async () => {
    const state = new Map<string, unknown>();
    const memento = {
      get: <T>(key: string) => state.get(key) as T | undefined,
      update: async (key: string, value: unknown) => void state.set(key, value),
      keys: () => [...state.keys()],
    } as unknown as vscode.Memento;
    new KeptLayouts(memento).keep({ key: 'a', corners: [1, 2] });
    assert.deepEqual(new KeptLayouts(memento).all(), [{ key: 'a', corners: [1, 2] }]);
    state.set('puppetdbExplorer.catalogGraph.layouts', [
      { key: 'a', corners: [1, Number.NaN] },
      { key: 'b', corners: ['1'] },
      'c',
      { key: 'd', corners: [3, 4] },
    ]);
    assert.deepEqual(new KeptLayouts(memento).all(), [{ key: 'd', corners: [3, 4] }]);
  });

  test('keeps at most its capacity: the oldest goes first', () => {
    const kept = new KeptLayouts(undefined, 2);
    for (const key of ['a', 'b', 'c']) kept.keep({ key, corners: [0, 0] });
    assert.deepEqual(
      kept.all().map((layout) => layout.key),
      ['b', 'c'],
    );
  });
});
