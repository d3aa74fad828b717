/**
 * The bottom line of the table: how many events there are by status, what their changes were
 * (corrective, intentional), and how many are shown. When no change's kind is known (PuppetDB
 * FOSS keeps every event's corrective_change null) it says so once here, rather than the Change
 * kind column alone saying "unknown" on every row.
 */
import type { EventTableView } from '../../../shared/eventTable';
import { EVENT_STATUSES } from '../../../shared/reportDto';
import { STATUS_ICONS } from './eventColumns';
import { plural } from '../../../shared/plural';

/** The changes (success and noop events) of a table by kind. */
export interface ChangeKindCounts {
  corrective: number;
  intentional: number;
  unknown: number;
}

export class SummaryBar {
  readonly element: HTMLElement;
  private readonly total: HTMLElement;
  private readonly statuses = new Map<string, HTMLElement>();
  private readonly shown: HTMLElement;
  private readonly loading: HTMLElement;
  private readonly kinds: HTMLElement;
  /** The count each status part shows (rebuilt only when it changes: a keystroke changes none). */
  private readonly shownCounts = new Map<string, number>();

  constructor() {
    this.element = document.createElement('div');
    this.element.className = 'events-summary';
    this.element.setAttribute('role', 'status');
    this.total = document.createElement('span');
    this.total.className = 'events-summary-total';
    this.element.append(this.total);
    for (const status of EVENT_STATUSES) {
      const part = document.createElement('span');
      part.className = `events-summary-status events-summary-${status}`;
      this.statuses.set(status, part);
      this.element.append(part);
    }
    this.kinds = document.createElement('span');
    this.kinds.className = 'events-summary-kinds';
    this.element.append(this.kinds);
    const spacer = document.createElement('span');
    spacer.className = 'spacer';
    this.loading = document.createElement('span');
    this.loading.className = 'events-summary-loading muted';
    this.shown = document.createElement('span');
    this.shown.className = 'events-summary-shown muted';
    this.element.append(spacer, this.loading, this.shown);
  }

  show(view: EventTableView, loading: boolean, kinds?: ChangeKindCounts): void {
    setText(this.kinds, kinds ? kindsText(kinds) : '');
    setText(this.total, plural(view.total, 'event'));
    for (const status of EVENT_STATUSES) {
      const part = this.statuses.get(status)!;
      const count = view.totalCounts[status];
      if (this.shownCounts.get(status) === count) continue;
      this.shownCounts.set(status, count);
      part.hidden = count === 0;
      part.replaceChildren();
      const icon = document.createElement('span');
      icon.className = `codicon codicon-${STATUS_ICONS[status]} status-${status}`;
      icon.setAttribute('aria-hidden', 'true');
      part.append(icon, ` ${count.toLocaleString()} ${status}`);
    }
    setText(this.loading, loading ? 'loading more…' : '');
    setText(
      this.shown,
      view.matched === view.total
        ? 'all shown'
        : `${view.matched.toLocaleString()} of ${view.total.toLocaleString()} shown`,
    );
  }
}

/** "changes: 2 corrective · 5 intentional · 1 unknown", or why no kind is known. */
function kindsText({ corrective, intentional, unknown }: ChangeKindCounts): string {
  const changes = corrective + intentional + unknown;
  if (changes === 0) return '';
  if (unknown === changes) {
    return `corrective or intentional: unknown for ${changes === 1 ? 'the change' : `all ${changes.toLocaleString()} changes`} (PuppetDB did not keep corrective_change)`;
  }
  return `changes: ${[
    `${corrective.toLocaleString()} corrective`,
    `${intentional.toLocaleString()} intentional`,
    ...(unknown > 0 ? [`${unknown.toLocaleString()} unknown`] : []),
  ].join(' · ')}`;
}

/** Writes text only when it differs (an unchanged write still costs a layout). */
function setText(element: HTMLElement, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}
