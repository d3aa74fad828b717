/**
 * The streaming JSON decoder against `JSON.parse`: any JSON value, laid out compact, pretty or
 * with whitespace around it, behind a byte-order mark or not, cut into chunks at any byte (inside
 * a multi-byte character, a string escape, PuppetDB's `},{"certname":` row separator or the
 * mark), handed over as Buffers or as Uint8Arrays at any offset of a larger buffer. Broken JSON
 * is an error as it is for `JSON.parse`, and no record grows past the decoder's limit.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  decodeJsonStream,
  JsonDecodeError,
  RecordTooLargeError,
  type DecodedPart,
} from '../../../src/client/internal/jsonStream';
import { assertAsyncProperty, trickyText } from './support/property';

const text = trickyText({ maxLength: 8 });
/** A lone surrogate, which JSON.stringify writes as a \uXXXX escape. */
const loneSurrogate = fc
  .integer({ min: 0xd800, max: 0xdfff })
  .map((code) => String.fromCharCode(code));
const leaf = fc.oneof(
  text,
  loneSurrogate,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);
const { value: jsonValue } = fc.letrec<{ value: unknown; array: unknown[]; object: object }>(
  (tie) => ({
    value: fc.oneof({ depthSize: 'small', maxDepth: 4 }, leaf, tie('array'), tie('object')),
    array: fc.array(tie('value'), { maxLength: 4 }),
    object: fc.dictionary(text, tie('value'), { maxKeys: 4 }),
  }),
);
/**
 * Rows as PuppetDB writes them: the same first key in every row (what the decoder's native cut
 * looks for), and nested rows of the same shape in a field (the look-alikes it must not cut at).
 */
const { rows } = fc.letrec<{ row: object; rows: object[] }>((tie) => ({
  row: fc.record(
    {
      certname: text,
      value: fc.oneof({ depthSize: 'small', maxDepth: 3 }, jsonValue, tie('rows')),
      more: jsonValue,
    },
    { requiredKeys: ['certname'] },
  ),
  rows: fc.array(tie('row'), { maxLength: 5 }),
}));
const whitespace = fc.string({ unit: fc.constantFrom(' ', '\n', '\r', '\t'), maxLength: 3 });

/** How a server might lay a JSON text out (data, so that a counterexample shows it). */
const layout = fc.oneof(
  fc.constant({ kind: 'compact' as const }),
  fc.record({
    kind: fc.constant('pretty' as const),
    indent: fc.constantFrom<number | string>(1, 2, '\t'),
  }),
  fc.record({ kind: fc.constant('spaced' as const), before: whitespace, after: whitespace }),
);
type Layout =
  | { kind: 'compact' }
  | { kind: 'pretty'; indent: number | string }
  | { kind: 'spaced'; before: string; after: string };

function laidOut(value: unknown, how: Layout): string {
  if (how.kind === 'pretty') return JSON.stringify(value, null, how.indent);
  if (how.kind === 'spaced') return `${how.before}${JSON.stringify(value)}${how.after}`;
  return JSON.stringify(value);
}

/** Where a body is cut, and in which form each chunk is handed over. */
const cuts = fc.record({
  at: fc.array(fc.nat(), { maxLength: 12 }),
  forms: fc.array(fc.constantFrom('buffer', 'copy', 'view'), { maxLength: 12 }),
});
type Cuts = { at: number[]; forms: Array<'buffer' | 'copy' | 'view'> };

/** The bytes in chunks cut at `cuts.at` (positions taken modulo the length; repeats: empty chunks). */
function chunked(bytes: Buffer, { at, forms }: Cuts): Uint8Array[] {
  const positions = [
    0,
    ...at.map((position) => position % (bytes.length + 1)).sort((a, b) => a - b),
    bytes.length,
  ];
  const chunks: Uint8Array[] = [];
  for (let index = 1; index < positions.length; index++) {
    const piece = bytes.subarray(positions[index - 1], positions[index]);
    const form = forms[index % Math.max(forms.length, 1)] ?? 'buffer';
    if (form === 'buffer') chunks.push(piece);
    else if (form === 'copy') chunks.push(new Uint8Array(piece));
    else {
      // a view into the middle of a larger buffer, as a pooled allocation would be
      const backing = new Uint8Array(piece.length + 7);
      backing.set(piece, 3);
      chunks.push(new Uint8Array(backing.buffer, 3, piece.length));
    }
  }
  return chunks;
}

async function* body(chunks: Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const chunk of chunks) yield chunk;
}

type Outcome =
  | { kind: 'array'; elements: unknown[] }
  | { kind: 'single'; value: unknown }
  | { kind: 'error'; error: unknown };

async function decode(chunks: Uint8Array[], maxRecordBytes?: number): Promise<Outcome> {
  const parts: DecodedPart[] = [];
  try {
    for await (const part of decodeJsonStream(body(chunks), { maxRecordBytes })) parts.push(part);
  } catch (error) {
    return { kind: 'error', error };
  }
  if (parts.length === 1 && parts[0]!.kind === 'single') {
    return { kind: 'single', value: parts[0]!.value };
  }
  assert.ok(
    parts.every((part) => part.kind === 'elements'),
    'a single value among the batches of an array',
  );
  return {
    kind: 'array',
    elements: parts.flatMap((part) => (part as { elements: unknown[] }).elements),
  };
}

