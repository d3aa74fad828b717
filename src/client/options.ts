import { readFileSync } from 'node:fs';
import type { Dispatcher } from 'undici';
import { ImproperlyConfiguredError, UnsupportedVersionError } from './errors';

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
}

export interface TlsMaterial {
  ca?: Buffer;
  cert?: Buffer;
  key?: Buffer;
  rejectUnauthorized: boolean;
}

/** Connection settings after defaults, validation and file loading. */
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
  tls: TlsMaterial;
  dispatcher: Dispatcher | undefined;
}

const DEFAULT_USER_AGENT = 'puppetdb-explorer-client/0.1';

export function resolveOptions(options: ConnectOptions = {}): ResolvedOptions {
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
  const host = options.host ?? 'localhost';
  const port = options.port ?? 8080;
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new ImproperlyConfiguredError(
      `Port must be an integer from 1 to 65535, not ${String(port)}.`,
    );
  }
  const timeoutSeconds = options.timeout ?? 10;
  if (!(timeoutSeconds > 0)) {
    throw new ImproperlyConfiguredError(
      `Timeout must be a positive number of seconds, not ${timeoutSeconds}.`,
    );
  }
  const protocol = resolveProtocol(options);
  const urlPath = normalizeUrlPath(options.urlPath ?? '/');
  const metricApiVersion = options.metricApiVersion ?? 'v2';
  if (metricApiVersion !== 'v1' && metricApiVersion !== 'v2') {
    throw new ImproperlyConfiguredError(
      `metricApiVersion must be "v1" or "v2", not "${String(metricApiVersion)}".`,
    );
  }
  const formattedHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return {
    host,
    port,
    protocol,
    urlPath,
    baseUrl: `${protocol}://${formattedHost}:${port}${urlPath}`,
    timeoutSeconds,
    headers: buildHeaders(options),
    metricApiVersion,
    compress: options.compress ?? false,
    tls: loadTls(options),
    dispatcher: options.dispatcher,
  };
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

function loadTls(options: ConnectOptions): TlsMaterial {
  const verify = options.sslVerify ?? false;
  return {
    rejectUnauthorized: verify !== false,
    ca: typeof verify === 'string' ? readPem(verify, 'CA certificate (sslVerify)') : undefined,
    cert: options.sslCert ? readPem(options.sslCert, 'client certificate (sslCert)') : undefined,
    key: options.sslKey ? readPem(options.sslKey, 'client key (sslKey)') : undefined,
  };
}

function readPem(path: string, what: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'the file does not exist'
        : (error as Error).message;
    throw new ImproperlyConfiguredError(`Cannot read the ${what} at ${path}: ${reason}.`, {
      cause: error,
    });
  }
}
