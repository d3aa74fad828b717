/**
 * The decoder guesses where a chunk's last row ends from the bytes every PuppetDB row starts with
 * (`},{"certname":`) and lets JSON.parse confirm the guess (see jsonStream.ts). These bodies are
 * made to fool the guess: look-alikes of the separator in strings, after escaped quotes and
 * backslashes, nested values shaped like rows, split between chunks, next to multi-byte characters. Each must
 * decode exactly as JSON.parse of the whole body does, for every chunk split.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  decodeJsonStream,
  JsonDecodeError,
  RecordTooLargeError,
} from '../../../src/client/internal/jsonStream';
import { chunksOf, collect } from './support/chunkedBody';

const SEPARATOR_IN_STRINGS = [
  { certname: 'a', value: 'plain' },
  { certname: 'b', value: '},{"certname":"fake","value":1}' },
  { certname: 'c', value: 'escaped quote \\" then },{"certname": and a brace {' },
  { certname: 'd', value: 'ends with a backslash \\' },
  { certname: 'e', value: '\\\\"},{"certname":"x"}' },
  { certname: 'f', value: { nested: '},{"certname":' } },
  { certname: 'g', value: null },
];

const NESTED_ROW_SHAPES = [
  { certname: 'a', value: [{ certname: 'n1' }, { certname: 'n2' }] },
  {
    certname: 'b',
    value: [{ certname: 'n3' }, { certname: 'n4', deep: [{ certname: 'n5' }, { certname: 'n6' }] }],
  },
  { certname: 'c', value: { inner: [[{ certname: 'n7' }], { certname: 'n8' }] } },
  { certname: 'd', value: 'last' },
];

const MULTI_BYTE = [
  { certname: 'zürich-1', value: 'Zürich ✓ 𝄞 ' + '€'.repeat(20) },
  { certname: '東京-2', value: ['𝄞𝄞', { ключ: 'значение' }] },
  { certname: 'ok-3', value: '},{"certname":"𝄞"' },
  { certname: 'é', value: 'é' },
];

const MULTI_BYTE_FIRST_KEY = [
  { ключ: 'один', value: '𝄞' },
  { ключ: 'два', value: '},{"ключ":' },
  { ключ: 'три', value: [{ ключ: 'вложенный' }] },
];

async function decodedAtEverySplit(rows: unknown[]): Promise<void> {
  const text = JSON.stringify(rows);
  const length = Buffer.byteLength(text);
  for (let split = 1; split <= length; split++) {
    const { elements } = await collect(decodeJsonStream(chunksOf(text, [split])));
    assert.deepEqual(elements, rows, `chunks of ${split} bytes`);
  }
  // two chunk sizes in turn put the boundaries at every offset against every row
  for (let split = 1; split <= 40; split++) {
    const { elements } = await collect(decodeJsonStream(chunksOf(text, [split, 97])));
    assert.deepEqual(elements, rows, `chunks of ${split} and 97 bytes`);
  }
}

describe('decodeJsonStream: the row-separator guess', () => {
  test('a separator inside strings, after escaped quotes and backslashes, is not a row end', async () => {
    await decodedAtEverySplit(SEPARATOR_IN_STRINGS);
  });

  test('nested values shaped like rows are not row ends', async () => {
    await decodedAtEverySplit(NESTED_ROW_SHAPES);
  });

  test('multi-byte UTF-8 split between chunks decodes whole', async () => {
    await decodedAtEverySplit(MULTI_BYTE);
  });

  test('a first key of multi-byte characters', async () => {
    await decodedAtEverySplit(MULTI_BYTE_FIRST_KEY);
  });

  test('rows whose every value nests rows of the same shape still decode, many chunks on', async () => {
    // a separator inside a string is impossible (its quote would be escaped); a nested value of
    // the same shape is where a guess fails, and after enough failures the guess is given up
    const rows = Array.from({ length: 300 }, (_, index) => ({
      certname: `node${index}`,
      value: [{ certname: `inner${index}` }, { certname: 'x', value: [{ certname: 'y' }] }],
    }));
    for (const sizes of [[61], [7, 500], [4096]]) {
      const { elements } = await collect(decodeJsonStream(chunksOf(JSON.stringify(rows), sizes)));
      assert.deepEqual(elements, rows, `chunks of ${sizes.join(', ')} bytes`);
    }
  });

  test('rows in another key order or with whitespace fall back to the byte scan', async () => {
    const rows = [{ a: 1, b: 2 }, { b: 3, a: 4 }, { a: 5 }, { a: { a: 6 } }];
    await decodedAtEverySplit(rows);
    const pretty = JSON.stringify(rows, null, 1);
    for (let split = 1; split <= pretty.length; split++) {
      const { elements } = await collect(decodeJsonStream(chunksOf(pretty, [split])));
      assert.deepEqual(elements, rows, `pretty, chunks of ${split} bytes`);
    }
  });

  test('data after the array is refused even when a row separator follows it', async () => {
    const text = '[{"a":1},{"a":2}],{"a":3},{"a":4}]';
    for (let split = 1; split <= text.length; split++) {
      await assert.rejects(
        collect(decodeJsonStream(chunksOf(text, [split]))),
        (error: unknown) => error instanceof JsonDecodeError,
        `chunks of ${split} bytes`,
      );
    }
  });

  test('a record over the limit is refused where the guess would have held', async () => {
    const rows = [{ k: 'small' }, { k: 'x'.repeat(5000) }, { k: 'after' }, { k: 'end' }];
    const text = JSON.stringify(rows);
    await assert.rejects(
      collect(decodeJsonStream(chunksOf(text, [1 << 20]), { maxRecordBytes: 4096 })),
      RecordTooLargeError,
    );
    // the first chunk learns the separator; the guess then spans the large record
    await assert.rejects(
      collect(decodeJsonStream(chunksOf(text, [20, 1 << 20]), { maxRecordBytes: 4096 })),
      RecordTooLargeError,
    );
    const { elements } = await collect(
      decodeJsonStream(chunksOf(text, [20, 1 << 20]), { maxRecordBytes: 8192 }),
    );
    assert.deepEqual(elements, rows);
  });
});
