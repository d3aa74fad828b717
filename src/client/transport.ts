import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { Readable } from 'node:stream';
import { Agent, type Dispatcher } from 'undici';
import { dispatchRequest, type DispatchedResponse, type ResponseBody } from './dispatchedResponse';
import {
  AllServersFailedError,
  APIError,
  IncompleteResponseError,
  MalformedResponseError,
  PuppetDBConnectionError,
  PuppetDBHTTPError,
  PuppetDBTimeoutError,
  RequestAbortedError,
  type ServerFailure,
} from './errors';
import type { ResolvedOptions, ServerAddress } from './options';
import { notify, type RequestObserver } from './requestEvent';
import { loadTlsMaterial, type TlsMaterial } from './tlsMaterial';

export interface HttpRequest {
  method: 'GET' | 'POST';
  /** Path below the base URL, already percent-encoded, without a leading slash. */
  path: string;
  /** Encoded query string without the `?`, or empty. */
  search?: string;
  body?: string;
  signal?: AbortSignal | undefined;
}

export interface HttpResponse {
  url: string;
  /** The base URL of the server that answered. */
  server: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The total of `include_total=true` (`X-Records`), when the server sent it. */
  total: number | undefined;
  /** Body bytes; transport failures while reading surface as the client's errors. */
  body: AsyncIterable<Buffer>;
  /** Releases the connection when the caller stops reading early. */
  discard(): void;
  /**
   * Ends this request's record for the request observer: the reader decoded `rows` rows (when
   * known) or failed with `error`. Only the first call counts; `discard()` ends it too.
   */
  finish(outcome?: { rows?: number | undefined; error?: unknown }): void;
}

const MAX_ERROR_BODY_BYTES = 64 * 1024;

/** Statuses with which a load balancer or proxy says "not this server, not now". */
const FAILOVER_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);
const CONNECT_TIMEOUT_CODES: ReadonlySet<string> = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'ETIMEDOUT',
]);

/**
 * Whether the same request may go to the next server: nothing was answered (refused,
 * unreachable, reset or TLS failure before any response, or no connection within the timeout),
 * or a proxy answered 502/503/504. Never after a response started (IncompleteResponseError),
 * nor for the server's own answers (4xx, PQL errors, 500), a cancellation or bad settings.
 */
export function shouldFailOver(error: unknown): boolean {
  if (error instanceof IncompleteResponseError || error instanceof AllServersFailedError) {
    return false;
  }
  if (error instanceof PuppetDBConnectionError) return true;
  if (error instanceof PuppetDBTimeoutError) {
    return error.code !== undefined && CONNECT_TIMEOUT_CODES.has(error.code);
  }
  if (error instanceof PuppetDBHTTPError) return FAILOVER_STATUSES.has(error.status);
  return false;
}

/**
 * Whether a request may be sent again without asking: queries only read (RFC 9110 §9.2.2 lets a
 * client repeat an idempotent request); a command (`cmd`) is never sent twice.
 */
function mayResend(request: HttpRequest): boolean {
  return request.method === 'GET' || request.path.startsWith('pdb/query/');
}

/**
 * The connection closed before any answer, as a server does to an idle kept-alive connection it
 * drops: not a refusal, a timeout or a reset mid-body.
 */
function closedBeforeAnswer(error: unknown): boolean {
  return (
    error instanceof PuppetDBConnectionError &&
    !(error instanceof IncompleteResponseError) &&
    (error.code === 'UND_ERR_SOCKET' || error.code === 'ECONNRESET' || error.code === 'EPIPE')
  );
}

/** One request to one server, as the request observer hears of it. */
class Exchange {
  status: number | undefined;
  bytes = 0;
  private readonly started: number;
  private ended = false;

  constructor(
    private readonly observer: RequestObserver | undefined,
    readonly method: 'GET' | 'POST',
    readonly url: string,
    readonly server: string,
  ) {
    this.started = performance.now();
  }

