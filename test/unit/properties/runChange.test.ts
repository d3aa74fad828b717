/**
 * runChange (src/shared/history/runChange.ts) over any status, field and counts: the split adds
 * up to the changed count, the kind follows the split, the field is never contradicted, and a run
 * with changes that neither the field nor the metric describes is "unknown".
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { runChange } from '../../../src/shared/history';
import { assertProperty } from './support/property';

const maybeCount = fc.option(fc.nat({ max: 50 }), { nil: undefined });
const runs = fc.record({
  status: fc.constantFrom('changed', 'unchanged', 'failed', null),
  correctiveChange: fc.constantFrom(true, false, null),
  counts: fc.record({ changed: maybeCount, corrective: maybeCount }),
});

describe('runChange (property)', () => {
  test('the split adds up, the kind follows it, the field is never contradicted', (t) => {
    assertProperty(
      t,
      fc.property(runs, (input) => {
        const result = runChange(input);
        const { changed, corrective } = input.counts;
        if (result.corrective !== undefined || result.intentional !== undefined) {
          assert.equal(result.corrective! + result.intentional!, changed);
          assert.ok(result.corrective! >= 0 && result.intentional! >= 0);
          const expected =
            result.corrective === 0
              ? 'intentional'
              : result.intentional === 0
                ? 'corrective'
                : 'mixed';
          assert.equal(result.change, expected);
        }
        if (changed === 0) assert.equal(result.change, 'none');
        if (input.correctiveChange === true) {
          assert.ok(!['intentional', 'unknown'].includes(result.change) || changed === 0);
        }
        if (input.correctiveChange === false) {
          assert.ok(!['corrective', 'mixed'].includes(result.change));
        }
        if (input.correctiveChange === null && corrective === undefined) {
          assert.ok(['unknown', 'none'].includes(result.change));
        }
        if (input.correctiveChange === null && changed !== undefined && corrective !== undefined) {
          assert.equal(
            result.corrective,
            changed === 0 ? undefined : Math.min(corrective, changed),
          );
        }
      }),
    );
  });
});
