import type { Dispatcher } from 'undici';
import { ImproperlyConfiguredError, UnsupportedVersionError } from './errors';
import { checkOptions } from './optionChecks';

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
  const host = options.host ?? 'localhost';
  const port = options.port ?? 8080;
  const timeoutSeconds = options.timeout ?? 10;
  const protocol = resolveProtocol(options);
  const urlPath = normalizeUrlPath(options.urlPath ?? '/');
  const metricApiVersion = options.metricApiVersion ?? 'v2';
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
    tls: tlsFiles(options),
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

function tlsFiles(options: ConnectOptions): TlsFiles {
  const verify = options.sslVerify ?? false;
  return {
    rejectUnauthorized: verify !== false,
    caFile: typeof verify === 'string' ? verify : undefined,
    certFile: options.sslCert || undefined,
    keyFile: options.sslKey || undefined,
  };
}
