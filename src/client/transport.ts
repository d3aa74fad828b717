import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { Readable } from 'node:stream';
import { Agent, type Dispatcher } from 'undici';
import {
  APIError,
  IncompleteResponseError,
  MalformedResponseError,
  PuppetDBConnectionError,
  PuppetDBHTTPError,
  PuppetDBTimeoutError,
  RequestAbortedError,
} from './errors';
import type { ResolvedOptions } from './options';
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
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The total of `include_total=true` (`X-Records`), when the server sent it. */
  total: number | undefined;
  /** Body bytes; transport failures while reading surface as the client's errors. */
  body: AsyncIterable<Buffer>;
  /** Releases the connection when the caller stops reading early. */
  discard(): void;
}

const MAX_ERROR_BODY_BYTES = 64 * 1024;

/** Sends requests through undici and turns every failure into one of the client's errors. */
export class Transport {
  /** Our own Agent, built on the first request once the TLS files are read; shared after. */
  private agent: Promise<Agent> | undefined;
  private closed = false;
  private readonly origin: string;

  constructor(private readonly options: ResolvedOptions) {
    const host =
      options.host.includes(':') && !options.host.startsWith('[')
        ? `[${options.host}]`
        : options.host;
    this.origin = `${options.protocol}://${host}:${options.port}`;
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

  urlOf(request: Pick<HttpRequest, 'path' | 'search'>): string {
    return `${this.origin}${this.pathOf(request)}`;
  }

  async send(request: HttpRequest): Promise<HttpResponse> {
    const url = this.urlOf(request);
    throwIfAborted(request.signal, url);
    const dispatcher = await this.dispatcher(url);
    throwIfAborted(request.signal, url);
    const timeoutMs = this.options.timeoutSeconds * 1000;
    let response: Dispatcher.ResponseData;
    try {
      response = await dispatcher.request({
        origin: this.origin,
        path: this.pathOf(request),
        method: request.method,
        headers: this.options.headers,
        body: request.body,
        signal: request.signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
    } catch (error) {
      throw this.translate(error, url, request.signal, 'request');
    }
    const headers = response.headers;
    if (response.statusCode < 200 || response.statusCode >= 300) {
      const text = await this.readErrorBody(response.body, url, request.signal);
      const location = firstHeader(headers.location);
      const detail =
        response.statusCode >= 300 && response.statusCode < 400 && !text.trim()
          ? `redirected to ${location ?? 'another location'} (PuppetDB redirects unknown endpoints and paths with a trailing slash)`
          : undefined;
      throw new PuppetDBHTTPError(response.statusCode, url, text, detail);
    }
    const contentType = firstHeader(headers['content-type']) ?? '';
    if (contentType.includes('text/html')) {
      const text = await this.readErrorBody(response.body, url, request.signal);
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
      status: response.statusCode,
      headers,
      total: records === undefined ? undefined : Number.parseInt(records, 10),
      body: this.translatedBody(gzipped ? gunzip(body) : body, url, request.signal),
      discard: () => {
        if (!body.destroyed) body.destroy();
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    const agent = this.agent;
    this.agent = undefined;
    // an Agent whose TLS files could not be read was never built: nothing to close
    await agent?.then((built) => built.close()).catch(() => undefined);
  }

  private pathOf(request: Pick<HttpRequest, 'path' | 'search'>): string {
    const path = `${this.options.urlPath}/${request.path}`;
    return request.search ? `${path}?${request.search}` : path;
  }

  private async *translatedBody(
    body: Readable,
    url: string,
    signal: AbortSignal | undefined,
  ): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of body) yield chunk as Buffer;
    } catch (error) {
      throw this.translate(error, url, signal, 'body');
    } finally {
      if (!body.destroyed) body.destroy();
    }
  }

  private async readErrorBody(
    body: Readable,
    url: string,
    signal: AbortSignal | undefined,
  ): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of this.translatedBody(body, url, signal)) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= MAX_ERROR_BODY_BYTES) break;
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  private translate(
    error: unknown,
    url: string,
    signal: AbortSignal | undefined,
    phase: 'request' | 'body',
  ): APIError {
    if (error instanceof APIError) return error;
    if (signal?.aborted) {
      return new RequestAbortedError(`The request to ${url} was cancelled.`, { cause: error });
    }
    const { host, port, protocol, timeoutSeconds } = this.options;
    const where = `${host}:${port} over ${protocol.toUpperCase()}`;
    const code = errorCode(error);
    if (code && TIMEOUT_CODES.has(code)) {
      const what = code === 'UND_ERR_BODY_TIMEOUT' ? 'stopped sending data' : 'did not answer';
      return new PuppetDBTimeoutError(
        `Connection to PuppetDB timed out on ${where}: the server ${what} within ${timeoutSeconds} s.`,
        url,
        timeoutSeconds,
        { cause: error },
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

function gunzip(body: Readable): Readable {
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
