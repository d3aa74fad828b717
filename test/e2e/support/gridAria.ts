/**
 * What a screen reader is told about a webview's grid: its aria-rowcount, the aria-rowindex of
 * the rows it renders, and which live regions there are (none may hold rows, and the app
 * container must not be one, or every streamed row would be read out).
 */
import assert from 'node:assert/strict';
import type { Frame } from 'playwright-core';

export interface GridAria {
  rowCount: number;
  /** aria-rowindex of each rendered (not hidden) body row, in document order. */
  renderedIndices: number[];
  /** The app container's aria-live / role (both null when it is not a live region). */
  app: { ariaLive: string | null; role: string | null };
  /** Live regions (aria-live, status, alert, log) that contain a grid row. */
  liveRegionsWithRows: number;
}

export async function gridAria(frame: Frame, grid: string, bodyRows: string): Promise<GridAria> {
  // a string, evaluated in the webview (the tests are compiled without the DOM's types)
  return (await frame.evaluate(`(() => {
    const grid = document.querySelector(${JSON.stringify(grid)});
    const app = document.getElementById('app');
    const live = document.querySelectorAll('[aria-live], [role="status"], [role="alert"], [role="log"]');
    return {
      rowCount: Number(grid.getAttribute('aria-rowcount')),
      renderedIndices: [...grid.querySelectorAll(${JSON.stringify(bodyRows)})]
        .filter((row) => !row.hidden)
        .map((row) => Number(row.getAttribute('aria-rowindex'))),
      app: { ariaLive: app.getAttribute('aria-live'), role: app.getAttribute('role') },
      liveRegionsWithRows: [...live].filter((region) => region.querySelector('[role="row"]')).length,
    };
  })()`)) as GridAria;
}

/**
 * Fails unless the grid counts `bodyRows` and its `headerRows` in aria-rowcount, numbers the rows
 * it renders right after the header rows, in order from the first, is no live region itself and
 * holds no rows in one.
 */
export function assertGridAria(aria: GridAria, bodyRows: number, headerRows: number): void {
  assert.equal(aria.rowCount, bodyRows + headerRows);
  assert.deepEqual(
    [...aria.renderedIndices].sort((a, b) => a - b),
    aria.renderedIndices.map((_, offset) => offset + headerRows + 1),
  );
  assert.deepEqual(aria.app, { ariaLive: null, role: null });
  assert.equal(aria.liveRegionsWithRows, 0);
}
