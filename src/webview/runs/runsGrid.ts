/**
 * The runs grid: a sticky header over virtualised rows (common/dataGrid.ts, on the project's
 * one scroller), so a week of a large fleet costs what the visible 40 rows do. A click
 * or Enter opens the run's report. Every value is set with textContent: a certname or an
 * environment that looks like markup stays text.
 */
import { runSeconds, type RunRow } from '../../shared/recentRuns';
import { formatDuration, formatTimestamp } from '../components/events-table/format';
import { DataGrid, gridCell, headerCell } from '../common/dataGrid';

export interface RunsGridOptions {
  onOpenReport(reportHash: string): void;
  /** After each paint that changed the rows: how many are shown. */
  onShown(rows: number): void;
}

/** Report status → codicon, as the tree shows a node's status. */
const STATUS_ICONS: Readonly<Record<string, string>> = {
  failed: 'error',
  changed: 'diff-modified',
  unchanged: 'pass',
};

const COLUMNS: ReadonlyArray<{ key: string; label: string; text(row: RunRow): string }> = [
  {
    key: 'status',
    label: 'Status',
    text: (row) => `${row.status ?? 'unknown'}${row.noop ? ' · noop' : ''}`,
  },
  { key: 'end', label: 'Finished', text: (row) => formatTimestamp(row.endTime) },
  { key: 'certname', label: 'Node', text: (row) => row.certname },
  { key: 'environment', label: 'Environment', text: (row) => row.environment ?? '' },
  {
    key: 'duration',
    label: 'Run time',
    text: (row) => {
      const seconds = runSeconds(row);
      return seconds === undefined ? '' : formatDuration(seconds * 1000);
    },
  },
  { key: 'version', label: 'Configuration', text: (row) => row.configurationVersion ?? '' },
  { key: 'puppet', label: 'Puppet', text: (row) => row.puppetVersion ?? '' },
];

export class RunsGrid {
  private readonly grid: DataGrid;
  private rows: RunRow[] = [];

  constructor(private readonly options: RunsGridOptions) {
    this.grid = new DataGrid({
      className: 'runs-viewport',
      label: 'Runs, newest first',
      fillRow: (row, index, selected) => this.fillRow(row, index, selected),
      onOpen: (index) => this.open(index),
    });
    this.grid.setColumnCount(COLUMNS.length);
    this.grid.header.append(
      ...COLUMNS.map((column) => {
        const cell = headerCell(column.key);
        cell.textContent = column.label;
        return cell;
      }),
    );
    // a run opens on a single click (the inventory, whose rows open less often, asks a double)
    this.grid.spacer.addEventListener('click', (event) => {
      const index = this.grid.indexAt(event.clientY);
      this.grid.select(index);
      this.element.focus({ preventScroll: true });
      this.open(index);
    });
  }

  get element(): HTMLElement {
    return this.grid.element;
  }

  setRows(rows: RunRow[]): void {
    this.rows = rows;
    this.grid.setCount(rows.length);
    this.options.onShown(rows.length);
  }

  /** Runs arrived at the end (streamed): the rows shown stay as they are. */
  grow(rows: RunRow[]): void {
    this.rows = rows;
    this.grid.grow(rows.length);
    this.options.onShown(rows.length);
  }

  private fillRow(element: HTMLElement, index: number, selected: boolean): void {
    const run = this.rows[index]!;
    element.setAttribute('aria-selected', String(selected));
    element.dataset.hash = run.hash;
    const cells = COLUMNS.map((column) => {
      const text = column.text(run);
      const cell = gridCell(text);
      cell.classList.add(`runs-cell-${column.key}`);
      if (column.key === 'status') showStatus(cell, run, text);
      return cell;
    });
    element.replaceChildren(...cells);
  }

  private open(index: number): void {
    const run = this.rows[index];
    if (run) this.options.onOpenReport(run.hash);
  }
}

/** The status cell: the tree's icon for the status, coloured by a run-status-* class, before the text. */
function showStatus(cell: HTMLElement, run: RunRow, text: string): void {
  const known = STATUS_ICONS[run.status ?? ''];
  const icon = document.createElement('span');
  icon.className = `codicon codicon-${known ?? 'question'}`;
  icon.setAttribute('aria-hidden', 'true');
  const label = document.createElement('span');
  label.textContent = text;
  cell.classList.add(`run-status-${known ? run.status : 'unknown'}`);
  cell.replaceChildren(icon, label);
}
