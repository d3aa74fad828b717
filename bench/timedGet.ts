/**
 * The raw baseline the benches set beside the extension: one GET with undici, its body read to
 * the end and parsed with one `JSON.parse`, timed to its first bytes and to the parsed whole.
 */
import { performance } from 'node:perf_hooks';
import { request } from 'undici';

export interface TimedGet {
  rows: unknown[];
  firstBytesMs: number;
  ms: number;
}

export async function timedGet(url: string): Promise<TimedGet> {
  const started = performance.now();
  const response = await request(url);
  if (response.statusCode !== 200) throw new Error(`${url}: HTTP ${response.statusCode}`);
  let firstBytesMs = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of response.body) {
    firstBytesMs ||= performance.now() - started;
    chunks.push(chunk as Buffer);
  }
  const rows = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown[];
  return { rows, firstBytesMs, ms: performance.now() - started };
}
