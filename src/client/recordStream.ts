import { RequestAbortedError } from './errors';

/**
 * A lazy, re-iterable sequence of records. Nothing is requested until iteration starts; each
 * iteration sends its own request(s). Records arrive in batches as the body streams in.
 */
export class RecordStream<T> implements AsyncIterable<T> {
  /** The `include_total` count of the latest request made by this stream, if one was asked for. */
  total: number | undefined;

  constructor(
    private readonly produceBatches: (stream: RecordStream<T>) => AsyncGenerator<T[]>,
    /** The call's signal: once it fires, records of a batch already decoded are not handed out. */
    private readonly signal?: AbortSignal,
  ) {}

  /** Records in the batches they were decoded in: one array per arrival of body bytes. */
  batches(): AsyncGenerator<T[]> {
    return this.produceBatches(this);
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    for await (const batch of this.batches()) {
      for (const record of batch) {
        // A caller that aborts while handling one record gets no more (a batch can hold hundreds).
        if (this.signal?.aborted) throw new RequestAbortedError('The request was cancelled.');
        yield record;
      }
    }
  }

  async toArray(): Promise<T[]> {
    const all: T[] = [];
    for await (const batch of this.batches()) {
      for (const record of batch) all.push(record);
    }
    return all;
  }

  /** Every record and the `include_total` count of the request(s), for one page of a list. */
  async toArrayWithTotal(): Promise<{ records: T[]; total: number | undefined }> {
    const records = await this.toArray();
    return { records, total: this.total };
  }

  /** The first record, or undefined; the rest of the response is not read. */
  async first(): Promise<T | undefined> {
    for await (const batch of this.batches()) {
      if (batch.length > 0) return batch[0];
    }
    return undefined;
  }
}
