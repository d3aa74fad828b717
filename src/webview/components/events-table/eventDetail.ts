/**
 * Below the table: the selected event in full (cells cut long values short), with buttons to open
 * the manifest line that declared its resource, its resource in the catalog graph and, outside a
 * report view, its report.
 */
import { changeText, locationText, resourceRef } from '../../../shared/eventTableColumns';
import type { EventRowDto } from '../../../shared/reportDto';
import { STATUS_ICONS } from './eventColumns';
import { tableDateText } from '../../common/dateStyle';

export interface EventDetailCallbacks {
  onOpenInGraph(event: EventRowDto): void;
  /** Only offered for an event that names its file. */
  onOpenManifest(event: EventRowDto): void;
  /** Absent where the report is already shown (the report view). */
  onOpenReport: ((event: EventRowDto) => void) | undefined;
}

export class EventDetail {
  readonly element: HTMLElement;
  private readonly icon: HTMLElement;
  private readonly title: HTMLElement;
  private readonly meta: HTMLElement;
  private readonly message: HTMLElement;
  private readonly change: HTMLElement;
  private readonly manifest: HTMLElement;
  private event: EventRowDto | undefined;

  constructor(callbacks: EventDetailCallbacks) {
    this.element = document.createElement('section');
    this.element.className = 'events-detail';
    this.element.setAttribute('aria-label', 'Selected event');
    this.element.hidden = true;
    const heading = document.createElement('div');
    heading.className = 'events-detail-heading';
    this.icon = document.createElement('span');
    this.icon.setAttribute('aria-hidden', 'true');
    this.title = document.createElement('strong');
    this.title.className = 'events-detail-title';
    const spacer = document.createElement('span');
    spacer.className = 'spacer';
    const graph = this.actionButton('type-hierarchy', 'Open in catalog graph', 'graph', (event) =>
      callbacks.onOpenInGraph(event),
    );
    this.manifest = this.actionButton('go-to-file', 'Open manifest', 'manifest', (event) =>
      callbacks.onOpenManifest(event),
    );
    heading.append(this.icon, this.title, spacer, this.manifest, graph);
    const { onOpenReport } = callbacks;
    if (onOpenReport) {
      heading.append(this.actionButton('output', 'Open report', 'report', onOpenReport));
    }
    this.meta = document.createElement('div');
    this.meta.className = 'events-detail-meta muted';
    this.message = document.createElement('div');
    this.message.className = 'events-detail-message';
    this.change = document.createElement('pre');
    this.change.className = 'events-detail-change';
    this.element.append(heading, this.meta, this.message, this.change);
  }

  /** A secondary button (class `events-detail-<name>`) acting on the event shown, if any. */
  private actionButton(
    icon: string,
    text: string,
    name: string,
    run: (event: EventRowDto) => void,
  ): HTMLElement {
    const button = document.createElement('vscode-button');
    button.secondary = true;
    button.icon = icon;
    button.textContent = text;
    button.className = `events-detail-${name}`;
    button.addEventListener('click', () => this.event && run(this.event));
    return button;
  }

  /** Shows the event again (its date in a new date style). */
  redraw(): void {
    this.show(this.event);
  }

  show(event: EventRowDto | undefined): void {
    this.event = event;
    this.element.hidden = !event;
    if (!event) return;
    this.icon.className = `codicon codicon-${STATUS_ICONS[event.status]} status-${event.status}`;
    this.title.textContent = `${resourceRef(event)} · ${event.status}`;
    this.manifest.hidden = !event.file;
    this.manifest.title = event.file ? locationText(event) : '';
    this.meta.textContent = [
      event.certname,
      tableDateText(event.timestamp, { milliseconds: true }),
      event.containingClass ? `class ${event.containingClass}` : '',
      locationText(event),
      `report ${event.reportHash.slice(0, 12)}`,
    ]
      .filter(Boolean)
      .join(' · ');
    this.message.textContent = event.message ?? '';
    const change = changeText(event);
    this.change.textContent = change ? `${event.property ?? ''}: ${change}` : '';
    this.change.hidden = !change;
  }
}
