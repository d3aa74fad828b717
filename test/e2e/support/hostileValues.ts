/**
 * Hostile values in a view: markup posted into it as its host would post what PuppetDB could
 * hold, which must show as text and run nothing.
 */
import assert from 'node:assert/strict';
import type { Frame } from 'playwright-core';

declare const window: { dispatchEvent(event: unknown): boolean };
declare class MessageEvent {
  constructor(type: string, init: { data: unknown });
}

/** Markup that would show an image and run a script if a view set it as HTML. */
export const HOSTILE = '<img src=x onerror=alert(1)>';

/** Posts `message` into the view as its host would (what PuppetDB could hold, say). */
export async function postToView(frame: Frame, message: unknown): Promise<void> {
  await frame.evaluate((data) => {
    window.dispatchEvent(new MessageEvent('message', { data }));
  }, message);
}

/** Nothing the view shows ran as markup: no `elements` (selector) in the frame, no dialog. */
export async function assertRanNothing(
  frame: Frame,
  dialogs: string[],
  elements = 'img',
): Promise<void> {
  assert.equal(await frame.locator(elements).count(), 0);
  assert.deepEqual(dialogs, []);
}
