/**
 * Incremental decoding of a JSON response body.
 *
 * PuppetDB streams list responses as one JSON array. Waiting for the whole body before parsing
 * (what pypuppetdb and a plain `JSON.parse` do) makes memory grow with the fleet and delays the
 * first record until the last byte. Here each chunk's complete elements go through one native
 * `JSON.parse`, so memory is bounded by one chunk plus the element still in flight — and that
 * element by `maxRecordBytes`, so a pathological answer (one endless string, an array that never
 * closes) fails with a clear error instead of growing without bound.
 *
 * Finding where elements end is the only JavaScript work per byte, and a byte-by-byte scan costs
 * about three quarters of what `JSON.parse` itself costs (measured with `node --cpu-prof`). So the
 * boundary is first guessed natively: PuppetDB writes every row of a list with its keys in one
 * order and without whitespace, so a row starts with the same bytes as the first one
 * (`{"certname":`), and `Buffer.lastIndexOf` finds the last `},{"certname":` of a chunk. The guess
 * is then checked by the parse itself: `[` + the bytes from the element in flight up to that `}`
 * + `]` is valid JSON only if the `}` closes a top-level element (the separator cannot occur in
 * a string, whose quotes are escaped; after a nested value of the same shape the text would end
 * with an unclosed bracket, and the parse fails). Only the bytes after
 * the cut, and whole chunks where no guess holds (pretty-printed bodies, rows of one huge
 * element, a failed guess), go through the byte scanner.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

const EMPTY = Buffer.alloc(0);
const OPEN = Buffer.from('[');
const CLOSE = Buffer.from(']');
/** Failed guesses after which a response is scanned byte by byte only (its rows fool the guess). */
const MAX_FAILED_GUESSES = 8;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

function startsWithPartialBom(bytes: Buffer): boolean {
  return (
    bytes.length < BOM.length && bytes.length > 0 && BOM.subarray(0, bytes.length).equals(bytes)
  );
}

function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/** Why decoding stopped: the caller turns these into the client's error classes. */
export class JsonDecodeError extends Error {
  override name = 'JsonDecodeError';
}

/** The body had no bytes but whitespace: no JSON value at all. */
export class EmptyBodyError extends JsonDecodeError {
  override name = 'EmptyBodyError';
}

/** A record (or a whole non-array body) grew past the decoder's limit before it ended. */
export class RecordTooLargeError extends JsonDecodeError {
  override name = 'RecordTooLargeError';
  constructor(readonly limitBytes: number) {
    super(
      `a single record is larger than the ${formatBytes(limitBytes)} the client holds for one record; ` +
        'the answer was not read further',
    );
  }
}

export interface DecodeOptions {
  /**
   * The most bytes one array element (or a body that is not an array) may take before decoding
   * stops with a RecordTooLargeError. Default 64 MiB: far above any real PuppetDB record (a
   * catalog of 20,000 resources is a few MB), far below what would exhaust the extension host.
   */
  maxRecordBytes?: number;
}

export const DEFAULT_MAX_RECORD_BYTES = 64 * 1024 * 1024;

/** The body was a single JSON value (an object, `null`, …), not an array. */
export interface SingleValue {
  kind: 'single';
  value: unknown;
}

/** A batch of array elements decoded from the bytes received so far. */
export interface ElementBatch {
  kind: 'elements';
  elements: unknown[];
}

export type DecodedPart = SingleValue | ElementBatch;

type Mode = 'start' | 'array' | 'single' | 'done';

/**
 * Yields batches of the top-level array's elements as soon as the bytes holding them have
 * arrived. A body that is not an array is decoded whole and yielded once as a `single` part.
 */
export async function* decodeJsonStream(
  chunks: AsyncIterable<Uint8Array>,
  options: DecodeOptions = {},
): AsyncGenerator<DecodedPart> {
  const scanner = new ArrayScanner(options.maxRecordBytes ?? DEFAULT_MAX_RECORD_BYTES);
  for await (const chunk of chunks) {
    const part = scanner.push(chunk);
    if (part) yield part;
    const rest = scanner.restOfChunk();
    if (rest) yield rest;
  }
  const last = scanner.end();
  if (last) yield last;
}

class ArrayScanner {
  private mode: Mode = 'start';
  /** Bytes of the element in flight (array mode) or of the whole body (single mode). */
  private pending: Buffer[] = [];
  /** How many bytes `pending` holds. */
  private pendingBytes = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private inElement = false;
  /** A "," ended the last element: another must follow (JSON has no trailing comma). */
  private afterComma = false;
  private sawFirstByte = false;
  /** The first bytes, held back while they might be the start of a byte-order mark. */
  private preamble: Buffer = EMPTY;
  /** `},{"<first key>":`, learnt from the first element when it is an object; see the top. */
  private rowSeparator: Buffer | undefined;
  private learntSeparator = false;
  private failedGuesses = 0;
  /** Where the last scanArray stopped: the chunk's end, or after the first element's comma. */
  private scannedTo = 0;
  /** The bytes of a chunk after its first element, which push() returned alone. */
  private heldBack: { chunk: Buffer; from: number } | undefined;

