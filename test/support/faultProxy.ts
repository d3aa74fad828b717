/**
 * A fault-injecting HTTP proxy for tests and benchmarks. It listens on a free loopback port and
 * forwards to a real server (PuppetDB); at run time a test switches it to break requests the way
 * slow links, load balancers and dying servers do, for the next request(s) or from now on. It
 * records every request it receives, so a test can also assert that nothing was sent.
 *
 * Plain Node (no vscode, no test framework): the integration tests, the VS Code host tests and
 * the benchmarks can all start one.
 */
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { inspect } from 'node:util';

/** What the proxy does to a request. Body faults cut the upstream body at `fraction` (0.5). */
export type Fault =
  /** Forward the request and stream the answer back unchanged. */
  | { kind: 'pass' }
  /** Wait `ms` before forwarding. */
  | { kind: 'latency'; ms: number }
  /**
   * Hold the request until `until` settles, then forward it: a delay that ends when the test says
   * (a latency of so many ms ends too soon on a machine busy enough).
   */
  | { kind: 'hold'; until: Promise<unknown> }
  /** Send the status and headers at once, then the body `bytes` at a time, one piece every `everyMs`. */
  | { kind: 'drip'; bytes: number; everyMs: number }
  /** Send the status, headers and the first part of the body, then nothing, with the connection open. */
  | { kind: 'stallMidBody'; fraction?: number }
  /** Send the status, headers and the first part of the body, then reset the connection (TCP RST). */
  | { kind: 'resetMidBody'; fraction?: number }
  /** A 500 with the HTML page of a failing application server; nothing is forwarded. */
  | { kind: 'serverError' }
  /** A 502 or 503 HTML page from a load balancer with `Retry-After`; nothing is forwarded. */
  | { kind: 'loadBalancer'; status: 502 | 503; retryAfterSeconds?: number }
  /** Bytes that are not HTTP, then the connection closes; nothing is forwarded. */
  | { kind: 'garbage' }
  /** Read the request, then close the connection without answering; nothing is forwarded. */
  | { kind: 'closeBeforeHeaders' }
  /**
   * A 200 whose JSON array never ends: the rows of the server's own answer (or `rows`, when it
   * has none, or is no array) again and again, each with its certname, name, title and
   * package_name (or, for a string row, itself) numbered so no two are alike, written as fast as
   * the client reads them (back pressure) until it stops reading, or the fault is switched off
   * (passThrough, close).
   */
  | { kind: 'endlessRows'; rows?: unknown[] }
  /**
   * The proxy's own answer (a hostile server's: an error body or a version string with a link
   * in it); nothing is forwarded.
   */
  | { kind: 'answer'; status: number; body: string; contentType?: string };

export type FaultKind = Fault['kind'];

export interface InjectOptions {
  /** Apply to this many matching requests, then pass through again. Default: from now on. */
  times?: number;
  /** Apply only to requests whose path and query match; others pass through. Default: all. */
  match?: RegExp;
}

/** Header values that are credentials: kept for assertions, never printed. */
const SECRET_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'x-authentication',
  'cookie',
]);

/** One request as the proxy received it. Printing it (inspect, JSON) hides credential values. */
export class RecordedRequest {
  readonly method: string;
  /** Path and query, as sent. */
  readonly url: string;
  /** What the proxy did with it. */
  readonly fault: FaultKind;
  readonly #headers: IncomingHttpHeaders;

  constructor(request: IncomingMessage, fault: FaultKind) {
    this.method = request.method ?? '';
    this.url = request.url ?? '';
    this.fault = fault;
    this.#headers = { ...request.headers };
  }

  /** The value of a header as it arrived (secrets included: compare it, don't print it). */
  header(name: string): string | undefined {
    const value = this.#headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  /** The headers with credential values replaced, safe for messages and logs. */
  redactedHeaders(): Record<string, string> {
    const shown: Record<string, string> = {};
    for (const name of Object.keys(this.#headers)) {
      shown[name] = SECRET_HEADERS.has(name) ? '<redacted>' : (this.header(name) ?? '');
    }
    return shown;
  }

  toJSON(): object {
    return {
      method: this.method,
      url: this.url,
      fault: this.fault,
      headers: this.redactedHeaders(),
    };
  }

  [inspect.custom](): string {
    return `${this.method} ${this.url} (${this.fault}) ${inspect(this.redactedHeaders())}`;
  }
}

export interface FaultProxyOptions {
  /** Where requests go: the real server. */
  target: { host: string; port: number };
}

interface Rule {
  fault: Fault;
  remaining: number;
  match: RegExp | undefined;
}

const PASS: Fault = { kind: 'pass' };

/** Rejects once `signal` aborts (the proxy closing): a held request is let go then. */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason as Error);
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
}

