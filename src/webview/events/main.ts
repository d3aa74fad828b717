/**
 * The events view: one events table filling the page frame, fed by the host (a full snapshot on
 * each `ready`, then streamed batches). What the user set on the table survives hide/show.
 */
import '../common/page/codiconStylesheet';
import '../common/page/pageFrame.css';
// the grid's rules before the view's own, which refine them
import '../common/grid/grid.css';
import './events.css';
import type { HostToEveryPage, HostToEvents } from '../../shared/protocol';
import type { EventRowDto } from '../../shared/reportDto';
import { PageFrame } from '../common/page/pageFrame';
import { EventsTable } from '../components/events-table/eventsTable';
import { savedTableState } from '../components/events-table/tableState';
import {
  getUiState,
  keepShown,
  onHostMessage,
  onRenew,
  postToHost,
  setUiState,
} from '../common/vscodeApi';

const frame = new PageFrame(document.getElementById('app')!, {
  className: 'events-page-header',
  loadingLabel: 'Loading events',
  reload: { label: 'Load again', run: () => postToHost('events', { type: 'reload' }) },
  errorActions: (action) => postToHost('events', action),
});

/** The table, with what the user set on it (`initialState`: none for a new subject). */
function newTable(initialState: unknown): EventsTable {
  return new EventsTable({
    initialState,
    onOpenInGraph: (certname, resource) =>
      postToHost('events', { type: 'openInGraph', certname, resource }),
    onOpenReport: (reportHash) => postToHost('events', { type: 'openReport', reportHash }),
    onOpenManifest: (file, line) => postToHost('events', { type: 'openManifest', file, line }),
    onStateChange: (state) => setUiState(savedTableState(state)),
  });
}

const table = newTable(getUiState());
const truncatedNote = document.createElement('div');
truncatedNote.className = 'truncated page-note';
truncatedNote.setAttribute('role', 'status');
truncatedNote.hidden = true;
frame.notes.append(truncatedNote);
frame.body.append(table.element);

/** Says the table stopped loading at its limit, and how to see the rest. */
function showTruncated(at: number | undefined): void {
  truncatedNote.hidden = at === undefined;
  if (at === undefined) return;
  const strong = document.createElement('strong');
  strong.textContent = `Truncated at ${at.toLocaleString('en-US')} events.`;
  const csv = exportButton('csv', 'Export all events as CSV…');
  const json = exportButton('json', 'Export all events as JSON…', 'secondary');
  const actions = document.createElement('div');
  actions.className = 'truncated-actions';
  actions.append(csv, json);
  truncatedNote.replaceChildren(
    strong,
    ` The table holds at most ${at.toLocaleString('en-US')} (setting puppetdbExplorer.events.maxEvents) and stopped loading: narrow the time range, or open one report's events, to see the rest; or stream every event to a file:`,
    actions,
  );
}

/** Asks the host to fetch every event again and stream them to a file the user picks. */
function exportButton(
  format: 'csv' | 'json',
  label: string,
  appearance?: 'secondary',
): HTMLElement {
  const button = document.createElement('vscode-button');
  button.textContent = label;
  button.title = `Ask PuppetDB for every event of this table again and stream them to a ${format.toUpperCase()} file`;
  if (appearance) button.setAttribute(appearance, '');
  button.addEventListener('click', () => postToHost('events', { type: 'exportAll', format }));
  return button;
}

/** What the table holds, kept for a window reload once complete. */
let loaded: { title: string; certname: string | undefined; events: EventRowDto[] } | undefined;
let savedAt: string | undefined;

function keepIfComplete(complete: boolean): void {
  if (!complete || !loaded) return;
  const what = `The ${loaded.events.length.toLocaleString('en-US')} events`;
  keepShown('events', loaded, what, savedAt);
}

/** Tells the host, after the paint, how many events the table took in: its next batch follows. */
function acknowledge(): void {
  const count = loaded?.events.length ?? 0;
  requestAnimationFrame(() => postToHost('events', { type: 'shown', rows: count, loaded: count }));
}

function handle(message: Exclude<HostToEvents, HostToEveryPage>): void {
  switch (message.type) {
    case 'loading':
      frame.setTitle(message.title);
      frame.showError(undefined);
      frame.showRestored(undefined);
      savedAt = undefined;
      showTruncated(undefined);
      loaded = undefined;
      frame.setLoading(true);
      table.setEvents([], true);
      break;
    case 'events':
      frame.setTitle(message.title);
      frame.showError(undefined);
      frame.setLoading(!message.complete);
      table.setEvents(message.events, !message.complete);
      frame.showRestored(message.restored);
      savedAt = message.restored?.savedAt;
      showTruncated(message.truncatedAt);
      loaded = { title: message.title, certname: message.certname, events: message.events.slice() };
      keepIfComplete(message.complete);
      acknowledge();
      break;
    case 'moreEvents':
      frame.setLoading(!message.complete);
      table.appendEvents(message.events, !message.complete);
      loaded?.events.push(...message.events);
      if (message.complete) showTruncated(message.truncatedAt);
      keepIfComplete(message.complete);
      acknowledge();
      break;
    case 'restored':
      frame.setTitle(message.title);
      frame.setLoading(false);
      table.setEvents([], false);
      frame.showRestored(message.note);
      savedAt = message.note.savedAt;
      break;
    case 'error':
      frame.showRestored(undefined);
      frame.setLoading(false);
      frame.showError(message);
      table.appendEvents([], false);
      break;
    default: {
      // every message of the protocol is handled above (checked when it compiles)
      const unexpected: never = message;
      void unexpected;
    }
  }
}

// the next events in this panel (a preview's): the table as new, and nothing of these kept
onRenew(() => {
  table.startOver();
  frame.startOver({ keepContent: true });
  showTruncated(undefined);
  loaded = undefined;
  savedAt = undefined;
});

onHostMessage('events', handle);
postToHost('events', { type: 'ready' });
