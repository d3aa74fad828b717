import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  decodeJsonStream,
  JsonDecodeError,
  RecordTooLargeError,
} from '../../../src/client/internal/jsonStream';
import { chunksOf, collect } from './support/chunkedBody';

const TRICKY = [
  { certname: 'web01.example.com', value: 'quote " and backslash \\ and \\" both' },
  { nested: [[1, 2, { a: ']' }], { b: '}{,' }], unicode: 'Zürich ✓ 𝄞' },
  'a plain string with , and ] inside',
  42,
  -1.5e3,
  true,
  null,
  [],
  {},
  { value: '\\\\' },
];

describe('decodeJsonStream', () => {
  test('decodes a tricky array identically for every split point', async () => {
    const text = JSON.stringify(TRICKY);
    for (let split = 1; split <= Buffer.byteLength(text); split++) {
      const { elements } = await collect(decodeJsonStream(chunksOf(text, [split])));
      assert.deepEqual(elements, TRICKY, `split at ${split} bytes`);
    }
  });

  test('decodes pretty-printed arrays with irregular chunk sizes', async () => {
    const text = `\n  ${JSON.stringify(TRICKY, null, 2)}  \n`;
    const { elements } = await collect(decodeJsonStream(chunksOf(text, [1, 7, 3, 64, 2])));
    assert.deepEqual(elements, TRICKY);
  });

  test('yields elements before the array has ended', async () => {
    const first = { certname: 'first' };
    async function* slowBody(): AsyncGenerator<Uint8Array> {
      yield Buffer.from(`[${JSON.stringify(first)},{"certname":"sec`);
      throw new Error('the rest never arrives');
    }
    const iterator = decodeJsonStream(slowBody());
    const part = await iterator.next();
    assert.deepEqual(part.value, { kind: 'elements', elements: [first] });
    await assert.rejects(iterator.next(), /the rest never arrives/);
  });

  test('the first element goes out alone, before the rest of its chunk is decoded', async () => {
    const rows = [1, 2, 3, 4].map((index) => ({ certname: `node${index}`, value: index }));
    const parts: unknown[][] = [];
    for await (const part of decodeJsonStream(chunksOf(JSON.stringify(rows), [1 << 20]))) {
      assert.equal(part.kind, 'elements');
      parts.push(part.elements);
    }
    assert.deepEqual(parts, [[rows[0]], rows.slice(1)]);
  });

  test('an empty array yields no elements', async () => {
    const { elements } = await collect(decodeJsonStream(chunksOf(' [ ] ', [2])));
    assert.deepEqual(elements, []);
  });

  test('a single object is decoded whole', async () => {
    const value = { certname: 'x', facts: { href: '/pdb', data: [1, 2] } };
    const { single, batches } = await collect(
      decodeJsonStream(chunksOf(JSON.stringify(value, null, 2), [5])),
    );
    assert.deepEqual(single, value);
    assert.equal(batches, 0);
  });

  test('null is returned as a single value', async () => {
    const { single } = await collect(decodeJsonStream(chunksOf('null', [4])));
    assert.equal(single, null);
  });

  test('a UTF-8 byte-order mark is skipped', async () => {
    const { elements } = await collect(decodeJsonStream(chunksOf('\uFEFF[1,2]', [1])));
    assert.deepEqual(elements, [1, 2]);
  });

  for (const [label, body, message] of [
    ['an empty body', '', /empty/],
    ['a truncated array', '[{"a":1},{"b":', /ended before/],
    ['garbage bytes', '[{"a":1},garbage]', /not valid JSON/],
    ['data after the array', '[1,2] [3]', /after the end/],
    ['a leading comma', '[,1]', /unexpected ","/],
    // found by test/unit/properties/jsonStream.test.ts: JSON has no trailing comma
    ['a trailing comma', '[\n false,\n\n]', /unexpected "\]" after ","/],
    ['a non-JSON body', '<html>oops</html>', /not valid JSON/],
  ] as const) {
    test(`rejects ${label}`, async () => {
      await assert.rejects(collect(decodeJsonStream(chunksOf(body, [3]))), (error: unknown) => {
        assert.ok(error instanceof JsonDecodeError);
        assert.match(error.message, message);
        return true;
      });
    });
  }

  test('a trailing comma is refused at every split point, after rows the native cut took too', async () => {
    for (const body of ['[1,]', '[{"certname":"a"},{"certname":"b"},{"certname":"c"}, ]']) {
      for (let split = 1; split <= body.length; split++) {
        await assert.rejects(
          collect(decodeJsonStream(chunksOf(body, [split]))),
          /unexpected "\]" after ","/,
          `${body} split at ${split}`,
        );
      }
    }
  });

  test('keeps memory to the element in flight: one batch per chunk', async () => {
    const rows = Array.from({ length: 1000 }, (_, index) => ({
      certname: `node${index}`,
      name: 'fact',
      value: index,
    }));
    const { elements, batches } = await collect(
      decodeJsonStream(chunksOf(JSON.stringify(rows), [4096])),
    );
    assert.equal(elements.length, 1000);
    assert.deepEqual(elements[999], rows[999]);
    assert.ok(batches > 5, `expected several batches, got ${batches}`);
  });

  test('an endless string stops at the record limit, naming it, without reading on', async () => {
    let chunksRead = 0;
    async function* endless(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('[{"certname": "a"}, "');
      // a string that never closes: 1 MiB per chunk, for ever
      const mebibyte = Buffer.alloc(1024 * 1024, 0x61);
      for (;;) {
        chunksRead++;
        yield mebibyte;
      }
    }
    const elements: unknown[] = [];
    await assert.rejects(
      async () => {
        for await (const part of decodeJsonStream(endless(), { maxRecordBytes: 4 * 1024 * 1024 })) {
          if (part.kind === 'elements') elements.push(...part.elements);
        }
      },
      (error: unknown) =>
        error instanceof RecordTooLargeError &&
        error instanceof JsonDecodeError &&
        /larger than the 4 MiB/.test(error.message),
    );
    assert.deepEqual(elements, [{ certname: 'a' }], 'the records before it were decoded');
    assert.ok(chunksRead <= 5, `read ${chunksRead} MiB before stopping`);
  });

  test('an array that never closes its first record stops at the limit', async () => {
    const open = `[${'['.repeat(3000)}`;
    await assert.rejects(
      collect(decodeJsonStream(chunksOf(open, [100]), { maxRecordBytes: 2048 })),
      RecordTooLargeError,
    );
  });

  test('a record completed within one chunk is held to the limit too', async () => {
    const text = JSON.stringify(['small', 'x'.repeat(5000), 'after']);
    await assert.rejects(
      collect(decodeJsonStream(chunksOf(text, [1 << 20]), { maxRecordBytes: 4096 })),
      RecordTooLargeError,
    );
    const { elements } = await collect(
      decodeJsonStream(chunksOf(text, [1 << 20]), { maxRecordBytes: 8192 }),
    );
    assert.equal(elements.length, 3);
  });

  test('a body that is not an array is held to the limit', async () => {
    const text = JSON.stringify({ value: 'y'.repeat(10_000) });
    await assert.rejects(
      collect(decodeJsonStream(chunksOf(text, [1000]), { maxRecordBytes: 4096 })),
      RecordTooLargeError,
    );
  });

  test('records up to the default limit decode (64 MiB per record)', async () => {
    const text = JSON.stringify([{ blob: 'z'.repeat(3 * 1024 * 1024) }, 1]);
    const { elements } = await collect(decodeJsonStream(chunksOf(text, [65536])));
    assert.equal(elements.length, 2);
  });
});
