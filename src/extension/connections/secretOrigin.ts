/**
 * Secrets are bound to the origin (scheme, host and port) they were given for, so that a
 * connection whose URL now names another server never sends it the old token or password.
 * Pure: no vscode here, so the rules are unit-tested.
 */

/** What SecretStorage holds for one connection and kind: the secret and where it may go. */
export interface BoundSecret {
  origin: string;
  secret: string;
}

/**
 * The origin of a connection URL as the WHATWG URL parser normalises it (scheme and host in
 * lower case, the default port left out), or undefined for a URL that has none.
 */
export function originOf(url: string): string | undefined {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

export function encodeBoundSecret(bound: BoundSecret): string {
  return JSON.stringify({ origin: bound.origin, secret: bound.secret });
}

/** A stored value back as a bound secret; anything else (absent, damaged) is undefined. */
export function decodeBoundSecret(stored: string | undefined): BoundSecret | undefined {
  if (stored === undefined) return undefined;
  try {
    const value = JSON.parse(stored) as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    const { origin, secret } = value as Record<string, unknown>;
    return typeof origin === 'string' && typeof secret === 'string'
      ? { origin, secret }
      : undefined;
  } catch {
    return undefined;
  }
}
