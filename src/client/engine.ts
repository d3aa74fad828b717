import { STABLE_ORDER, endpointPath, type EndpointKey } from './endpoints';
import { EmptyResponseError, MalformedResponseError, ResultTooLargeError } from './errors';
import {
  decodeJsonStream,
  EmptyBodyError,
  JsonDecodeError,
  type DecodedPart,
} from './internal/jsonStream';
import { pyQuote } from './internal/python';
import type { CheckedOptions } from './optionChecks';
import {
  encodeJsonBody,
  encodeSearch,
  parameterPairs,
  withStableOrder,
  type OrderField,
  type QueryOptions,
  type QueryParameters,
} from './queryStep';
import { RecordStream } from './recordStream';
import type { HttpResponse, Transport } from './transport';

/** A query's options once `checkOptions()` has accepted them. */
export type StreamOptions = CheckedOptions<QueryOptions>;

export interface EngineRequest {
  endpoint: EndpointKey;
  signal?: AbortSignal | undefined;
  /** GET (default) or POST, already checked. */
  method?: 'GET' | 'POST' | undefined;
  /** A string is quoted as the reference does ("/" kept); array items are encoded whole. */
  path?: string | readonly string[];
  parameters?: QueryParameters;
  /** Extra query-string pairs after the common ones (commands). */
  extraSearch?: ReadonlyArray<[string, string]>;
  /** A body other than the parameters (commands). */
  body?: string;
  /** Whether `total` follows this request's X-Records header (the reference skips commands). */
  tracksTotal?: boolean;
}

/**
 * The common query step: builds each request from the reference's parameters, sends it, and
 * decodes the body, whole or streamed, paged or not.
 */
export class QueryEngine {
  /** X-Records of the latest query, as the reference's `total` (undefined when absent). */
  total: number | undefined;

  constructor(
    private readonly transport: Transport,
    /** The most rows `json()` and `collect()` hold (ConnectOptions.maxListRows). */
    private readonly maxListRows = Infinity,
  ) {}

  async send(request: EngineRequest): Promise<HttpResponse> {
    const method = request.method ?? 'GET';
    const extraSearch = request.extraSearch ?? [];
    // the call's own parameters (pqlAst's ast_only) win over a payload's key of the same name
    const ownKeys = new Set(extraSearch.map(([key]) => key));
    const pairs = (request.parameters ? parameterPairs(request.parameters) : []).filter(
      ([key]) => !ownKeys.has(key),
    );
    const path =
      typeof request.path === 'string'
        ? `${endpointPath(request.endpoint)}/${pyQuote(request.path)}`
        : endpointPath(request.endpoint, request.path ?? []);
    const searchPairs = method === 'GET' ? [...pairs, ...extraSearch] : [...extraSearch];
    const body = request.body ?? (method === 'POST' ? encodeJsonBody(pairs) : undefined);
    const response = await this.transport.send({
      method,
      path,
      search: encodeSearch(searchPairs),
      body,
      signal: request.signal,
    });
    if (request.tracksTotal !== false) this.total = response.total;
    return response;
  }

  /**
   * The whole decoded body. An empty list is an answer like any other; only JSON `null` or an
   * empty body is an EmptyResponseError.
   */
  async json(request: EngineRequest): Promise<unknown> {
    const response = await this.send(request);
    let single: { value: unknown } | undefined;
    const elements: unknown[] = [];
    try {
      for await (const part of decode(response)) {
        if (part.kind === 'single') single = { value: part.value };
        else for (const element of part.elements) elements.push(element);
        if (elements.length > this.maxListRows) {
          throw new ResultTooLargeError(response.url, this.maxListRows);
        }
      }
    } catch (error) {
      response.finish({ rows: elements.length, error });
      // an answer cut short (too many rows) leaves its body unread: the connection is let go
      response.discard();
      throw error;
    }
    // the decoder yields a single value for anything but an array, and nothing for `[]`
    if (single === undefined) {
      response.finish({ rows: elements.length });
      return elements;
    }
    if (single.value === null) {
      const error = emptyResponse(response.url);
      response.finish({ error });
      throw error;
    }
    response.finish({});
    return single.value;
  }

