import type { DecodedPart } from '../../../../src/client/internal/jsonStream';

/** The UTF-8 bytes of `text` in chunks of the given sizes (repeated), as a body arrives. */
export async function* chunksOf(text: string, sizes: number[]): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(text, 'utf8');
  let offset = 0;
  let index = 0;
  while (offset < bytes.length) {
    const size = sizes[index++ % sizes.length]!;
    yield bytes.subarray(offset, offset + size);
    offset += size;
  }
}

/** Every element decoded, how many batches carried them, and a single (non-array) value. */
export async function collect(
  parts: AsyncIterable<DecodedPart>,
): Promise<{ elements: unknown[]; batches: number; single?: unknown }> {
  const elements: unknown[] = [];
  let batches = 0;
  let single: unknown;
  for await (const part of parts) {
    if (part.kind === 'elements') {
      batches++;
      elements.push(...part.elements);
    } else {
      single = part.value;
    }
  }
  return { elements, batches, single };
}