/** What the decoder must give for `text`: what JSON.parse gives, or an error where it throws. */
function assertAsJsonParse(outcome: Outcome, text: string): void {
  let expected: unknown;
  try {
    expected = JSON.parse(text);
  } catch {
    assert.equal(
      outcome.kind,
      'error',
      `accepted what JSON.parse refuses: ${JSON.stringify(text)}`,
    );
    assert.ok(
      (outcome as { error: unknown }).error instanceof JsonDecodeError,
      `not a JsonDecodeError: ${String((outcome as { error: unknown }).error)}`,
    );
    return;
  }
  if (outcome.kind === 'error') throw outcome.error;
  if (Array.isArray(expected)) {
    assert.equal(outcome.kind, 'array');
    assert.deepStrictEqual((outcome as { elements: unknown[] }).elements, expected);
  } else {
    assert.equal(outcome.kind, 'single');
    assert.deepStrictEqual((outcome as { value: unknown }).value, expected);
  }
}

/**
 * Edits of a text: characters dropped, and JSON's own characters put in, anywhere or (half the
 * time) at one of the text's brackets, braces, commas, colons or quotes, where its structure is.
 */
const edits = fc.array(
  fc.record({
    at: fc.nat(),
    atStructure: fc.boolean(),
    after: fc.boolean(),
    drop: fc.oneof(fc.constant(0), fc.nat({ max: 3 })),
    insert: fc.string({
      unit: fc.constantFrom(
        '[',
        ']',
        '{',
        '}',
        ',',
        ':',
        '"',
        '\\',
        ' ',
        '0',
        '-',
        '.',
        'e',
        'a',
        'n',
        'é',
      ),
      maxLength: 2,
    }),
  }),
  { minLength: 1, maxLength: 3 },
);

function edited(
  source: string,
  changes: Array<{
    at: number;
    atStructure: boolean;
    after: boolean;
    drop: number;
    insert: string;
  }>,
): string {
  let result = source;
  for (const { at, atStructure, after, drop, insert } of changes) {
    // whole code points only: the decoder is given bytes, JSON.parse text
    const points = [...result];
    const structure = points.flatMap((point, index) => ('[]{},:"'.includes(point) ? [index] : []));
    const position =
      atStructure && structure.length > 0
        ? structure[at % structure.length]! + (after ? 1 : 0)
        : at % (points.length + 1);
    points.splice(position, drop, ...insert);
    result = points.join('');
  }
  return result;
}

describe('decodeJsonStream gives what JSON.parse gives, however the body is cut', () => {
  test('any JSON value, any layout, any chunk boundaries, with or without a byte-order mark', async (t) => {
    await assertAsyncProperty(
      t,
      fc.asyncProperty(
        fc.oneof(jsonValue, rows),
        layout,
        fc.boolean(),
        cuts,
        async (value, how, bom, at) => {
          const json = laidOut(value, how);
          const bytes = Buffer.from(`${bom ? '\uFEFF' : ''}${json}`, 'utf8');
          assertAsJsonParse(await decode(chunked(bytes, at)), json);
        },
      ),
    );
  });

  test('edited JSON: refused exactly where JSON.parse refuses it, else the same value', async (t) => {
    await assertAsyncProperty(
      t,
      fc.asyncProperty(
        fc.oneof(jsonValue, rows),
        layout,
        edits,
        cuts,
        async (value, how, changes, at) => {
          const json = edited(laidOut(value, how), changes);
          assertAsJsonParse(await decode(chunked(Buffer.from(json, 'utf8'), at)), json);
        },
      ),
    );
  });

  test('no record past maxRecordBytes: a larger one is a RecordTooLargeError, smaller ones decode', async (t) => {
    await assertAsyncProperty(
      t,
      fc.asyncProperty(
        fc.oneof(fc.array(jsonValue, { maxLength: 6 }), rows, jsonValue),
        fc.integer({ min: 1, max: 300 }),
        cuts,
        async (value, maxRecordBytes, at) => {
          const json = JSON.stringify(value);
          const outcome = await decode(chunked(Buffer.from(json, 'utf8'), at), maxRecordBytes);
          const records = Array.isArray(value) ? (JSON.parse(json) as unknown[]) : [value];
          const largest = Math.max(
            0,
            ...(Array.isArray(value)
              ? records.map((record) => Buffer.byteLength(JSON.stringify(record)))
              : [Buffer.byteLength(json)]),
          );
          if (largest > maxRecordBytes) {
            assert.equal(
              outcome.kind,
              'error',
              `a ${largest}-byte record passed a ${maxRecordBytes}-byte limit`,
            );
            assert.ok((outcome as { error: unknown }).error instanceof RecordTooLargeError);
          } else {
            assertAsJsonParse(outcome, json);
          }
        },
      ),
    );
  });
});