  constructor(private readonly maxRecordBytes: number) {}

  push(input: Uint8Array): DecodedPart | undefined {
    let chunk = Buffer.isBuffer(input)
      ? input
      : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
    let index = 0;
    if (this.mode === 'start') {
      chunk = this.preamble.length > 0 ? Buffer.concat([this.preamble, chunk]) : chunk;
      this.preamble = EMPTY;
      if (startsWithPartialBom(chunk)) {
        this.preamble = chunk;
        return undefined;
      }
      index = this.skipPreamble(chunk);
      if (this.mode === 'start') return undefined;
    }
    if (this.mode === 'single') {
      const rest = index === 0 ? chunk : chunk.subarray(index);
      this.holdPending(rest, this.pendingBytes + rest.length);
      return undefined;
    }
    if (this.mode === 'done') {
      this.assertOnlyWhitespace(chunk, index);
      return undefined;
    }
    // The separator is learnt from the first element, which alone is scanned byte by byte: the
    // rest of the first chunk is cut natively too (in a new process the scanner is not compiled
    // yet, and scanning a whole first chunk held back its first record by milliseconds). The first
    // element goes out alone, and restOfChunk() decodes the rest: in a new process, parsing the
    // rest of the chunk and making its records held the first record back by milliseconds more.
    if (!this.learntSeparator) {
      const first = this.scanArray(chunk, index, true);
      // no element ended in this chunk (it is held as the one in flight), or the array did
      if (!first || this.mode !== 'array') return first;
      this.learnSeparator(first.elements);
      if (this.scannedTo < chunk.length) this.heldBack = { chunk, from: this.scannedTo };
      return first;
    }
    return this.elementsFrom(chunk, index);
  }

  /** The elements of what push() held back of its chunk after the first element, if any. */
  restOfChunk(): ElementBatch | undefined {
    const held = this.heldBack;
    if (!held) return undefined;
    this.heldBack = undefined;
    return this.elementsFrom(held.chunk, held.from);
  }

  private elementsFrom(chunk: Buffer, from: number): ElementBatch | undefined {
    const guessed = this.cutAtRowSeparator(chunk, from);
    const scanned = this.scanArray(chunk, guessed ? guessed.resumeAt : from);
    return joinParts(guessed?.part, scanned);
  }

  /**
   * The elements up to the last `},{"<first key>":` of the chunk, when `[`, the bytes of the
   * element in flight and of the chunk up to that `}`, and `]` parse: then the `}` ends a
   * top-level element, and the scanner resumes after its comma with nothing in flight. Undefined
   * when there is no such place, or when the text does not parse (the `}` was inside a string or
   * a nested value): the scanner then reads the chunk from where it was.
   */
  private cutAtRowSeparator(
    chunk: Buffer,
    from: number,
  ): { part: ElementBatch; resumeAt: number } | undefined {
    const separator = this.rowSeparator;
    if (!separator) return undefined;
    const at = chunk.lastIndexOf(separator);
    if (at < from) return undefined;
    const end = at + 1;
    const held = this.inElement ? this.pending : [];
    const bytes = (this.inElement ? this.pendingBytes : 0) + end - from;
    // Each element's own size is unknown here: a text past the limit goes to the scanner, which
    // measures every element.
    if (bytes > this.maxRecordBytes) return undefined;
    const text = Buffer.concat([OPEN, ...held, chunk.subarray(from, end), CLOSE], bytes + 2);
    let elements: unknown;
    try {
      elements = JSON.parse(text.toString('utf8'));
    } catch {
      if (++this.failedGuesses >= MAX_FAILED_GUESSES) this.rowSeparator = undefined;
      return undefined;
    }
    this.pending = [];
    this.pendingBytes = 0;
    this.depth = 0;
    this.inString = false;
    this.escaped = false;
    this.inElement = false;
    // the cut took the separator's comma: the row it announced must follow
    this.afterComma = true;
    return { part: { kind: 'elements', elements: elements as unknown[] }, resumeAt: end + 1 };
  }

  /** PuppetDB writes every row of a list with the same first key: its bytes start each row. */
  private learnSeparator(elements: unknown[]): void {
    if (elements.length === 0) return;
    this.learntSeparator = true;
    const first = elements[0];
    if (first === null || typeof first !== 'object' || Array.isArray(first)) return;
    const key = Object.keys(first)[0];
    if (key !== undefined) this.rowSeparator = Buffer.from(`},{${JSON.stringify(key)}:`, 'utf8');
  }

  end(): DecodedPart | undefined {
    switch (this.mode) {
      case 'start':
        throw new EmptyBodyError('the response body is empty');
      case 'single':
        return { kind: 'single', value: parseJson(Buffer.concat(this.pending).toString('utf8')) };
      case 'array':
        throw new JsonDecodeError('the response ended before its JSON array was complete');
      case 'done':
        return undefined;
    }
  }

