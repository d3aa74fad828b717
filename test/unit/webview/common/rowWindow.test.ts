/** The virtual row scroller's arithmetic (the DOM part is checked by the PQL and events e2e). */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  itemOfSlot,
  OVERSCAN,
  poolSizeFor,
  ROW_HEIGHT,
  rowWindow,
} from '../../../../src/webview/common/rowWindow';

describe('the row window', () => {
  test('starts OVERSCAN rows above the first row in view and fills the pool', () => {
    assert.deepEqual(rowWindow(0, ROW_HEIGHT, 1000, 30), { first: 0, last: 30 });
    assert.deepEqual(rowWindow(100 * ROW_HEIGHT + 5, ROW_HEIGHT, 1000, 30), {
      first: 100 - OVERSCAN,
      last: 130 - OVERSCAN,
    });
  });

  test('never runs past the end, nor before the start (a sticky header scrolls it negative)', () => {
    assert.deepEqual(rowWindow(999 * ROW_HEIGHT, ROW_HEIGHT, 1000, 30), {
      first: 999 - OVERSCAN,
      last: 1000,
    });
    assert.deepEqual(rowWindow(-50, ROW_HEIGHT, 3, 30), { first: 0, last: 3 });
    assert.deepEqual(rowWindow(0, ROW_HEIGHT, 0, 30), { first: 0, last: 0 });
  });

  test('the pool covers the viewport plus OVERSCAN rows on each side', () => {
    assert.equal(poolSizeFor(10 * ROW_HEIGHT, ROW_HEIGHT), 11 + 2 * OVERSCAN);
    // a window scrolled to any offset is covered by that pool
    const pool = poolSizeFor(10 * ROW_HEIGHT, ROW_HEIGHT);
    for (const scrolled of [0, 7, ROW_HEIGHT * 50 + 23]) {
      const { first, last } = rowWindow(scrolled, ROW_HEIGHT, 10_000, pool);
      const lastInView = Math.floor((scrolled + 10 * ROW_HEIGHT) / ROW_HEIGHT);
      assert.ok(first <= Math.floor(scrolled / ROW_HEIGHT) && last > lastInView);
    }
  });

  test('each slot shows one item of the window, and a slot keeps its item while scrolling', () => {
    const size = 7;
    for (const first of [0, 3, 7, 12]) {
      const items = Array.from({ length: size }, (_, slot) => itemOfSlot(slot, first, size));
      assert.deepEqual(
        items.sort((a, b) => a - b),
        Array.from({ length: size }, (_, offset) => first + offset),
      );
    }
    // one row down: every slot but one keeps its item
    const moved = Array.from({ length: size }, (_, slot) => slot).filter(
      (slot) => itemOfSlot(slot, 3, size) !== itemOfSlot(slot, 4, size),
    );
    assert.deepEqual(moved, [3]);
  });
});