  /** Rows of a list response in decoded batches; a single-object response counts as one row. */
  async *rows(
    request: EngineRequest,
    onResponse?: (response: HttpResponse) => void,
  ): AsyncGenerator<unknown[]> {
    const response = await this.send(request);
    onResponse?.(response);
    let sawArray = false;
    let rows = 0;
    let failure: unknown;
    try {
      for await (const part of decode(response)) {
        if (part.kind === 'elements') {
          sawArray = true;
          rows += part.elements.length;
          yield part.elements;
        } else if (part.value === null) {
          throw emptyResponse(response.url);
        } else {
          sawArray = true;
          rows += 1;
          yield [part.value];
        }
      }
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      // a reader that stops early is not a failure: the rows it took are what was decoded
      response.finish({ rows, error: failure });
      response.discard();
    }
    if (!sawArray) yield [];
  }

  /**
   * Every record of `stream`, held in memory: at most `maxListRows` of them (past it the rest is
   * not read and the call fails), since the caller asked for the whole answer at once.
   */
  async collect<T>(stream: RecordStream<T>, where: string): Promise<T[]> {
    const records: T[] = [];
    for await (const batch of stream.batches()) {
      for (const record of batch) records.push(record);
      // leaving the loop ends the request, as a reader that stops early does
      if (records.length > this.maxListRows) throw new ResultTooLargeError(where, this.maxListRows);
    }
    return records;
  }

  /** A lazy record stream over an endpoint; with `pageSize`, one request per page. */
  stream<T>(
    request: Omit<EngineRequest, 'parameters'> & {
      options?: StreamOptions;
      /** Runs at the start of every iteration, before the first request. */
      before?: () => Promise<void>;
    },
    toRecords: (rows: unknown[]) => T[] | Promise<T[]>,
  ): RecordStream<T> {
    const { options = {}, before = async () => {}, ...rest } = request;
    const { pageSize, signal, method, ...parameters } = options;
    const base: EngineRequest = {
      ...rest,
      parameters,
      signal: signal ?? rest.signal,
      method: method ?? rest.method,
    };
    if (pageSize === undefined) {
      return new RecordStream<T>(
        (stream) => this.wholeResponse(base, stream, before, toRecords),
        base.signal,
      );
    }
    const paging: Paging = {
      pageSize,
      order: withStableOrder(parameters.orderBy, STABLE_ORDER[rest.endpoint] ?? []),
      parameters,
    };
    return new RecordStream<T>(
      (stream) => this.pages(base, paging, stream, before, toRecords),
      base.signal,
    );
  }

  private async *wholeResponse<T>(
    request: EngineRequest,
    stream: RecordStream<T>,
    before: () => Promise<void>,
    toRecords: (rows: unknown[]) => T[] | Promise<T[]>,
  ): AsyncGenerator<T[]> {
    await before();
    for await (const rows of this.rows(request, (response) => (stream.total = response.total))) {
      yield await toRecords(rows);
    }
  }

  private async *pages<T>(
    base: EngineRequest,
    { pageSize, order, parameters }: Paging,
    stream: RecordStream<T>,
    before: () => Promise<void>,
    toRecords: (rows: unknown[]) => T[] | Promise<T[]>,
  ): AsyncGenerator<T[]> {
    await before();
    let offset = parameters.offset ?? 0;
    let remaining = parameters.limit ?? Number.POSITIVE_INFINITY;
    let firstPage = true;
    while (remaining > 0) {
      const limit = Math.min(pageSize, remaining);
      const page: EngineRequest = {
        ...base,
        parameters: {
          ...parameters,
          orderBy: order,
          limit,
          offset,
          includeTotal: firstPage && parameters.includeTotal,
        },
        // later pages do not ask for the total again, so they must not clear it
        tracksTotal: firstPage,
      };
      const onResponse = firstPage
        ? (response: HttpResponse) => (stream.total = response.total)
        : undefined;
      let received = 0;
      for await (const rows of this.rows(page, onResponse)) {
        received += rows.length;
        yield await toRecords(rows);
      }
      if (received < limit) return;
      firstPage = false;
      offset += received;
      remaining -= received;
    }
  }
}

interface Paging {
  pageSize: number;
  order: OrderField[];
  parameters: QueryParameters;
}

async function* decode(response: HttpResponse): AsyncGenerator<DecodedPart> {
  try {
    yield* decodeJsonStream(response.body);
  } catch (error) {
    if (error instanceof EmptyBodyError) throw emptyResponse(response.url);
    if (error instanceof JsonDecodeError) {
      throw new MalformedResponseError(
        `PuppetDB's answer to ${response.url} is malformed: ${error.message}.`,
        response.url,
        {
          cause: error,
        },
      );
    }
    throw error;
  }
}

function emptyResponse(url: string): EmptyResponseError {
  return new EmptyResponseError(`PuppetDB returned an empty response for ${url}.`);
}
