/**
 * The events view: one events table filling the panel, fed by the host (a full snapshot on each
 * `ready`, then streamed batches). What the user set on the table survives hide/show.
 */
import './events.css';
import type { HostToEvents } from '../../shared/protocol';
import { EventsTable } from '../components/events-table/eventsTable';
import { savedTableState } from '../components/events-table/tableState';
import { getUiState, onHostMessage, postToHost, setUiState } from '../common/vscodeApi';

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
  onStateChange: (state) => setUiState(savedTableState(state)),
});
app.append(heading, banner, table.element);

function setLoading(loading: boolean): void {
  progress.hidden = !loading;
}

function handle(message: Exclude<HostToEvents, { type: 'persist' }>): void {
  switch (message.type) {
    case 'loading':
      title.textContent = message.title;
      banner.hidden = true;
      setLoading(true);
      table.setEvents([], true);
      break;
    case 'events':
      title.textContent = message.title;
      document.title = message.title;
      banner.hidden = true;
      setLoading(!message.complete);
      table.setEvents(message.events, !message.complete);
      break;
    case 'moreEvents':
      setLoading(!message.complete);
      table.appendEvents(message.events, !message.complete);
      break;
    case 'error':
      setLoading(false);
      banner.textContent = message.message;
      banner.hidden = false;
      table.appendEvents([], false);
      break;
  }
}

onHostMessage('events', handle);
postToHost('events', { type: 'ready' });
