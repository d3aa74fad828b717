import type { Dispatcher } from 'undici';
import { ImproperlyConfiguredError, UnsupportedVersionError } from './errors';
import { checkOptions } from './optionChecks';
import type { RequestObserver } from './requestEvent';

/** Options of `connect()`: the spec's `connect` parameters in camelCase, plus injection points. */
export interface ConnectOptions {
  /** Hostname or IP. Default `localhost`. */
  host?: string;
  /** Default 8080. */
  port?: number;
  /** `true`, `false` (default, as the reference's `connect`) or the path of a CA certificate file. */
  sslVerify?: boolean | string;
  /** Path of the client's private key (PEM). Needs `sslCert`. */
  sslKey?: string;
  /** Path of the client certificate (PEM). Needs `sslKey`. */
  sslCert?: string;
  /** Seconds to wait for a response, and for each further piece of a streamed body. Default 10. */
  timeout?: number;
  /** `http` or `https`; by default https when a client certificate or a token is given. */
  protocol?: string;
  /** Path prefix where PuppetDB is served. Default `/`. */
  urlPath?: string;
  /** HTTP basic authentication, used only when both are given. */
  username?: string;
  password?: string;
  /** Sent as `X-Authentication` (Puppet Enterprise RBAC tokens). */
  token?: string;
  /** `v1` or `v2` (default) metrics API. */
  metricApiVersion?: 'v1' | 'v2';
  /** Query API version; only 4 exists. */
  apiVersion?: number;
  /** Ask the server for gzip. Wins on slow links, costs server CPU on loopback. Default false. */
  compress?: boolean;
  /** Sent as `User-Agent`. */
  userAgent?: string;
  /** An undici Dispatcher to send requests through (tests, proxies). TLS options are then the dispatcher's. */
  dispatcher?: Dispatcher;
  /**
   * Several servers of one logical PuppetDB (puppetdb.conf's `server_urls`), in the order to try
   * them: `http(s)://host[:port][/path]` each, no credentials, query or fragment. Replaces
   * `host`, `port`, `protocol` and `urlPath` (giving both is an error). A request goes on to the
   * next server when one refuses, cannot be reached, times out connecting or answers 502/503/504.
   */
  serverUrls?: string[];
  /**
   * Seconds after failing over away from the first server before it is tried first again.
   * Default 60.
   */
  failbackSeconds?: number;
  /** Called once per HTTP request when it ends (the extension's log). Its exceptions are ignored. */
  onRequest?: RequestObserver;
  /**
   * The most rows a call that answers with a whole list holds in memory (`environments()`,
   * `factNames()`, `factPaths()`, `query()`, the event counts behind `nodes({ withStatus })`…):
   * past it the call fails with a `ResultTooLargeError` rather than hold an answer that never
   * ends. Streams and pages are not limited (their caller holds what it wants). Default: no
   * limit, as the reference.
   */
  maxListRows?: number;
}

/** One server a request can go to. */
export interface ServerAddress {
  /** `protocol://host:port`, what undici dispatches to. */
  origin: string;
  /** `''` or `/prefix`, without a trailing slash. */
  urlPath: string;
  /** `origin` + `urlPath`: how the server is named to callers and in the log. */
  baseUrl: string;
  /** `host:port over HTTPS`, as error messages name it. */
  where: string;
}

/**
 * Where the TLS material is. The files are read (asynchronously) on the first request, so that
 * `connect()` stays synchronous and never blocks on a slow disk, a FIFO or a huge file.
 */
export interface TlsFiles {
  caFile?: string;
  certFile?: string;
  keyFile?: string;
  rejectUnauthorized: boolean;
}

/** Connection settings after defaults and validation; the TLS files are not read yet. */
export interface ResolvedOptions {
  host: string;
  port: number;
  protocol: 'http' | 'https';
  urlPath: string;
  baseUrl: string;
  timeoutSeconds: number;
  headers: Record<string, string>;
  metricApiVersion: 'v1' | 'v2';
  compress: boolean;
  tls: TlsFiles;
  dispatcher: Dispatcher | undefined;
  /** The servers in the configured order; one unless `serverUrls` lists several. */
  servers: ServerAddress[];
  failbackSeconds: number;
  onRequest: RequestObserver | undefined;
  /** See ConnectOptions.maxListRows; Infinity when not set. */
  maxListRows: number;
}

const DEFAULT_USER_AGENT = 'puppetdb-explorer-client/0.1';

export function resolveOptions(connectOptions: ConnectOptions = {}): ResolvedOptions {
  // the checks of each option's name and type; what follows checks how they fit together
  const options: ConnectOptions = checkOptions('connect', connectOptions);
  if (options.apiVersion !== undefined && options.apiVersion !== 4) {
    throw new UnsupportedVersionError(
      `PuppetDB query API version ${options.apiVersion} is not supported; only version 4 exists.`,
    );
  }
  if (Boolean(options.sslKey) !== Boolean(options.sslCert)) {
    throw new ImproperlyConfiguredError(
      'A client certificate needs both sslCert and sslKey; only one of them was given.',
    );
  }
  const servers = options.serverUrls ? parseServerUrls(options) : [singleServer(options)];
  const first = servers[0]!;
  const timeoutSeconds = options.timeout ?? 10;
  const metricApiVersion = options.metricApiVersion ?? 'v2';
  return {
    host: first.host,
    port: first.port,
    protocol: first.protocol,
    urlPath: first.urlPath,
    baseUrl: first.baseUrl,
    servers: servers.map(({ origin, urlPath, baseUrl, where }) => ({
      origin,
      urlPath,
      baseUrl,
      where,
    })),
    failbackSeconds: options.failbackSeconds ?? 60,
    maxListRows: options.maxListRows ?? Infinity,
    onRequest: options.onRequest,
    timeoutSeconds,
    headers: buildHeaders(options),
    metricApiVersion,
    compress: options.compress ?? false,
    tls: tlsFiles(options),
    dispatcher: options.dispatcher,
  };
}