/** Headers about one hop's connection; the proxy's own connections decide these. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te']);

export class FaultProxy {
  readonly #target: { host: string; port: number };
  readonly #server: Server;
  readonly #sockets = new Set<Socket>();
  readonly #records: RecordedRequest[] = [];
  /** A new upstream connection per request: a restarted server must not meet stale sockets. */
  readonly #upstreamAgent = new Agent({ keepAlive: false });
  /** Ends the proxy's waits (latency, drip) when it closes. */
  readonly #closing = new AbortController();
  #rule: Rule | undefined;
  #port = 0;
  #listening = false;
  /** The endless answers being written now. */
  readonly #endless = new Set<ServerResponse>();
  #endlessServed = 0;
  #endlessRows = 0;
  #endlessWaits = 0;

  private constructor(options: FaultProxyOptions) {
    this.#target = options.target;
    this.#server = createServer((request, response) => {
      this.#handle(request, response).catch(() => request.socket.destroy());
    });
    this.#server.on('connection', (socket: Socket) => {
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
    });
  }

  /** Starts a proxy on a free loopback port. */
  static async start(options: FaultProxyOptions): Promise<FaultProxy> {
    const proxy = new FaultProxy(options);
    await proxy.#listen(0);
    return proxy;
  }

  get host(): string {
    return '127.0.0.1';
  }

  /** The loopback port; it stays the same across refuseConnections() / acceptConnections(). */
  get port(): number {
    return this.#port;
  }

  get url(): string {
    return `http://${this.host}:${this.#port}`;
  }

  /** Every request received since the start or the last clearRecords(), oldest first. */
  get requests(): readonly RecordedRequest[] {
    return this.#records;
  }

  get requestCount(): number {
    return this.#records.length;
  }

  clearRecords(): void {
    this.#records.length = 0;
  }

  /** Applies `fault` from now on, or to the next `times` requests (that `match`). */
  inject(fault: Fault, options: InjectOptions = {}): void {
    const times = options.times ?? Number.POSITIVE_INFINITY;
    if (!(times > 0)) throw new Error(`times must be positive, not ${String(options.times)}`);
    this.#rule = { fault, remaining: times, match: options.match };
  }

  /** Switches faults off: every request passes through again; an endless answer is cut. */
  passThrough(): void {
    this.#rule = undefined;
    for (const response of this.#endless) response.destroy();
  }

  /**
   * The endless answers: how many were started, how many are still being written (0: every
   * client stopped reading), the rows written in all, and how often one waited for a client
   * that read more slowly than the proxy wrote (back pressure).
   */
  get endlessRows(): { served: number; open: number; rows: number; waits: number } {
    return {
      served: this.#endlessServed,
      open: this.#endless.size,
      rows: this.#endlessRows,
      waits: this.#endlessWaits,
    };
  }

  /** Stops listening and cuts open connections: clients get "connection refused" on the port. */
  async refuseConnections(): Promise<void> {
    if (!this.#listening) return;
    this.#listening = false;
    const closed = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    for (const socket of this.#sockets) socket.destroy();
    await closed;
  }

  /** Listens again on the same port after refuseConnections(). */
  async acceptConnections(): Promise<void> {
    if (!this.#listening) await this.#listen(this.#port);
  }

  async close(): Promise<void> {
    this.#closing.abort();
    for (const response of this.#endless) response.destroy();
    await this.refuseConnections();
    this.#upstreamAgent.destroy();
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  async #listen(port: number): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(port, '127.0.0.1', () => {
        this.#server.off('error', reject);
        resolve();
      });
    });
    this.#port = (this.#server.address() as AddressInfo).port;
    this.#listening = true;
  }

  /** The fault for this request; counts it against the rule's `times`. */
  #faultFor(request: IncomingMessage): Fault {
    const rule = this.#rule;
    if (!rule || (rule.match && !rule.match.test(request.url ?? ''))) return PASS;
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.#rule = undefined;
    return rule.fault;
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const fault = this.#faultFor(request);
    this.#records.push(new RecordedRequest(request, fault.kind));
    switch (fault.kind) {
      case 'pass':
        return this.#pass(request, response);
      case 'latency':
        await sleep(fault.ms, undefined, { signal: this.#closing.signal });
        if (!request.socket.destroyed) await this.#pass(request, response);
        return;
      case 'hold':
        await Promise.race([fault.until.catch(() => undefined), aborted(this.#closing.signal)]);
        if (!request.socket.destroyed) await this.#pass(request, response);
        return;
      case 'drip':
        return this.#drip(request, response, fault.bytes, fault.everyMs);
      case 'stallMidBody':
      case 'resetMidBody':
        return this.#cutMidBody(request, response, fault.kind, fault.fraction ?? 0.5);
      case 'serverError':
        return answerHtml(request, response, 500, {}, SERVER_ERROR_PAGE);
      case 'loadBalancer':
        return answerHtml(
          request,
          response,
          fault.status,
          { 'retry-after': String(fault.retryAfterSeconds ?? 5) },
          loadBalancerPage(fault.status),
        );
      case 'garbage':
        request.resume();
        request.socket.end(GARBAGE);
        return;
      case 'closeBeforeHeaders':
        request.resume();
        request.socket.end();
        return;
      case 'endlessRows':
        return this.#endlessAnswer(request, response, fault.rows);
      case 'answer':
        request.resume();
        response.writeHead(fault.status, {
          'content-type': fault.contentType ?? 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(fault.body),
        });
        response.end(fault.body);
        return;
      default:
        throw new Error(`unknown fault ${inspect(fault satisfies never)}`);
    }
  }

  async #pass(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const answer = await this.#forward(request, response);
    if (!answer) return;
    response.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
    answer.pipe(response);
    // The client went away: stop reading from upstream too.
    response.on('close', () => answer.destroy());
  }

  async #drip(
    request: IncomingMessage,
    response: ServerResponse,
    bytes: number,
    everyMs: number,
  ): Promise<void> {
    const answer = await this.#forward(request, response);
    if (!answer) return;
    const body = await readAll(answer);
    response.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
    response.flushHeaders();
    for (let offset = 0; offset < body.length; offset += bytes) {
      if (offset > 0) await sleep(everyMs, undefined, { signal: this.#closing.signal });
      if (response.destroyed) return;
      response.write(body.subarray(offset, offset + bytes));
    }
    response.end();
  }

  async #endlessAnswer(
    request: IncomingMessage,
    response: ServerResponse,
    given: unknown[] | undefined,
  ): Promise<void> {
    const answer = await this.#forward(request, response);
    if (!answer) return;
    const body = await readAll(answer);
    const rows = given ?? templateRows(body);
    // its total (X-Records) and type stay; its length and encoding are the finite body's
    const {
      'content-length': _length,
      'content-encoding': _encoding,
      ...headers
    } = endToEnd(answer.headers);
    this.#endless.add(response);
    this.#endlessServed += 1;
    response.on('close', () => this.#endless.delete(response));
    response.writeHead(200, { ...headers, 'content-type': 'application/json; charset=utf-8' });
    let index = 0;
    let unwritten = 0;
    let chunk = '[';
    try {
      while (!response.destroyed && !this.#closing.signal.aborted) {
        for (const row of rows) {
          chunk += `${index === 0 ? '' : ','}${JSON.stringify(numbered(row, index))}`;
          index += 1;
          unwritten += 1;
        }
        if (chunk.length < ENDLESS_CHUNK_CHARS) continue;
        const more = response.write(chunk);
        this.#endlessRows += unwritten;
        unwritten = 0;
        chunk = '';
        // the client reads more slowly than this writes: wait for it (back pressure)
        if (!more) {
          this.#endlessWaits += 1;
          await waitForDrain(response, this.#closing.signal);
        }
      }
    } finally {
      this.#endless.delete(response);
    }
  }

  async #cutMidBody(
    request: IncomingMessage,
    response: ServerResponse,
    how: 'stallMidBody' | 'resetMidBody',
    fraction: number,
  ): Promise<void> {
    const answer = await this.#forward(request, response);
    if (!answer) return;
    const body = await readAll(answer);
    const cut = Math.min(Math.max(Math.floor(body.length * fraction), 1), body.length - 1);
    response.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
    // Resetting only once the first part is on the wire, so that the client sees it arrive.
    response.write(body.subarray(0, cut), () => {
      if (how === 'resetMidBody') request.socket.resetAndDestroy();
    });
    // stallMidBody: nothing more; the socket closes when the client or close() gives up.
  }

  /**
   * Sends the request upstream and resolves with the answer's head; when the server cannot be
   * reached, answers 502 as a load balancer would and resolves with undefined.
   */
  #forward(
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<IncomingMessage | undefined> {
    return new Promise((resolve) => {
      const upstream = httpRequest(
        {
          host: this.#target.host,
          port: this.#target.port,
          method: request.method,
          path: request.url,
          headers: endToEnd(request.headers),
          agent: this.#upstreamAgent,
        },
        resolve,
      );
      upstream.on('error', () => {
        if (!response.headersSent) {
          answerHtml(request, response, 502, {}, loadBalancerPage(502));
        } else {
          request.socket.destroy();
        }
        resolve(undefined);
      });
      request.pipe(upstream);
    });
  }
}

/** Starts a fault proxy in front of `target` on a free loopback port. */
export function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  return FaultProxy.start(options);
}

/** About how much of an endless answer is written at a time. */
const ENDLESS_CHUNK_CHARS = 16 * 1024;

/**
 * The rows an endless answer repeats: the server's own (a list's rows, or its one object), or a
 * bare object when it answered an empty list or something that is not JSON.
 */
function templateRows(body: Buffer): unknown[] {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    if (Array.isArray(parsed)) return parsed.length > 0 ? parsed : [{}];
    return parsed === null ? [{}] : [parsed];
  } catch {
    return [{}];
  }
}

/** The fields that name a row: numbered, so no two rows of an endless answer are alike. */
const NAMING_FIELDS = ['certname', 'name', 'title', 'package_name'];

/** A row told apart from the others: its naming fields (or the string itself) numbered. */
function numbered(row: unknown, index: number): unknown {
  if (typeof row === 'string') return `${row}-${index}`;
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return row;
  const copy: Record<string, unknown> = { ...row };
  for (const field of NAMING_FIELDS) {
    if (typeof copy[field] === 'string') copy[field] = `${copy[field] as string}-${index}`;
  }
  return copy;
}

/** Resolves when `response` can take more, or is closed, or the proxy closes. */
function waitForDrain(response: ServerResponse, closing: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      closing.removeEventListener('abort', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
    closing.addEventListener('abort', done);
  });
}

function endToEnd(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  }
  return kept;
}

