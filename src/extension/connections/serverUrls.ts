/**
 * The servers of one connection: `url` first, then its failover servers (`serverUrls`), as
 * puppetdb.conf's `server_urls` lists the PuppetDBs of one logical PuppetDB. Pure (no vscode).
 */
import type { ConnectionSettings } from '../settings';
import type { SecretKind } from './connectionChange';
import { clearTextRisk, urlProblem, type ClearTextRisk } from './credentialChecks';
import { originsOf } from './secretOrigin';

/**
 * Every server URL of a connection in the order to try them, trimmed, without repeats: `url`,
 * then `serverUrls`. `serverUrls` may hold only the further servers or, as puppetdb.conf does,
 * the whole list with `url` first; a repeat of `url` is dropped either way.
 */
export function serverUrlsOf(connection: Pick<ConnectionSettings, 'url' | 'serverUrls'>): string[] {
  const urls: string[] = [];
  const seen = new Set<string>();
  const extra = Array.isArray(connection.serverUrls) ? connection.serverUrls : [];
  for (const candidate of [connection.url, ...extra]) {
    if (typeof candidate !== 'string' || !candidate.trim()) continue;
    const url = candidate.trim();
    const key = comparable(url);
    if (seen.has(key)) continue;
    seen.add(key);
    urls.push(url);
  }
  return urls;
}

/** The failover servers of a connection: every server after `url`. */
export function failoverUrlsOf(
  connection: Pick<ConnectionSettings, 'url' | 'serverUrls'>,
): string[] {
  return serverUrlsOf(connection).slice(1);
}

/**
 * A comma-separated list of failover URLs as the connection form takes it (spaces and line
 * breaks separate too): the URLs, or the first problem, naming the URL (credentials redacted).
 */
export function parseUrlList(text: string): { urls: string[] } | { problem: string } {
  const urls = text
    .split(/[\s,]+/)
    .map((url) => url.trim())
    .filter(Boolean);
  for (const [index, url] of urls.entries()) {
    const problem = urlProblem(url);
    if (problem) {
      const which = urls.length > 1 ? `URL ${index + 1}: ` : '';
      return { problem: `${which}${problem}` };
    }
  }
  return { urls };
}

/** Two spellings of one server compare equal: case of scheme and host, default port, trailing slash. */
function comparable(url: string): string {
  try {
    return new URL(url).href.replace(/\/+$/, '');
  } catch {
    return url;
  }
}

/** The risk of sending these secrets to any of the connection's servers (the first found). */
export function clearTextRiskOf(
  connection: Pick<ConnectionSettings, 'url' | 'serverUrls'>,
  secrets: readonly SecretKind[],
): ClearTextRisk | undefined {
  for (const url of serverUrlsOf(connection)) {
    const risk = clearTextRisk(url, secrets);
    if (risk) return risk;
  }
  return undefined;
}

/**
 * Whether a secret stored for `before`'s servers may be kept for `after`'s: every server of
 * `after` has an origin the secret was given for (the rule of connectionSecrets.ts).
 */
export function sameServerOrigins(
  before: Pick<ConnectionSettings, 'url' | 'serverUrls'>,
  after: Pick<ConnectionSettings, 'url' | 'serverUrls'>,
): boolean {
  const given = originsOf(serverUrlsOf(before));
  const wanted = originsOf(serverUrlsOf(after));
  return Boolean(given && wanted && wanted.every((origin) => given.includes(origin)));
}
