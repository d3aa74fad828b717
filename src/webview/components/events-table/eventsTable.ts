/**
 * The events table: toolbar, the one grid (common/grid/grid.ts) with a filter field under each
 * column's title and rows of events or collapsible groups, the selected event in full, and a
 * summary line. Used by the events view and, for one report's events, by the report view.
 *
 * The data work is EventTableModel's (src/shared/eventTable.ts); this class turns the user's
 * input into its query and shows the result. Recomputing is coalesced to one per animation frame,
 * so typing in a filter or a burst of streamed batches costs one view per frame at most.
 */
import './elements';
import './eventsTable.css';
import { EventTableModel, type EventTableView } from '../../../shared/eventTable';
import { COLUMN_LABELS, EVENT_COLUMNS, type EventColumn } from '../../../shared/eventTableColumns';
import { resourceRef } from '../../../shared/eventTableColumns';
import type { GridSort } from '../../../shared/gridSort';
import type { EventRowDto } from '../../../shared/reportDto';
import type { VscodeTextfield } from '@vscode-elements/elements/dist/vscode-textfield/vscode-textfield.js';
import { onDateStyleChange } from '../../common/dateStyle';
import { Grid, type ActivateDetail } from '../../common/grid/grid';
import { IdleSlices } from '../../common/tasks';
import { EventBacklog } from './eventBacklog';
import { eventColumns, eventGroups, type EventItem } from './eventColumns';
import { EventDetail } from './eventDetail';
import { SummaryBar, type ChangeKindCounts } from './summaryBar';
import { changeKindText } from '../../../shared/eventTableColumns';
import { TableToolbar } from './tableToolbar';
import { defaultTableState, restoreTableState, type EventsTableState } from './tableState';

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
  private readonly grid: Grid<EventItem>;
  private readonly filterFields = new Map<EventColumn, VscodeTextfield>();
  private readonly toolbar: TableToolbar;
  private readonly detail: EventDetail;
  private readonly summary: SummaryBar;
  /** The events' changes by kind, counted as they arrive (the summary says them once). */
  private kinds: ChangeKindCounts = { corrective: 0, intentional: 0, unknown: 0 };
  /** The selected item: an event by model index, or a group by key. */
  private selected: { event: number } | { group: string } | undefined;
  private frame = 0;
  private readonly stopDates: () => void;
  /** Builds the search text in idle time, so the first keystroke in a filter does not pay for it. */
  private readonly indexing = new IdleSlices(() => this.model.prepareSearch(INDEX_STEP));

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
    const source = {
      event: (item: EventItem) => (item >= 0 ? this.model.row(item) : undefined),
      filterField: (column: EventColumn) => this.filterField(column),
    };
    this.grid = new Grid<EventItem>({
      className: 'events-grid',
      label: 'Events',
      columns: eventColumns(source),
      subheader: true,
      itemAt: (position) => this.view.items[position]!,
      // the event object, not its index: after setEvents an index names another event. A view
      // that leaves an event in its row (a keystroke that still matches the rows in view) leaves
      // the row untouched, and so costs no layout
      identity: (position) => source.event(this.view.items[position]!),
      groups: eventGroups({
        group: (position) => {
          const item = this.view.items[position];
          return item !== undefined && item < 0 ? this.view.groups[-item - 1] : undefined;
        },
        toggle: (key, open) => this.toggleGroup(key, open),
      }),
      layout: this.state.layout,
      onLayoutChange: (layout) => this.change({ layout }),
      onSort: (sort) => this.sortBy(sort),
      onSelect: (position) => this.selectPosition(position),
      onActivate: (position, detail) => this.activate(position, detail),
    });
    this.toolbar.element.append(this.grid.columnsButton());
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
      this.grid.element,
      this.detail.element,
      this.summary.element,
    );
    // the grid shows its dates anew by itself; the selected event's are here
    this.stopDates = onDateStyleChange(() => this.detail.redraw());
    this.render();
  }

  /**
   * As a new table, its elements kept (the next subject in a preview's page): no events, nothing
   * the user set. Building a new table instead (its toolbar's controls, the grid's rows) was most
   * of the page's work for the next subject.
   */
  startOver(): void {
    this.state = defaultTableState();
    this.grid.startOver();
    this.setEvents([], false);
  }

  /** Lets go of the page (a report view shows another report). */
  dispose(): void {
    this.grid.dispose();
    this.indexing.cancel();
    this.backlog.clear();
    this.stopDates();
    if (this.frame) cancelAnimationFrame(this.frame);
  }

  /** A column's filter field (the grid asks again when its columns are shown anew). */
  private filterField(column: EventColumn): HTMLElement {
    let field = this.filterFields.get(column);
    if (!field) {
      field = document.createElement('vscode-textfield');
      field.className = 'events-column-filter';
      field.placeholder = 'Filter';
      field.label = `Filter ${COLUMN_LABELS[column]}`;
      field.dataset.column = column;
      field.value = this.state.columnFilters[column] ?? '';
      const input = field;
      field.addEventListener('input', () =>
        this.change({ columnFilters: { ...this.state.columnFilters, [column]: input.value } }),
      );
      this.filterFields.set(column, field);
    }
    return field;
  }

  /** Replaces the events; `loading` says more are on their way. */
  setEvents(events: readonly EventRowDto[], loading: boolean): void {
    this.backlog.clear();
    this.model.replace([]);
    this.kinds = { corrective: 0, intentional: 0, unknown: 0 };
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
    for (const event of events) {
      const kind = changeKindText(event);
      if (kind !== '') this.kinds[kind as keyof ChangeKindCounts]++;
    }
    this.loading = this.moreComing || this.backlog.waiting;
    this.schedule();
    this.indexing.start();
  }

  private query() {
    return { ...this.state };
  }

  private change(partial: Partial<EventsTableState>): void {
    this.state = { ...this.state, ...partial };
    this.options.onStateChange(this.state);
    this.schedule();
  }

  /** The sort a header or a column's menu chose (the grid's cycle: asc, desc, arrival order). */
  private sortBy(sort: GridSort | undefined): void {
    const column = EVENT_COLUMNS.find((each) => each === sort?.column);
    this.change({ sort: sort && column ? { column, direction: sort.direction } : undefined });
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
    this.grid.setSort(this.state.sort);
    // the controls follow the state (which "Clear filters" or a restore may have changed)
    this.toolbar.show(this.state);
    this.showColumnFilters();
    this.toolbar.showCounts(view.facetCounts);
    this.summary.show(view, this.loading, this.kinds);
    this.grid.setEmptyText(
      view.items.length > 0 || this.loading
        ? undefined
        : view.total === 0
          ? 'No events.'
          : 'No events match the filters.',
    );
    const position = this.positionOfSelection();
    this.grid.setCount(view.items.length, position >= 0 ? { active: position } : undefined);
    this.detail.show(this.selectedEvent());
  }

  private showColumnFilters(): void {
    for (const [column, field] of this.filterFields) {
      const value = this.state.columnFilters[column] ?? '';
      if (field.value !== value) field.value = value;
    }
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

  /** The grid's active row moved (a click, the keyboard). */
  private selectPosition(position: number | undefined): void {
    const item = position === undefined ? undefined : this.view.items[position];
    this.selected =
      item === undefined
        ? undefined
        : item < 0
          ? { group: this.view.groups[-item - 1]!.key }
          : { event: item };
    this.detail.show(this.selectedEvent());
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

  /** Enter, a double click or the row's graph button: the event's resource in the graph. */
  private activate(position: number, detail: ActivateDetail): void {
    const item = this.view.items[position];
    if (item === undefined || item < 0) return;
    if (detail.how === 'click' && detail.target?.dataset.action !== 'openInGraph') return;
    this.openInGraph(this.model.row(item));
  }
}
