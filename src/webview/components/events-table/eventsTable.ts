/**
 * The events table: toolbar, sortable and filterable header, virtualised rows (events or
 * collapsible groups), the selected event in full, and a summary line. Used by the events view
 * and, for one report's events, by the report view.
 *
 * The data work is EventTableModel's (src/shared/eventTable.ts); this class turns the user's
 * input into its query and shows the result. Recomputing is coalesced to one per animation frame,
 * so typing in a filter or a burst of streamed batches costs one view per frame at most.
 */
import './elements';
import './eventsTable.css';
import { EventTableModel, type EventTableView } from '../../../shared/eventTable';
import type { EventColumn } from '../../../shared/eventTableColumns';
import { resourceRef } from '../../../shared/eventTableColumns';
import type { EventRowDto } from '../../../shared/reportDto';
import { EventBacklog } from './eventBacklog';
import { EventDetail } from './eventDetail';
import { createRowElement, fillEventRow, fillGroupRow } from './eventRowView';
import { SummaryBar } from './summaryBar';
import { TableHeader } from './tableHeader';
import { TableToolbar } from './tableToolbar';
import { defaultTableState, restoreTableState, type EventsTableState } from './tableState';
import { VirtualRows } from '../../common/virtualRows';

export interface EventsTableOptions {
  /** A saved state (see savedTableState) or undefined. */
  initialState?: unknown;
  onOpenInGraph(certname: string, resource: string): void;
  /** Absent where the report is already shown (the report view). */
  onOpenReport?: (reportHash: string) => void;
  /** Open the manifest line an event names (PuppetDB's path; the host maps it). */
  onOpenManifest(file: string, line: number | undefined): void;
  onStateChange(state: EventsTableState): void;
}

const ACTIVE_ROW_ID = 'events-active-row';
/** Events indexed between two looks at the clock (about a millisecond's work). */
const INDEX_STEP = 500;
/**
 * How long a frame may spend on the text index when a filter comes before idle time finished it:
 * with the view and its paint, the frame's task stays under 50 ms, and under load (when indexing
 * is slower) it indexes fewer events rather than taking longer.
 */
const INDEX_FRAME_MS = 16;

export class EventsTable {
  readonly element: HTMLElement;
  private readonly model = new EventTableModel();
  private state: EventsTableState;
  private view: EventTableView;
  private loading = false;
  /** What the host last said: more events are on their way. */
  private moreComing = false;
  private readonly backlog = new EventBacklog((events) => this.takeEvents(events));
  private readonly viewport: HTMLElement;
  private readonly emptyNote: HTMLElement;
  private readonly rows: VirtualRows;
  private readonly header: TableHeader;
  private readonly toolbar: TableToolbar;
  private readonly detail: EventDetail;
  private readonly summary: SummaryBar;
  /** The selected item: an event by model index, or a group by key. */
  private selected: { event: number } | { group: string } | undefined;
  private frame = 0;
  private idleWork = 0;
  /**
   * The event each row element was last filled with (the object: after setEvents an index names
   * another event). A view that leaves an event in its row, as a keystroke that still matches the
   * rows in view does, leaves the row untouched and so costs no layout.
   */
  private readonly filled = new WeakMap<HTMLElement, EventRowDto>();

  constructor(private readonly options: EventsTableOptions) {
    this.state = restoreTableState(options.initialState);
    this.view = this.model.view(this.query());
    this.element = document.createElement('section');
    this.element.className = 'events-table';
    this.toolbar = new TableToolbar({
      onText: (text) => this.change({ text }),
      onStatuses: (statuses) => this.change({ statuses }),
      onGroupBy: (groupBy) => this.change({ groupBy, collapsed: [] }),
      onClear: () =>
        this.change({
          text: '',
          columnFilters: {},
          statuses: defaultTableState().statuses,
        }),
    });
    this.header = new TableHeader({
      onSort: (column) => this.sortBy(column),
      onColumnFilter: (column, text) =>
        this.change({ columnFilters: { ...this.state.columnFilters, [column]: text } }),
    });
    this.viewport = document.createElement('div');
    this.viewport.className = 'events-viewport';
    this.viewport.tabIndex = 0;
    this.viewport.setAttribute('role', 'grid');
    this.viewport.setAttribute('aria-label', 'Events');
    this.viewport.setAttribute('aria-colcount', '8');
    const spacer = document.createElement('div');
    spacer.className = 'events-spacer';
    spacer.setAttribute('role', 'rowgroup');
    this.emptyNote = document.createElement('div');
    this.emptyNote.className = 'events-empty muted';
    this.viewport.append(this.header.element, spacer, this.emptyNote);
    this.rows = new VirtualRows({
      viewport: this.viewport,
      spacer,
      // the column titles and the column filters
      headerRows: 2,
      createRow: createRowElement,
      fillRow: (element, position) => this.fillRow(element, position),
    });
    this.detail = new EventDetail({
      onOpenInGraph: (event) => this.openInGraph(event),
      onOpenManifest: (event) =>
        event.file && options.onOpenManifest(event.file, event.line ?? undefined),
      onOpenReport: options.onOpenReport
        ? (event) => options.onOpenReport!(event.reportHash)
        : undefined,
    });
    this.summary = new SummaryBar();
    this.element.append(
      this.toolbar.element,
      this.viewport,
      this.detail.element,
      this.summary.element,
    );
    spacer.addEventListener('click', (event) => this.onClick(event));
    spacer.addEventListener('dblclick', (event) => this.onDoubleClick(event));
    this.viewport.addEventListener('keydown', (event) => this.onKeyDown(event));
    this.render();
  }

