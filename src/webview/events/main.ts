/**
 * The events view: one events table filling the panel, fed by the host (a full snapshot on each
 * `ready`, then streamed batches). What the user set on the table survives hide/show.
 */
import './events.css';
import type { HostToEvents, RestoredNote } from '../../shared/protocol';
import type { EventRowDto } from '../../shared/reportDto';
import { restoredBanner } from '../common/restoredBanner';
import { errorActions } from '../common/errorActions';
import { EventsTable } from '../components/events-table/eventsTable';
import { savedTableState } from '../components/events-table/tableState';
import { getUiState, keepShown, onHostMessage, postToHost, setUiState } from '../common/vscodeApi';

const app = document.getElementById('app')!;

const heading = document.createElement('header');
heading.className = 'events-page-header';
const title = document.createElement('h1');
title.className = 'events-page-title';
const progress = document.createElement('vscode-progress-ring');
progress.className = 'events-page-progress';
progress.ariaLabel = 'Loading events';
heading.append(title, progress);

const banner = document.createElement('div');
banner.className = 'banner';
banner.setAttribute('role', 'alert');
banner.hidden = true;

const table = new EventsTable({
  initialState: getUiState(),
  onOpenInGraph: (certname, resource) =>
    postToHost('events', { type: 'openInGraph', certname, resource }),
  onOpenReport: (reportHash) => postToHost('events', { type: 'openReport', reportHash }),
  onOpenManifest: (file, line) => postToHost('events', { type: 'openManifest', file, line }),
  onStateChange: (state) => setUiState(savedTableState(state)),
});
const restoredSlot = document.createElement('div');
const truncatedNote = document.createElement('div');
truncatedNote.className = 'truncated';
truncatedNote.setAttribute('role', 'status');
truncatedNote.hidden = true;
app.append(heading, restoredSlot, banner, truncatedNote, table.element);

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

function showRestored(note: RestoredNote | undefined): void {
  savedAt = note?.savedAt;
  restoredSlot.replaceChildren(
    ...(note
      ? [restoredBanner(note, 'Load again', () => postToHost('events', { type: 'reload' }))]
      : []),
  );
}

function keepIfComplete(complete: boolean): void {
  if (!complete || !loaded) return;
  const what = `The ${loaded.events.length.toLocaleString('en-US')} events`;
  keepShown('events', loaded, what, savedAt);
}

function setLoading(loading: boolean): void {
  progress.hidden = !loading;
}

function handle(message: Exclude<HostToEvents, { type: 'persist' }>): void {
  switch (message.type) {
    case 'loading':
      title.textContent = message.title;
      banner.hidden = true;
      showRestored(undefined);
      showTruncated(undefined);
      loaded = undefined;
      setLoading(true);
      table.setEvents([], true);
      break;
    case 'events':
      title.textContent = message.title;
      document.title = message.title;
      banner.hidden = true;
      setLoading(!message.complete);
      table.setEvents(message.events, !message.complete);
      showRestored(message.restored);
      showTruncated(message.truncatedAt);
      loaded = { title: message.title, certname: message.certname, events: message.events.slice() };
      keepIfComplete(message.complete);
      break;
    case 'moreEvents':
      setLoading(!message.complete);
      table.appendEvents(message.events, !message.complete);
      loaded?.events.push(...message.events);
      if (message.complete) showTruncated(message.truncatedAt);
      keepIfComplete(message.complete);
      break;
    case 'restored':
      title.textContent = message.title;
      document.title = message.title;
      setLoading(false);
      table.setEvents([], false);
      showRestored(message.note);
      break;
    case 'error':
      showRestored(undefined);
      setLoading(false);
      banner.replaceChildren(
        message.message,
        errorActions(message.editConnection, (action) => postToHost('events', action)),
      );
      banner.hidden = false;
      table.appendEvents([], false);
      break;
    default: {
      // every message of the protocol is handled above (checked when it compiles)
      const unexpected: never = message;
      void unexpected;
    }
  }
}

onHostMessage('events', handle);
postToHost('events', { type: 'ready' });