  /** Skips a UTF-8 byte-order mark and leading whitespace, then decides array or single value. */
  private skipPreamble(chunk: Buffer): number {
    let index = 0;
    if (
      !this.sawFirstByte &&
      chunk.length >= 3 &&
      chunk[0] === 0xef &&
      chunk[1] === 0xbb &&
      chunk[2] === 0xbf
    ) {
      index = 3;
    }
    this.sawFirstByte = this.sawFirstByte || chunk.length > 0;
    while (index < chunk.length && isWhitespace(chunk[index]!)) index++;
    if (index === chunk.length) return index;
    if (chunk[index] === OPEN_BRACKET) {
      this.mode = 'array';
      return index + 1;
    }
    this.mode = 'single';
    return index;
  }

  /** `firstOnly`: stops after the first element that ends in this chunk (and its comma). */
  private scanArray(chunk: Buffer, from: number, firstOnly = false): ElementBatch | undefined {
    // Where the element in flight began in this chunk; -1 when it began in an earlier chunk.
    let elementStart = -1;
    // Start of the first element completed in this chunk (-1: it began in an earlier chunk).
    let batchStart = -1;
    // End (exclusive) of the last element completed in this chunk; -1 when none completed.
    let batchEnd = -1;
    let depth = this.depth;
    let inString = this.inString;
    let escaped = this.escaped;
    let inElement = this.inElement;
    let afterComma = this.afterComma;
    let index = from;
    const length = chunk.length;

    for (; index < length; index++) {
      const byte = chunk[index]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) inString = false;
        continue;
      }
      if (isWhitespace(byte)) continue;
      if (depth === 0) {
        if (byte === COMMA || byte === CLOSE_BRACKET) {
          if (inElement) {
            const elementBytes =
              elementStart < 0 ? this.pendingBytes + index : index - elementStart;
            if (elementBytes > this.maxRecordBytes) {
              throw new RecordTooLargeError(this.maxRecordBytes);
            }
            if (batchEnd < 0) batchStart = elementStart;
            batchEnd = index;
            inElement = false;
            afterComma = byte === COMMA;
          } else if (byte === COMMA) {
            throw new JsonDecodeError('unexpected "," in the response array');
          } else if (afterComma) {
            throw new JsonDecodeError('unexpected "]" after "," in the response array');
          }
          if (byte === CLOSE_BRACKET) {
            this.mode = 'done';
            index++;
            break;
          }
          if (firstOnly && batchEnd >= 0) {
            index++;
            break;
          }
          continue;
        }
        if (!inElement) {
          inElement = true;
          elementStart = index;
        }
      }
      if (byte === QUOTE) inString = true;
      else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) depth++;
      else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth--;
    }

    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    this.inElement = inElement;
    this.afterComma = afterComma;
    this.scannedTo = index;

    let part: ElementBatch | undefined;
    if (batchEnd >= 0) {
      const bytes =
        batchStart < 0
          ? Buffer.concat([...this.pending, chunk.subarray(0, batchEnd)])
          : chunk.subarray(batchStart, batchEnd);
      this.pending = [];
      this.pendingBytes = 0;
      part = { kind: 'elements', elements: parseJson(`[${bytes.toString('utf8')}]`) as unknown[] };
    }
    if (inElement) {
      const rest = elementStart < 0 ? chunk : chunk.subarray(elementStart);
      this.holdPending(rest, (elementStart < 0 ? this.pendingBytes : 0) + rest.length);
    }
    if (this.mode === 'done') this.assertOnlyWhitespace(chunk, index);
    return part;
  }

  /** Keeps the bytes of the record in flight, unless the record has outgrown the limit. */
  private holdPending(bytes: Buffer, total: number): void {
    if (total > this.maxRecordBytes) {
      this.pending = [];
      this.pendingBytes = 0;
      throw new RecordTooLargeError(this.maxRecordBytes);
    }
    this.pending.push(bytes);
    this.pendingBytes = total;
  }

  private assertOnlyWhitespace(chunk: Buffer, from: number): void {
    for (let index = from; index < chunk.length; index++) {
      if (!isWhitespace(chunk[index]!)) {
        throw new JsonDecodeError('unexpected data after the end of the JSON array');
      }
    }
  }
}

function joinParts(
  a: ElementBatch | undefined,
  b: ElementBatch | undefined,
): ElementBatch | undefined {
  if (!a || !b) return a ?? b;
  return { kind: 'elements', elements: a.elements.concat(b.elements) };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new JsonDecodeError(`the response is not valid JSON (${(error as Error).message})`);
  }
}

function formatBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return mib >= 1 && Number.isInteger(mib)
    ? `${mib} MiB`
    : `${bytes.toLocaleString('en-US')} bytes`;
}
