/** What a view keeps for a window reload: the content up to the limit, exactly, and cheaply above. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SHOWN_CONTENT_MAX_CHARS } from '../../../../src/shared/protocol';
import { keptContent } from '../../../../src/webview/common/keptContent';

const LIMIT = SHOWN_CONTENT_MAX_CHARS;
const SAVED_AT = '2026-11-24T20:00:00.000Z';

/** `{"text":"…"}` whose JSON is `length` characters long, the text made of `unit`. */
function sized(length: number, unit = 'x', escaped = 1): { text: string } {
  const room = length - '{"text":""}'.length;
  return { text: unit.repeat(Math.floor(room / escaped)) + 'x'.repeat(room % escaped) };
}

const kept = (content: unknown) => keptContent(content, 'The rows', SAVED_AT).content !== undefined;

describe('keptContent', () => {
  test('keeps content whose JSON is exactly the limit, not one character more', () => {
    assert.equal(JSON.stringify(sized(LIMIT)).length, LIMIT);
    assert.equal(kept(sized(LIMIT)), true);
    assert.equal(kept(sized(LIMIT + 1)), false);
  });

  test('counts what JSON escapes (quotes, newlines, control characters) as JSON writes it', () => {
    for (const [unit, escaped] of [
      ['"', 2],
      ['\n', 2],
      ['\u0001', 6],
      ['\ud800', 6],
    ] as const) {
      assert.equal(JSON.stringify(sized(LIMIT, unit, escaped)).length, LIMIT, JSON.stringify(unit));
      assert.equal(kept(sized(LIMIT, unit, escaped)), true, JSON.stringify(unit));
      assert.equal(kept(sized(LIMIT + 1, unit, escaped)), false, JSON.stringify(unit));
    }
  });

  test('counts what JSON leaves out or turns into null, and what toJSON makes of a value', () => {
    const extras = {
      when: new Date(0),
      missing: undefined,
      list: [undefined, () => 1, Number.NaN, -0, 1e21, true, null, { toJSON: () => undefined }],
      gone: { toJSON: () => undefined },
    };
    const padding = 'x'.repeat(LIMIT - JSON.stringify({ ...extras, text: '' }).length);
    const atLimit = { ...extras, text: padding };
    assert.equal(JSON.stringify(atLimit).length, LIMIT);
    assert.equal(kept(atLimit), true);
    assert.equal(kept({ ...extras, text: `${padding}x` }), false);
  });

  test('keeps the content itself, and says what was left out when it is too large', () => {
    const small = { rows: [1, 2, 3] };
    assert.deepEqual(keptContent(small, 'The rows', SAVED_AT), {
      savedAt: SAVED_AT,
      content: small,
    });
    const large = keptContent(sized(LIMIT + 1), 'The 3 rows', SAVED_AT);
    assert.equal(large.content, undefined);
    assert.equal(large.savedAt, SAVED_AT);
    assert.match(large.omitted ?? '', /^The 3 rows were too large to keep across a window reload/);
    assert.match(large.omitted ?? '', /1\.0 MB/);
  });

  test('stops reading a content far over the limit soon after it passes the limit', () => {
    // 100,000 events of about 300 characters each: 30 MB of JSON
    const event = (index: number) => ({
      certname: `node-${index}.example.com`,
      resourceType: 'File',
      resourceTitle: `/etc/app/${index}.conf`,
      message: 'content changed '.repeat(12),
      status: 'success',
    });
    const events = Array.from({ length: 100_000 }, (_, index) => event(index));
    let read = 0;
    const counted = new Proxy(events, {
      get(target, property, receiver) {
        if (typeof property === 'string' && /^\d+$/.test(property)) read++;
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    assert.equal(kept({ title: 'Events', events: counted }), false);
    // the limit holds about 3,500 of them; the whole would be 100,000
    assert.ok(read > 0 && read < 5_000, `read ${read} of ${events.length} events`);
  });
});