  /** Replaces the events; `loading` says more are on their way. */
  setEvents(events: readonly EventRowDto[], loading: boolean): void {
    this.backlog.clear();
    this.model.replace([]);
    this.selected = undefined;
    this.moreComing = loading;
    this.backlog.push(events);
    this.loading = loading || this.backlog.waiting;
    this.recompute();
  }

  appendEvents(events: readonly EventRowDto[], loading: boolean): void {
    this.moreComing = loading;
    this.backlog.push(events);
    this.loading = loading || this.backlog.waiting;
    this.schedule();
  }

  /** A slice of the backlog into the model; the view follows on the next frame. */
  private takeEvents(events: readonly EventRowDto[]): void {
    this.model.append(events);
    this.loading = this.moreComing || this.backlog.waiting;
    this.schedule();
    this.prepareSearchWhenIdle();
  }

  /**
   * Builds the model's search text in idle time, a slice at a time, so that the first keystroke
   * in a filter does not pay for it and no slice blocks the page for long.
   */
  private prepareSearchWhenIdle(): void {
    if (this.idleWork) return;
    const step = (deadline: IdleDeadline) => {
      this.idleWork = 0;
      // one step even when the timeout ran this (no idle time left): a busy page still gets there
      let done = this.model.prepareSearch(INDEX_STEP);
      while (!done && deadline.timeRemaining() > 1) done = this.model.prepareSearch(INDEX_STEP);
      if (!done) this.idleWork = requestIdleCallback(step, { timeout: 1000 });
    };
    this.idleWork = requestIdleCallback(step, { timeout: 1000 });
  }

  private query() {
    return { ...this.state };
  }

  private change(partial: Partial<EventsTableState>): void {
    this.state = { ...this.state, ...partial };
    this.options.onStateChange(this.state);
    this.schedule();
  }

