/**
 * Checks of a connection's URL against the credentials it will carry. Pure (no vscode), so the
 * form, the Add Connection argument and the puppetdb.conf import share one set of rules.
 */
import type { SecretKind } from './connectionChange';

/** Where credentials belong instead of the URL; said wherever a URL with userinfo is refused. */
export const CREDENTIALS_IN_URL_MESSAGE =
  'The URL holds a user name or password (user:pass@). Leave them out of the URL: choose ' +
  '"User name and password" under Authentication; the password goes to the OS keychain.';

/** Why a URL can't be a PuppetDB connection's URL, or undefined when it can. */
export function urlProblem(value: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(value.trim());
  } catch {
    return 'Not a URL: write it as https://puppetdb.example.com:8081';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'Use http:// or https://';
  if (parsed.username || parsed.password) return CREDENTIALS_IN_URL_MESSAGE;
  if (!parsed.hostname) return 'The URL names no host';
  return undefined;
}

/** The URL with any user name and password replaced, safe to show in a message. */
export function redactUrl(value: string): string {
  try {
    const parsed = new URL(value);
    if (!parsed.username && !parsed.password) return value;
    parsed.username = '';
    parsed.password = '';
    return parsed.href.replace('//', '//***@');
  } catch {
    // not a URL: still never echo what could be a password after "user:"
    return value.replace(/\/\/[^/@]*@/, '//***@');
  }
}

/**
 * Loopback traffic never leaves the machine (an SSH tunnel's local end, a PuppetDB on this
 * host), so it has no network path to read from: the same hosts browsers treat as secure
 * contexts over plain HTTP (127.0.0.0/8, ::1, localhost and *.localhost).
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127(?:\.\d{1,3}){3}$/.test(host)
  );
}

/** A secret that would cross a network in clear text, and where to. */
export interface ClearTextRisk {
  /** e.g. "token", or "token and password" */
  what: string;
  host: string;
  url: string;
}

/** The risk of sending these secrets to this URL, or undefined when there is none. */
export function clearTextRisk(
  url: string,
  secrets: readonly SecretKind[],
): ClearTextRisk | undefined {
  if (secrets.length === 0) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' || isLoopbackHost(parsed.hostname)) return undefined;
  const names = [...new Set(secrets)].map((kind) => (kind === 'token' ? 'token' : 'password'));
  return { what: names.join(' and '), host: parsed.host, url: redactUrl(url) };
}

/** The modal's question and detail, naming what goes where and who can read it. */
export function clearTextWarning(risk: ClearTextRisk): { message: string; detail: string } {
  return {
    message: `Send the ${risk.what} to ${risk.host} in clear text?`,
    detail:
      `${risk.url} is plain HTTP: the ${risk.what} would be sent unencrypted with every ` +
      `request, readable by anyone on the network path between this computer and ${risk.host} ` +
      `(Wi-Fi, proxies, routers). Use an https:// URL unless you trust that whole path.`,
  };
}

/** Scheme, host and port: a secret stored for one origin is never offered to another. */
export function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