interface ParsedServer extends ServerAddress {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

function server(protocol: 'http' | 'https', host: string, port: number, urlPath: string) {
  const formattedHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const origin = `${protocol}://${formattedHost}:${port}`;
  const where = `${host}:${port} over ${protocol.toUpperCase()}`;
  return { host, port, protocol, urlPath, origin, baseUrl: `${origin}${urlPath}`, where };
}

function singleServer(options: ConnectOptions): ParsedServer {
  const urlPath = normalizeUrlPath(options.urlPath ?? '/');
  return server(
    resolveProtocol(options),
    options.host ?? 'localhost',
    options.port ?? 8080,
    urlPath,
  );
}

const REPLACED_BY_SERVER_URLS = ['host', 'port', 'protocol', 'urlPath'] as const;

/**
 * `serverUrls` as puppetdb.conf writes them. Each URL is complete, so the single-server options
 * would contradict it; credentials in a URL would end up in messages and logs, so they are refused
 * (give `username`/`password` or `token`, sent as headers to every server).
 */
function parseServerUrls(options: ConnectOptions): ParsedServer[] {
  const urls = options.serverUrls ?? [];
  const clash = REPLACED_BY_SERVER_URLS.filter((name) => options[name] !== undefined);
  if (clash.length) {
    throw new ImproperlyConfiguredError(
      `connect(): serverUrls names every server completely; do not also give ${clash.join(', ')}.`,
    );
  }
  if (urls.length === 0) {
    throw new ImproperlyConfiguredError('connect(): serverUrls must list at least one URL.');
  }
  const servers = urls.map((text, index) => parseServerUrl(text, index));
  const seen = new Set<string>();
  for (const parsed of servers) {
    if (seen.has(parsed.baseUrl)) {
      throw new ImproperlyConfiguredError(`connect(): serverUrls lists ${parsed.baseUrl} twice.`);
    }
    seen.add(parsed.baseUrl);
  }
  return servers;
}

function parseServerUrl(text: string, index: number): ParsedServer {
  const which = `serverUrls[${index}]`;
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new ImproperlyConfiguredError(
      `connect(): ${which} is not a URL (expected like https://puppetdb.example.com:8081).`,
    );
  }
  const protocol = url.protocol.slice(0, -1);
  if (protocol !== 'http' && protocol !== 'https') {
    throw new ImproperlyConfiguredError(
      `connect(): ${which} must start with http:// or https://, not ${url.protocol}//.`,
    );
  }
  if (url.username || url.password) {
    // the URL itself is not repeated: it holds a credential
    throw new ImproperlyConfiguredError(
      `connect(): ${which} must not hold a user name or password; give username/password or token.`,
    );
  }
  if (url.search || url.hash) {
    throw new ImproperlyConfiguredError(
      `connect(): ${which} must not have a query or fragment (${url.origin}${url.pathname}).`,
    );
  }
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const port = url.port ? Number(url.port) : protocol === 'https' ? 443 : 80;
  return server(protocol, host, port, normalizeUrlPath(url.pathname));
}

/** An explicit protocol wins; otherwise a client certificate or a token means https. */
function resolveProtocol(options: ConnectOptions): 'http' | 'https' {
  if (options.protocol) {
    const protocol = options.protocol.toLowerCase();
    if (protocol !== 'http' && protocol !== 'https') {
      throw new ImproperlyConfiguredError(
        `Protocol must be "http" or "https", not "${options.protocol}".`,
      );
    }
    return protocol;
  }
  if (options.sslKey && options.sslCert) return 'https';
  if (options.token) return 'https';
  return 'http';
}

/** As the reference: a leading slash is added and one trailing slash dropped, so "/" → "". */
export function normalizeUrlPath(urlPath: string): string {
  if (!urlPath) return '';
  let path = urlPath.startsWith('/') ? urlPath : `/${urlPath}`;
  if (path.endsWith('/')) path = path.slice(0, -1);
  return path;
}

function buildHeaders(options: ConnectOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    'accept-charset': 'utf-8',
    'user-agent': options.userAgent ?? DEFAULT_USER_AGENT,
  };
  if (options.token) headers['x-authentication'] = options.token;
  if (options.username && options.password) {
    const credentials = Buffer.from(`${options.username}:${options.password}`, 'utf8').toString(
      'base64',
    );
    headers.authorization = `Basic ${credentials}`;
  }
  if (options.compress) headers['accept-encoding'] = 'gzip';
  return headers;
}

function tlsFiles(options: ConnectOptions): TlsFiles {
  const verify = options.sslVerify ?? false;
  return {
    rejectUnauthorized: verify !== false,
    caFile: typeof verify === 'string' ? verify : undefined,
    certFile: options.sslCert || undefined,
    keyFile: options.sslKey || undefined,
  };
}
