/**
 * What a page starts from (webview/common/pageState.ts): a page in a panel that a new host took
 * over (a preview showing the next subject) starts without the last host's state; a page shown
 * again (hide/show, a window reload) with its own.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startingState } from '../../../../src/webview/common/pageState';

const KEPT = { panelId: 'a1', ui: { sort: 'status' }, kept: { content: 'the last subject' } };

test("a page in the panel of another host starts without that host's state", () => {
  assert.equal(startingState(KEPT, 'b2'), undefined);
});

test('a page of the same host (shown again, or revived) keeps its state', () => {
  assert.deepEqual(startingState(KEPT, 'a1'), KEPT);
});

test("a renewed page (its HTML the first host's) keeps the state it kept for the new host", () => {
  const renewed = { ...KEPT, panelId: 'b2', page: 'a1' };
  assert.deepEqual(startingState(renewed, 'a1'), renewed);
  // a window reload gives the new host's panel a page with its own id
  assert.deepEqual(startingState(renewed, 'b2'), renewed);
  // and a third host taking over with a page of its own starts afresh
  assert.equal(startingState(renewed, 'c3'), undefined);
});

test('a state without an id (the page was never given one) is kept; none is none', () => {
  const unnamed: { panelId?: string; ui: unknown } = { ui: { zoom: 2 } };
  assert.deepEqual(startingState(unnamed, 'a1'), unnamed);
  assert.equal(startingState(undefined, 'a1'), undefined);
});