async function readAll(stream: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function answerHtml(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  page: string,
): void {
  request.resume();
  response.writeHead(status, {
    ...headers,
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(page),
  });
  response.end(page);
}

/** What Jetty sends when the application behind it throws. */
const SERVER_ERROR_PAGE =
  '<html>\n<head>\n<meta http-equiv="Content-Type" content="text/html;charset=utf-8"/>\n' +
  '<title>Error 500 Server Error</title>\n</head>\n<body><h2>HTTP ERROR 500</h2>\n' +
  '<p>Problem accessing /pdb/query/v4. Reason:\n<pre>    Server Error</pre></p>\n</body>\n</html>\n';

const LOAD_BALANCER_REASONS: Record<number, string> = {
  502: 'Bad Gateway',
  503: 'Service Temporarily Unavailable',
};

/** What nginx sends when the server behind it is down or overloaded. */
function loadBalancerPage(status: 502 | 503): string {
  const title = `${status} ${LOAD_BALANCER_REASONS[status]}`;
  return (
    `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n` +
    `<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`
  );
}

/** Not an HTTP status line: a TLS record header and binary noise, as from a wrong port. */
const GARBAGE = Buffer.concat([
  Buffer.from([0x15, 0x03, 0x01, 0x00, 0x02, 0x02, 0x50, 0x00, 0xff]),
  Buffer.from('\r\nthis is not HTTP\r\n\r\n'),
]);
