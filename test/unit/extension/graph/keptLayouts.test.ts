import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
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

  test('keeps at most its capacity: the oldest goes first', () => {
    const kept = new KeptLayouts(2);
    for (const key of ['a', 'b', 'c']) kept.keep({ key, corners: [0, 0] });
    assert.deepEqual(
      kept.all().map((layout) => layout.key),
      ['b', 'c'],
    );
  });
});