  end(outcome: {
    rows?: number | undefined;
    error?: unknown;
    failingOver?: boolean;
    resending?: boolean;
  }): void {
    if (this.ended) return;
    this.ended = true;
    const { error } = outcome;
    notify(this.observer, {
      method: this.method,
      url: this.url,
      server: this.server,
      status: this.status,
      bytes: this.bytes,
      ms: Math.round(performance.now() - this.started),
      rows: outcome.rows,
      error:
        error === undefined || error instanceof APIError
          ? error
          : new APIError(String(error), { cause: error }),
      failingOver: outcome.failingOver ?? false,
      resending: outcome.resending ?? false,
    });
  }
}

/**
 * Sends requests through undici and turns every failure into one of the client's errors.
 *
 * With several servers, a request that gets no answer from one (see `shouldFailOver`) goes to
 * the next in the configured order. Requests stick to the server that answered last; after
 * `failbackSeconds` away from the first server, the first is tried first again.
 */
export class Transport {
  /** Our own Agent, built on the first request once the TLS files are read; shared after. */
  private agent: Promise<Agent> | undefined;
  private closed = false;
  private readonly servers: readonly ServerAddress[];
  /** The server requests go to first: the one that answered last. */
  private current = 0;
  /** When requests last moved away from the first server (ms since the epoch). */
  private leftFirstAt = 0;
  /** The base URL of the server that answered last; undefined before any answer. */
  lastServer: string | undefined;

  constructor(
    private readonly options: ResolvedOptions,
    private readonly now: () => number = Date.now,
  ) {
    this.servers = options.servers;
  }

  /**
   * The caller's dispatcher, or our Agent. Concurrent first requests share one reading of the
   * TLS files; a failed reading is not kept, so a request after the file is fixed succeeds.
   */
  private dispatcher(url: string): Promise<Dispatcher> {
    if (this.options.dispatcher) return Promise.resolve(this.options.dispatcher);
    if (this.closed) {
      return Promise.reject(
        new PuppetDBConnectionError(`This connection to ${url} was closed by disconnect().`, url),
      );
    }
    this.agent ??= loadTlsMaterial(this.options.tls).then(
      (tls) => createAgent(this.options, tls),
      (error: unknown) => {
        this.agent = undefined;
        throw error;
      },
    );
    return this.agent;
  }

  /** The servers in the order this request tries them: the sticky one first, then the rest in order. */
  private serverOrder(): ServerAddress[] {
    if (
      this.current !== 0 &&
      this.now() - this.leftFirstAt >= this.options.failbackSeconds * 1000
    ) {
      this.current = 0;
    }
    const first = this.servers[this.current]!;
    return [first, ...this.servers.filter((server) => server !== first)];
  }

  private answeredBy(server: ServerAddress): void {
    const index = this.servers.indexOf(server);
    if (index !== this.current && index !== 0) this.leftFirstAt = this.now();
    this.current = index;
    this.lastServer = server.baseUrl;
  }

  async send(request: HttpRequest): Promise<HttpResponse> {
    const order = this.serverOrder();
    const firstUrl = urlAt(order[0]!, request);
    throwIfAborted(request.signal, firstUrl);
    const dispatcher = await this.dispatcher(firstUrl);
    const failures: ServerFailure[] = [];
    for (const [index, server] of order.entries()) {
      const newExchange = () =>
        new Exchange(
          this.options.onRequest,
          request.method,
          urlAt(server, request),
          server.baseUrl,
        );
      let exchange = newExchange();
      try {
        let response: HttpResponse;
        try {
          response = await this.sendTo(server, dispatcher, request, exchange);
        } catch (error) {
          if (!(mayResend(request) && closedBeforeAnswer(error))) throw error;
          // A kept-alive connection the server had just closed (a restart, an idle timeout, a
          // proxy): the request never reached it, so it goes once more, on a new connection.
          exchange.end({ error, resending: true });
          exchange = newExchange();
          response = await this.sendTo(server, dispatcher, request, exchange);
        }
        this.answeredBy(server);
        return response;
      } catch (error) {
        const failover = shouldFailOver(error);
        const failingOver = failover && index < order.length - 1;
        exchange.end({ error, failingOver });
        if (!failover) throw error;
        failures.push({ server: server.baseUrl, error: error as APIError });
        if (!failingOver) {
          throw failures.length > 1 ? new AllServersFailedError(failures) : error;
        }
      }
    }
    throw new AllServersFailedError(failures); // unreachable: there is always one server
  }

