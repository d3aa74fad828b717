/**
 * What one run has and the other has not, on the one grid: each resource changed, failed, skipped
 * or out of sync in one run only, and each log line (level and message, volatile parts aside)
 * logged in one only. Filtered by words and by side; every value set as text.
 */
import {
  RESOURCE_STATES,
  type ResourceState,
  type RunComparison,
  type RunLog,
} from '../../shared/history';
import { countedGrid } from '../common/grid/countedGrid';
import type { ModelGridState } from '../common/grid/modelGrid';
import { pageSection } from '../common/page/pageSection';
import { choiceSelect } from '../common/page/toolbarParts';

export interface Difference {
  /** Which run has it. */
  side: 'older' | 'newer';
  what: string;
  item: string;
}

const STATE_WORDS: Record<ResourceState, string> = {
  changed: 'Changed',
  failed: 'Failed',
  skipped: 'Skipped',
  outOfSync: 'Out of sync',
};

const logItem = (log: RunLog) => `${log.level}: ${log.message}`;

/** The comparison's one-sided items as rows, resources first (by state), then logs. */
export function differencesOf(comparison: RunComparison): Difference[] {
  const rows: Difference[] = [];
  for (const state of RESOURCE_STATES) {
    const { onlyInA, onlyInB } = comparison.resources[state];
    const what = `${STATE_WORDS[state]} resource`;
    for (const item of onlyInA) rows.push({ side: 'older', what, item });
    for (const item of onlyInB) rows.push({ side: 'newer', what, item });
  }
  for (const log of comparison.logs.onlyInA) {
    rows.push({ side: 'older', what: 'Log line', item: logItem(log) });
  }
  for (const log of comparison.logs.onlyInB) {
    rows.push({ side: 'newer', what: 'Log line', item: logItem(log) });
  }
  return rows;
}

export interface DifferencesView {
  element: HTMLElement;
  dispose(): void;
}

export function renderDifferences(
  rows: readonly Difference[],
  sideNames: { older: string; newer: string },
  state: { value: unknown; save(state: ModelGridState): void },
): DifferencesView {
  const section = pageSection('In one run only', 'compare-differences');
  const side = choiceSelect('Which run', [
    ['both', 'Either run'],
    ['older', `Only in the ${sideNames.older.toLowerCase()}`],
    ['newer', `Only in the ${sideNames.newer.toLowerCase()}`],
  ]);
  const { grid, toolbar } = countedGrid<Difference>({
    kept: state,
    count: {
      className: 'compare-count',
      words: {
        noun: 'difference',
        none: 'Both runs changed, failed and logged the same.',
        noMatch: 'Nothing matches the filters.',
      },
    },
    toolbar: { filterLabel: 'Filter resources and logs', before: [side] },
    className: 'compare-differences-grid',
    label: 'In one run only',
    columns: [
      {
        key: 'side',
        label: 'Only in',
        width: 150,
        text: (row) => sideNames[row.side],
      },
      { key: 'what', label: 'What', width: 170, text: (row) => row.what },
      { key: 'item', label: 'Resource or log line', width: 400, grow: 3, text: (row) => row.item },
    ],
    searchText: (row) => `${row.what}\n${row.item}`,
    rowClass: (row) => `compare-row compare-row-${row.side}`,
  });
  section.append(toolbar, grid.element);
  side.addEventListener('change', () => {
    const wanted = side.value;
    grid.setInclude(
      wanted === 'older' || wanted === 'newer' ? (row) => row.side === wanted : undefined,
    );
  });
  grid.setRows(rows);
  return { element: section, dispose: () => grid.grid.dispose() };
}
