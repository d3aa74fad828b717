/**
 * The runs grid: a sticky header over virtualised rows (the project's one scroller,
 * common/virtualRows.ts), so a week of a large fleet costs what the visible 40 rows do. A click
 * or Enter opens the run's report. Every value is set with textContent: a certname or an
 * environment that looks like markup stays text.
 */
import { runSeconds, type RunRow } from '../../shared/recentRuns';
import { formatDuration, formatTimestamp } from '../components/events-table/format';
import { VirtualRows } from '../common/virtualRows';

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
  readonly element: HTMLElement;
  private readonly virtualRows: VirtualRows;
  private rows: RunRow[] = [];
  private selected = -1;

  constructor(private readonly options: RunsGridOptions) {
    this.element = document.createElement('div');
    this.element.className = 'runs-viewport';
    this.element.tabIndex = 0;
    this.element.setAttribute('role', 'grid');
    this.element.setAttribute('aria-label', 'Runs, newest first');
    this.element.setAttribute('aria-colcount', String(COLUMNS.length));
    const header = document.createElement('div');
    header.className = 'runs-row runs-header';
    header.setAttribute('role', 'row');
    header.append(
      ...COLUMNS.map((column) => {
        const cell = document.createElement('div');
        cell.className = 'runs-cell';
        cell.setAttribute('role', 'columnheader');
        cell.dataset.column = column.key;
        cell.textContent = column.label;
        return cell;
      }),
    );
    const spacer = document.createElement('div');
    spacer.className = 'runs-spacer';
    spacer.setAttribute('role', 'rowgroup');
    this.element.append(header, spacer);
    this.virtualRows = new VirtualRows({
      viewport: this.element,
      spacer,
      headerRows: 1,
      createRow: () => {
        const row = document.createElement('div');
        row.className = 'runs-row';
        row.setAttribute('role', 'row');
        return row;
      },
      fillRow: (element, index) => this.fillRow(element, index),
    });
    spacer.addEventListener('click', (event) => {
      const index = this.virtualRows.indexAt(event.clientY);
      this.select(index);
      this.element.focus({ preventScroll: true });
      this.open(index);
    });
    this.element.addEventListener('keydown', (event) => this.onKeyDown(event));
  }

  setRows(rows: RunRow[]): void {
    this.rows = rows;
    this.selected = -1;
    this.virtualRows.setCount(rows.length);
    this.options.onShown(rows.length);
  }

  /** Runs arrived at the end (streamed): the rows shown stay as they are. */
  grow(rows: RunRow[]): void {
    this.rows = rows;
    this.virtualRows.grow(rows.length);
    this.options.onShown(rows.length);
  }

  private fillRow(element: HTMLElement, index: number): void {
    const run = this.rows[index]!;
    const selected = index === this.selected;
    element.classList.toggle('is-selected', selected);
    element.setAttribute('aria-selected', String(selected));
    element.dataset.hash = run.hash;
    const cells = COLUMNS.map((column) => {
      const cell = document.createElement('div');
      cell.className = `runs-cell runs-cell-${column.key}`;
      cell.setAttribute('role', 'gridcell');
      const text = column.text(run);
      if (column.key === 'status') {
        const icon = document.createElement('span');
        icon.className = `codicon codicon-${STATUS_ICONS[run.status ?? ''] ?? 'question'}`;
        icon.setAttribute('aria-hidden', 'true');
        const label = document.createElement('span');
        label.textContent = text;
        cell.classList.add(`run-status-${STATUS_ICONS[run.status ?? ''] ? run.status : 'unknown'}`);
        cell.append(icon, label);
      } else {
        cell.textContent = text;
      }
      cell.title = text;
      return cell;
    });
    element.replaceChildren(...cells);
  }

  private select(index: number): void {
    if (index < 0 || index >= this.rows.length) return;
    this.selected = index;
    this.virtualRows.scrollToIndex(index);
    this.virtualRows.refresh();
  }

  private open(index: number): void {
    const run = this.rows[index];
    if (run) this.options.onOpenReport(run.hash);
  }

  private onKeyDown(event: KeyboardEvent): void {
    const last = this.rows.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: this.selected + 1,
      ArrowUp: this.selected - 1,
      PageDown: this.selected + this.virtualRows.pageSize,
      PageUp: this.selected - this.virtualRows.pageSize,
      Home: 0,
      End: last,
    };
    if (event.key === 'Enter') {
      this.open(this.selected);
    } else if (event.key in moves) {
      this.select(Math.max(0, Math.min(last, moves[event.key]!)));
    } else {
      return;
    }
    event.preventDefault();
  }
}
