/**
 * What one run has and the other has not, on the one grid: each resource changed, failed, skipped
 * or out of sync in one run only, and each log line (level and message, volatile parts aside)
 * logged in one only. Filtered by words and by side; every value set as text.
 */
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import {
  RESOURCE_STATES,
  type ResourceState,
  type RunComparison,
  type RunLog,
} from '../../shared/history';
import { plural } from '../../shared/plural';
import { ModelGrid, type ModelGridState } from '../common/grid/modelGrid';
import { filterField } from '../common/page/filterField';

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
  const section = document.createElement('section');
  section.className = 'compare-differences';
  section.setAttribute('aria-label', 'In one run only');
  const heading = document.createElement('h2');
  heading.textContent = 'In one run only';
  const toolbar = document.createElement('div');
  toolbar.className = 'toolbar';
  const text = filterField({
    placeholder: 'Filter resources and logs',
    label: 'Filter resources and logs',
  });
  const side = document.createElement('vscode-single-select');
  side.label = 'Which run';
  for (const [value, label] of [
    ['both', 'Either run'],
    ['older', `Only in the ${sideNames.older.toLowerCase()}`],
    ['newer', `Only in the ${sideNames.newer.toLowerCase()}`],
  ] as const) {
    const option = document.createElement('vscode-option');
    option.value = value;
    option.textContent = label;
    side.append(option);
  }
  const count = document.createElement('span');
  count.className = 'muted compare-count';
  count.setAttribute('role', 'status');
  const grid = new ModelGrid<Difference>({
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
    state: state.value,
    onStateChange: (next) => state.save(next),
    rowClass: (row) => `compare-row compare-row-${row.side}`,
    onView: (shown) => {
      count.textContent = `${plural(shown, 'difference')}${shown === rows.length ? '' : ` of ${rows.length.toLocaleString('en-US')}`}`;
      grid.grid.setEmptyText(
        shown === 0
          ? rows.length === 0
            ? 'Both runs changed, failed and logged the same.'
            : 'Nothing matches the filters.'
          : undefined,
      );
    },
  });
  toolbar.append(text, side, count, grid.grid.columnsButton());
  section.append(heading, toolbar, grid.element);
  text.addEventListener('input', () => grid.setFilter(text.value));
  side.addEventListener('change', () => {
    const wanted = side.value;
    grid.setInclude(
      wanted === 'older' || wanted === 'newer' ? (row) => row.side === wanted : undefined,
    );
  });
  grid.setRows(rows);
  return { element: section, dispose: () => grid.grid.dispose() };
}
