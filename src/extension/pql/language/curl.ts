/**
 * The curl command that runs a query against the same PuppetDB, for a terminal or a bug report.
 * Secrets never go into it: a token is read from $PUPPETDB_TOKEN, a password is asked by curl.
 */
export interface CurlTarget {
  /** e.g. https://puppetdb.example.com:8081 (with any URL path prefix). */
  url: string;
  caFile?: string;
  certFile?: string;
  keyFile?: string;
  verifyTls?: boolean;
  username?: string;
  hasToken?: boolean;
}

export function curlCommand(target: CurlTarget, query: string): string {
  const base = target.url.replace(/\/+$/, '');
  const parts = ['curl', '-sS', '-G', shellQuote(`${base}/pdb/query/v4`)];
  if (target.verifyTls === false) parts.push('--insecure');
  if (target.caFile) parts.push('--cacert', shellQuote(target.caFile));
  if (target.certFile) parts.push('--cert', shellQuote(target.certFile));
  if (target.keyFile) parts.push('--key', shellQuote(target.keyFile));
  if (target.username) parts.push('--user', shellQuote(target.username));
  if (target.hasToken) parts.push('-H', '"X-Authentication: $PUPPETDB_TOKEN"');
  parts.push('--data-urlencode', shellQuote(`query=${query}`));
  return parts.join(' ');
}

/** POSIX single quoting: safe for any text, newlines included. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
