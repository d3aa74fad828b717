/**
 * Every failure the client reports is an APIError. The first four subclasses are the
 * reference library's; the rest replace the `requests` exceptions pypuppetdb lets escape,
 * so callers never see a raw undici or Node error.
 */
export class APIError extends Error {
  override name = 'APIError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The connection options contradict each other or point at files that cannot be read. */
export class ImproperlyConfiguredError extends APIError {
  override name = 'ImproperlyConfiguredError';
}

/** `connect()` was asked for a query API version other than 4. */
export class UnsupportedVersionError extends APIError {
  override name = 'UnsupportedVersionError';
}

/** A call combined options that cannot work together, or the metrics API reported an error. */
export class DoesNotComputeError extends APIError {
  override name = 'DoesNotComputeError';
}

/**
 * A call that holds its whole answer in memory got more rows than `maxListRows` allows (an
 * answer that never ends, or a fleet larger than the caller expected); what was read is dropped.
 */
export class ResultTooLargeError extends APIError {
  override name = 'ResultTooLargeError';
  constructor(
    readonly url: string,
    readonly limit: number,
  ) {
    super(
      `PuppetDB's answer to ${url} holds more than ${limit.toLocaleString('en-US')} rows, the most this call holds in memory (maxListRows); narrow the query, or read it as a stream.`,
    );
  }
}

/** The server answered, but with nothing (a JSON `null`, an empty body, or no matching record). */
export class EmptyResponseError extends APIError {
  override name = 'EmptyResponseError';
}

/** Where in a query the server's parser stopped, as it reports it (1-based). */
export interface ErrorPosition {
  line: number;
  column: number;
}

/** The server answered with a non-2xx status. `body` is its text, verbatim. */
export class PuppetDBHTTPError extends APIError {
  override name = 'PuppetDBHTTPError';
  readonly status: number;
  readonly url: string;
  readonly body: string;
  /** Set when the body is a PQL/JSON parse error that names a line and column. */
  readonly position: ErrorPosition | undefined;

  constructor(status: number, url: string, body: string, detail?: string) {
    super(
      detail
        ? `PuppetDB answered ${status} for ${url}: ${detail}`
        : describeHttpError(status, url, body),
    );
    this.status = status;
    this.url = url;
    this.body = body;
    this.position = parseErrorPosition(body);
  }
}

/** The server could not be reached: refused, unresolvable host, TLS handshake failure, reset. */
export class PuppetDBConnectionError extends APIError {
  override name = 'PuppetDBConnectionError';
  readonly url: string;
  readonly code: string | undefined;
  constructor(message: string, url: string, options?: { cause?: unknown; code?: string }) {
    super(message, options);
    this.url = url;
    this.code = options?.code;
  }
}

/** The connection dropped after the response had started: the body is incomplete. */
export class IncompleteResponseError extends PuppetDBConnectionError {
  override name = 'IncompleteResponseError';
}

/** No response (or no further body bytes) arrived within the configured timeout. */
export class PuppetDBTimeoutError extends APIError {
  override name = 'PuppetDBTimeoutError';
  readonly url: string;
  readonly timeoutSeconds: number;
  /** undici's or Node's code: `UND_ERR_CONNECT_TIMEOUT` when no connection could be made in time. */
  readonly code: string | undefined;
  constructor(
    message: string,
    url: string,
    timeoutSeconds: number,
    options?: { cause?: unknown; code?: string },
  ) {
    super(message, options);
    this.url = url;
    this.timeoutSeconds = timeoutSeconds;
    this.code = options?.code;
  }
}

/** One server's failure in an AllServersFailedError. */
export interface ServerFailure {
  /** The server's base URL. */
  server: string;
  error: APIError;
}

/**
 * Every server of `serverUrls` was tried and none answered (each refused, could not be reached,
 * timed out connecting or answered 502/503/504). `failures` holds each server's own error, in
 * the order they were tried; the message names them all.
 */
export class AllServersFailedError extends PuppetDBConnectionError {
  override name = 'AllServersFailedError';
  readonly failures: readonly ServerFailure[];
  constructor(failures: readonly ServerFailure[]) {
    const codes = new Set(failures.map(({ error }) => (error as { code?: unknown }).code));
    const [code] = codes.size === 1 ? [...codes] : [undefined];
    const firstUrl = (failures[0]?.error as { url?: unknown } | undefined)?.url;
    super(
      `None of the ${failures.length} PuppetDB servers answered: ${failures
        .map(({ server, error }) => `${server}: ${error.message}`)
        .join(' | ')}`,
      typeof firstUrl === 'string' ? firstUrl : '',
      { cause: failures.at(-1)?.error, ...(typeof code === 'string' ? { code } : {}) },
    );
    this.failures = failures;
  }
}

/** The body is not the JSON the endpoint promises (garbage bytes, HTML, truncated structure). */
export class MalformedResponseError extends APIError {
  override name = 'MalformedResponseError';
  readonly url: string;
  constructor(message: string, url: string, options?: { cause?: unknown }) {
    super(message, options);
    this.url = url;
  }
}

/** The caller's AbortSignal fired before the request finished. */
export class RequestAbortedError extends APIError {
  override name = 'RequestAbortedError';
}

const POSITION_PATTERN = /parse error at line (\d+), column (\d+)/i;

export function parseErrorPosition(body: string): ErrorPosition | undefined {
  const match = POSITION_PATTERN.exec(body);
  if (!match) return undefined;
  return { line: Number(match[1]), column: Number(match[2]) };
}

const MAX_BODY_IN_MESSAGE = 2000;

function describeHttpError(status: number, url: string, body: string): string {
  const text = summarizeBody(body);
  return text
    ? `PuppetDB answered ${status} for ${url}: ${text}`
    : `PuppetDB answered ${status} for ${url}`;
}

/** Servers answer errors as text, JSON `{"error": …}` or a Jetty HTML page; keep what a person can read. */
function summarizeBody(body: string): string {
  const trimmed = body.trim();
  if (!trimmed) return '';
  if (trimmed.startsWith('{')) {
    try {
      const parsed = JSON.parse(trimmed) as Record<string, unknown>;
      const message = parsed.error ?? parsed.msg ?? parsed.message;
      if (typeof message === 'string') return message;
    } catch {
      // not JSON after all: fall through to the raw text
    }
  }
  if (/^<(!doctype|html)/i.test(trimmed)) {
    const title = /<title>([^<]*)<\/title>/i.exec(trimmed)?.[1]?.trim();
    return title ? `${title} (HTML error page)` : 'an HTML error page';
  }
  return trimmed.length > MAX_BODY_IN_MESSAGE
    ? `${trimmed.slice(0, MAX_BODY_IN_MESSAGE)}…`
    : trimmed;
}