  private async sendTo(
    server: ServerAddress,
    dispatcher: Dispatcher,
    request: HttpRequest,
    exchange: Exchange,
  ): Promise<HttpResponse> {
    const url = exchange.url;
    throwIfAborted(request.signal, url);
    const timeoutMs = this.options.timeoutSeconds * 1000;
    let response: DispatchedResponse;
    try {
      response = await dispatchRequest(
        dispatcher,
        {
          origin: server.origin,
          path: pathAt(server, request),
          method: request.method,
          headers: this.options.headers,
          body: request.body,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        },
        request.signal,
      );
    } catch (error) {
      throw this.translate(error, server, url, request.signal, 'request');
    }
    exchange.status = response.statusCode;
    const headers = response.headers;
    if (response.statusCode < 200 || response.statusCode >= 300) {
      const text = await this.readErrorBody(response.body, server, url, request.signal, exchange);
      const location = firstHeader(headers.location);
      const detail =
        response.statusCode >= 300 && response.statusCode < 400 && !text.trim()
          ? `redirected to ${location ?? 'another location'} (PuppetDB redirects unknown endpoints and paths with a trailing slash)`
          : undefined;
      throw new PuppetDBHTTPError(response.statusCode, url, text, detail);
    }
    const contentType = firstHeader(headers['content-type']) ?? '';
    if (contentType.includes('text/html')) {
      const text = await this.readErrorBody(response.body, server, url, request.signal, exchange);
      throw new MalformedResponseError(
        `PuppetDB answered ${url} with an HTML page instead of JSON${htmlTitle(text)}; is the URL path right?`,
        url,
      );
    }
    const gzipped = (firstHeader(headers['content-encoding']) ?? '').toLowerCase().includes('gzip');
    const records = firstHeader(headers['x-records']);
    const body = response.body;
    return {
      url,
      server: server.baseUrl,
      status: response.statusCode,
      headers,
      total: records === undefined ? undefined : Number.parseInt(records, 10),
      body: this.translatedBody(
        gzipped ? gunzip(body) : body,
        server,
        url,
        request.signal,
        exchange,
      ),
      discard: () => {
        if (!body.destroyed) body.destroy();
        exchange.end({});
      },
      finish: (outcome = {}) => exchange.end(outcome),
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    const agent = this.agent;
    this.agent = undefined;
    // an Agent whose TLS files could not be read was never built: nothing to close
    await agent?.then((built) => built.close()).catch(() => undefined);
  }

  private async *translatedBody(
    body: ResponseBody | Readable,
    server: ServerAddress,
    url: string,
    signal: AbortSignal | undefined,
    exchange: Exchange,
  ): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of body) {
        exchange.bytes += chunk.length;
        yield chunk;
      }
    } catch (error) {
      throw this.translate(error, server, url, signal, 'body');
    } finally {
      if (!body.destroyed) body.destroy();
    }
  }

  private async readErrorBody(
    body: ResponseBody,
    server: ServerAddress,
    url: string,
    signal: AbortSignal | undefined,
    exchange: Exchange,
  ): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of this.translatedBody(body, server, url, signal, exchange)) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= MAX_ERROR_BODY_BYTES) break;
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  private translate(
    error: unknown,
    { where }: ServerAddress,
    url: string,
    signal: AbortSignal | undefined,
    phase: 'request' | 'body',
  ): APIError {
    if (error instanceof APIError) return error;
    if (signal?.aborted) {
      return new RequestAbortedError(`The request to ${url} was cancelled.`, { cause: error });
    }
    const { timeoutSeconds } = this.options;
    const code = errorCode(error);
    if (code && TIMEOUT_CODES.has(code)) {
      const what = code === 'UND_ERR_BODY_TIMEOUT' ? 'stopped sending data' : 'did not answer';
      return new PuppetDBTimeoutError(
        `Connection to PuppetDB timed out on ${where}: the server ${what} within ${timeoutSeconds} s.`,
        url,
        timeoutSeconds,
        { cause: error, code },
      );
    }
    if (code?.startsWith('HPE_') || (error as Error | undefined)?.name === 'HTTPParserError') {
      const reason = error instanceof Error ? error.message : String(error);
      return new MalformedResponseError(
        `The server on ${where} did not answer with valid HTTP (${reason}).`,
        url,
        {
          cause: error,
        },
      );
    }
    if (phase === 'body') {
      return new IncompleteResponseError(
        `The connection to PuppetDB on ${where} broke while the response was arriving (${describeCode(code, error)}); the result is incomplete.`,
        url,
        { cause: error, code },
      );
    }
    return new PuppetDBConnectionError(
      `Could not reach PuppetDB on ${where}: ${describeCode(code, error)}.`,
      url,
      {
        cause: error,
        code,
      },
    );
  }
}

