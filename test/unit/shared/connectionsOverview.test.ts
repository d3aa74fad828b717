import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  connectionsOverview,
  totalCounts,
  type ConnectionsOverviewRow,
} from '../../../src/shared/multiConnection/connectionsOverview';
import { emptyCounts } from '../../../src/shared/overview';

const counts = (partial: Partial<ReturnType<typeof emptyCounts>>) => ({
  ...emptyCounts(),
  ...partial,
});

describe('the overview across connections', () => {
  it('totals the PuppetDBs that answered; one loading or failed adds nothing', () => {
    const rows: ConnectionsOverviewRow[] = [
      { name: 'east', state: 'loaded', counts: counts({ failed: 2, changed: 3, active: 5 }) },
      { name: 'west', state: 'loaded', counts: counts({ failed: 1, unreported: 4, active: 5 }) },
      { name: 'down', state: 'error', error: 'connect ECONNREFUSED' },
      { name: 'slow', state: 'loading' },
    ];
    assert.deepEqual(
      totalCounts(rows),
      counts({ failed: 3, changed: 3, unreported: 4, active: 10 }),
    );
    const overview = connectionsOverview(rows, '2026-11-29T20:00:00.000Z', 2);
    assert.equal(overview.answered, 2);
    assert.deepEqual(overview.total, totalCounts(rows));
    assert.equal(overview.rows, rows);
  });

  it('totals nothing when no PuppetDB answered', () => {
    assert.deepEqual(totalCounts([{ name: 'down', state: 'error', error: 'x' }]), emptyCounts());
    assert.deepEqual(totalCounts([]), emptyCounts());
  });
});
