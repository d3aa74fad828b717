/**
 * Above the table: the text filter over every column, one toggle per status with its count, the
 * grouping, and a way to clear every filter at once.
 */
import type { GroupBy, StatusCounts } from '../../../shared/eventTable';
import { EVENT_STATUSES, type EventStatus } from '../../../shared/reportDto';
import { STATUS_ICONS } from './eventColumns';
import { filterField } from '../../common/page/filterField';

export interface TableToolbarCallbacks {
  onText(text: string): void;
  onStatuses(statuses: EventStatus[]): void;
  onGroupBy(groupBy: GroupBy): void;
  onClear(): void;
}

export class TableToolbar {
  readonly element: HTMLElement;
  private readonly textField: HTMLElement & { value: string };
  private readonly toggles = new Map<EventStatus, HTMLElement & { checked: boolean }>();
  private readonly counts = new Map<EventStatus, HTMLElement>();
  private readonly groupSelect: HTMLElement & { value: string };

  constructor(callbacks: TableToolbarCallbacks) {
    this.element = document.createElement('div');
    this.element.className = 'toolbar events-toolbar';
    this.element.setAttribute('role', 'toolbar');
    this.element.setAttribute('aria-label', 'Event filters');

    const textField = filterField({
      className: 'events-text-filter',
      placeholder: 'Filter events (every column)',
      label: 'Filter events in every column',
    });
    textField.addEventListener('input', () => callbacks.onText(textField.value));
    this.textField = textField;

    const toggles = document.createElement('div');
    toggles.className = 'events-status-toggles';
    toggles.setAttribute('role', 'group');
    toggles.setAttribute('aria-label', 'Show statuses');
    for (const status of EVENT_STATUSES) {
      const toggle = document.createElement('vscode-checkbox');
      toggle.className = `events-status-toggle events-status-toggle-${status}`;
      toggle.dataset.status = status;
      toggle.checked = true;
      const icon = document.createElement('span');
      icon.className = `codicon codicon-${STATUS_ICONS[status]} status-${status}`;
      icon.setAttribute('aria-hidden', 'true');
      const label = document.createElement('span');
      label.textContent = ` ${status} `;
      const count = document.createElement('span');
      count.className = 'events-count-badge';
      count.textContent = '0';
      toggle.append(icon, label, count);
      toggle.addEventListener('change', () =>
        callbacks.onStatuses(EVENT_STATUSES.filter((each) => this.toggles.get(each)!.checked)),
      );
      toggles.append(toggle);
      this.toggles.set(status, toggle);
      this.counts.set(status, count);
    }

    const groupLabel = document.createElement('label');
    groupLabel.className = 'events-group-label';
    groupLabel.textContent = 'Group by';
    const groupSelect = document.createElement('vscode-single-select');
    groupSelect.className = 'events-group-select';
    groupSelect.label = 'Group events by';
    for (const [value, text] of [
      ['none', 'Nothing'],
      ['resource', 'Resource'],
      ['class', 'Class'],
    ] as const) {
      const option = document.createElement('vscode-option');
      option.value = value;
      option.textContent = text;
      groupSelect.append(option);
    }
    groupSelect.addEventListener('change', () =>
      callbacks.onGroupBy(groupSelect.value === 'none' ? 'none' : (groupSelect.value as GroupBy)),
    );
    this.groupSelect = groupSelect;

    const clear = document.createElement('vscode-button');
    clear.secondary = true;
    clear.icon = 'clear-all';
    clear.className = 'events-clear';
    clear.textContent = 'Clear filters';
    clear.addEventListener('click', () => callbacks.onClear());

    const spacer = document.createElement('span');
    spacer.className = 'spacer';
    this.element.append(textField, toggles, spacer, groupLabel, groupSelect, clear);
  }

  show(state: { text: string; statuses: EventStatus[]; groupBy: GroupBy }): void {
    if (this.textField.value !== state.text) this.textField.value = state.text;
    for (const status of EVENT_STATUSES) {
      const toggle = this.toggles.get(status)!;
      const checked = state.statuses.includes(status);
      if (toggle.checked !== checked) toggle.checked = checked;
    }
    if (this.groupSelect.value !== state.groupBy) this.groupSelect.value = state.groupBy;
  }

  showCounts(counts: StatusCounts): void {
    for (const status of EVENT_STATUSES) {
      const count = this.counts.get(status)!;
      const text = counts[status].toLocaleString();
      // an unchanged write would still cost a layout (most keystrokes change no count)
      if (count.textContent !== text) count.textContent = text;
    }
  }
}
