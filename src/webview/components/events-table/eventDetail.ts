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
    const graph = document.createElement('vscode-button');
    graph.secondary = true;
    graph.icon = 'type-hierarchy';
    graph.textContent = 'Open in catalog graph';
    graph.className = 'events-detail-graph';
    graph.addEventListener('click', () => this.event && callbacks.onOpenInGraph(this.event));
    const manifest = document.createElement('vscode-button');
    manifest.secondary = true;
    manifest.icon = 'go-to-file';
    manifest.textContent = 'Open manifest';
    manifest.className = 'events-detail-manifest';
    manifest.addEventListener('click', () => this.event && callbacks.onOpenManifest(this.event));
    this.manifest = manifest;
    heading.append(this.icon, this.title, spacer, this.manifest, graph);
    const { onOpenReport } = callbacks;
    if (onOpenReport) {
      const report = document.createElement('vscode-button');
      report.secondary = true;
      report.icon = 'output';
      report.textContent = 'Open report';
      report.className = 'events-detail-report';
      report.addEventListener('click', () => this.event && onOpenReport(this.event));
      heading.append(report);
    }
    this.meta = document.createElement('div');
    this.meta.className = 'events-detail-meta muted';
    this.message = document.createElement('div');
    this.message.className = 'events-detail-message';
    this.change = document.createElement('pre');
    this.change.className = 'events-detail-change';
    this.element.append(heading, this.meta, this.message, this.change);
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
