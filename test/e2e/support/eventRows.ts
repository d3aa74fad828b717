/** What the events table of a webview shows: its event rows, as the cells read. */
import type { Frame } from 'playwright-core';

export interface ShownEvent {
  status: string;
  resource: string;
  message: string;
  change: string;
  /** The File:Line cell (the file's base name and the line). */
  location: string;
}

/** The event rows the table shows, top to bottom (texts of their cells; group rows left out). */
export async function shownEvents(frame: Frame): Promise<ShownEvent[]> {
  return (await frame.evaluate(`[...document.querySelectorAll('.events-grid .grid-spacer > .grid-row:not([hidden]):not(.is-group)')]
      .sort((a, b) => Number(a.dataset.position) - Number(b.dataset.position))
      .map((row) => ({
        status: row.querySelector('.events-status-text').textContent,
        resource: row.querySelector('.events-resource-text').textContent,
        message: row.querySelector('.events-cell-message').textContent,
        change: row.querySelector('.events-cell-change').textContent,
        location: row.querySelector('.events-cell-location').textContent,
      }))`)) as ShownEvent[];
}