const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
]);

const CODE_DESCRIPTIONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused (is PuppetDB running, and is the port right?)',
  ECONNRESET: 'the connection was reset',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name could not be resolved right now',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  EPIPE: 'the connection was closed while sending',
  UND_ERR_SOCKET: 'the server closed the connection',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'the body is shorter than its Content-Length',
  DEPTH_ZERO_SELF_SIGNED_CERT:
    "the server's certificate is self-signed; set sslVerify to its CA file",
  SELF_SIGNED_CERT_IN_CHAIN:
    "the server's certificate chain ends in an unknown CA; set sslVerify to its CA file",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE:
    "the server's certificate cannot be verified; set sslVerify to its CA file",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY:
    "the server's certificate issuer is unknown; set sslVerify to its CA file",
  CERT_HAS_EXPIRED: "the server's certificate has expired",
  ERR_TLS_CERT_ALTNAME_INVALID: "the server's certificate does not name this host",
};

function describeCode(code: string | undefined, error: unknown): string {
  if (code && CODE_DESCRIPTIONS[code]) return CODE_DESCRIPTIONS[code];
  const message = error instanceof Error ? error.message : String(error);
  if (code && /SSL|TLS|CERT/.test(code)) {
    if (/certificate required|handshake failure|bad certificate/i.test(message)) {
      return `the TLS handshake failed: the server wants a client certificate it accepts (sslCert/sslKey) (${message})`;
    }
    return `the TLS handshake failed (${message})`;
  }
  return code ? `${message} (${code})` : message;
}

/** The most specific `code` in the cause chain (undici advises matching codes, not classes). */
function errorCode(error: unknown): string | undefined {
  let fallback: string | undefined;
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (code !== 'UND_ERR_SOCKET') return code;
      fallback = code;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return fallback;
}

function pathAt(server: ServerAddress, request: Pick<HttpRequest, 'path' | 'search'>): string {
  const path = `${server.urlPath}/${request.path}`;
  return request.search ? `${path}?${request.search}` : path;
}

function urlAt(server: ServerAddress, request: Pick<HttpRequest, 'path' | 'search'>): string {
  return `${server.origin}${pathAt(server, request)}`;
}

function throwIfAborted(signal: AbortSignal | undefined, url: string): void {
  if (signal?.aborted) throw new RequestAbortedError(`The request to ${url} was cancelled.`);
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function htmlTitle(html: string): string {
  const title = /<title>([^<]*)<\/title>/i.exec(html)?.[1]?.trim();
  return title ? ` ("${title}")` : '';
}

function gunzip(body: ResponseBody): Readable {
  return pipeline(body, createGunzip(), () => {
    // errors reach the reader through the returned stream
  });
}

function createAgent(options: ResolvedOptions, tls: TlsMaterial): Agent {
  const timeoutMs = options.timeoutSeconds * 1000;
  return new Agent({
    connect: {
      timeout: timeoutMs,
      rejectUnauthorized: tls.rejectUnauthorized,
      ...(tls.ca ? { ca: tls.ca } : {}),
      ...(tls.cert ? { cert: tls.cert } : {}),
      ...(tls.key ? { key: tls.key } : {}),
    },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
}