  /** First click sorts ascending, the second descending, the third back to arrival order. */
  private sortBy(column: EventColumn): void {
    const current = this.state.sort;
    const sort =
      current?.column !== column
        ? { column, direction: 'asc' as const }
        : current.direction === 'asc'
          ? { column, direction: 'desc' as const }
          : undefined;
    this.change({ sort });
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      // the view waits (showing the last one) until the filters' indexes are complete
      const query = this.query();
      const until = performance.now() + INDEX_FRAME_MS;
      let ready = this.model.prepareFor(query, INDEX_STEP);
      while (!ready && performance.now() < until) ready = this.model.prepareFor(query, INDEX_STEP);
      if (ready) this.recompute();
      else this.schedule();
    });
  }

  private recompute(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.view = this.model.view(this.query());
    this.render();
  }

  private render(): void {
    const { view } = this;
    this.header.showSort(this.state.sort);
    // the controls follow the state (which "Clear filters" or a restore may have changed)
    this.toolbar.show(this.state);
    this.header.showColumnFilters(this.state.columnFilters);
    this.toolbar.showCounts(view.facetCounts);
    this.summary.show(view, this.loading);
    this.emptyNote.hidden = view.items.length > 0 || this.loading;
    this.emptyNote.textContent = view.total === 0 ? 'No events.' : 'No events match the filters.';
    this.rows.setCount(view.items.length);
    this.detail.show(this.selectedEvent());
    this.updateActiveDescendant();
  }

  private fillRow(element: HTMLElement, position: number): void {
    const item = this.view.items[position]!;
    if (element.dataset.position !== String(position)) element.dataset.position = String(position);
    let selected: boolean;
    if (item < 0) {
      const group = this.view.groups[-item - 1]!;
      fillGroupRow(element, group);
      this.filled.delete(element);
      selected = !!this.selected && 'group' in this.selected && this.selected.group === group.key;
    } else {
      const event = this.model.row(item);
      if (this.filled.get(element) !== event) {
        fillEventRow(element, event, true);
        this.filled.set(element, event);
      }
      selected = !!this.selected && 'event' in this.selected && this.selected.event === item;
    }
    // only what changed is written: an unchanged row must not invalidate the layout
    if (element.getAttribute('aria-selected') !== String(selected)) {
      element.classList.toggle('is-selected', selected);
      element.setAttribute('aria-selected', String(selected));
    }
    if (selected && element.id !== ACTIVE_ROW_ID) element.id = ACTIVE_ROW_ID;
    else if (!selected && element.id) element.removeAttribute('id');
  }

  private positionOfSelection(): number {
    const { selected } = this;
    if (!selected) return -1;
    if ('event' in selected) return this.view.items.indexOf(selected.event);
    const group = this.view.groups.findIndex((each) => each.key === selected.group);
    return group < 0 ? -1 : this.view.items.indexOf(-(group + 1));
  }

  private selectedEvent(): EventRowDto | undefined {
    const { selected } = this;
    return selected && 'event' in selected && selected.event < this.model.size
      ? this.model.row(selected.event)
      : undefined;
  }

  private select(position: number, scroll: boolean): void {
    const item = this.view.items[position];
    if (item === undefined) return;
    this.selected = item < 0 ? { group: this.view.groups[-item - 1]!.key } : { event: item };
    if (scroll) this.rows.scrollToIndex(position);
    this.rows.refresh();
    this.detail.show(this.selectedEvent());
    this.updateActiveDescendant();
  }

  private updateActiveDescendant(): void {
    if (this.selected) this.viewport.setAttribute('aria-activedescendant', ACTIVE_ROW_ID);
    else this.viewport.removeAttribute('aria-activedescendant');
  }

  private toggleGroup(key: string, open?: boolean): void {
    const collapsed = new Set(this.state.collapsed);
    const isCollapsed = collapsed.has(key);
    if (open === undefined ? isCollapsed : open) collapsed.delete(key);
    else collapsed.add(key);
    this.change({ collapsed: [...collapsed] });
  }

  private openInGraph(event: EventRowDto): void {
    this.options.onOpenInGraph(event.certname, resourceRef(event));
  }

  private rowPosition(target: EventTarget | null): number {
    const row = (target as HTMLElement | null)?.closest<HTMLElement>('.events-row');
    return row?.dataset.position === undefined ? -1 : Number(row.dataset.position);
  }

  private onClick(event: MouseEvent): void {
    const position = this.rowPosition(event.target);
    if (position < 0) return;
    const item = this.view.items[position]!;
    this.select(position, false);
    this.viewport.focus({ preventScroll: true });
    if (item < 0) this.toggleGroup(this.view.groups[-item - 1]!.key);
    else if ((event.target as HTMLElement).dataset.action === 'openInGraph') {
      this.openInGraph(this.model.row(item));
    }
  }

  private onDoubleClick(event: MouseEvent): void {
    const position = this.rowPosition(event.target);
    const item = this.view.items[position];
    if (item !== undefined && item >= 0) this.openInGraph(this.model.row(item));
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (event.target !== this.viewport) return;
    const count = this.view.items.length;
    if (count === 0) return;
    const current = this.positionOfSelection();
    const page = this.rows.pageSize;
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current < 0 ? 0 : current - 1,
      PageDown: current + page,
      PageUp: current - page,
      Home: 0,
      End: count - 1,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      this.select(Math.max(0, Math.min(count - 1, next)), true);
      return;
    }
    const item = this.view.items[current];
    if (item === undefined) return;
    const groupKey = item < 0 ? this.view.groups[-item - 1]!.key : undefined;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (groupKey !== undefined) this.toggleGroup(groupKey);
      else if (event.key === 'Enter') this.openInGraph(this.model.row(item));
    } else if (
      groupKey !== undefined &&
      (event.key === 'ArrowLeft' || event.key === 'ArrowRight')
    ) {
      event.preventDefault();
      this.toggleGroup(groupKey, event.key === 'ArrowRight');
    }
  }
}
