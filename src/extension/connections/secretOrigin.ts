/**
 * Secrets are bound to the origin (scheme, host and port) they were given for, so that a
 * connection whose URL now names another server never sends it the old token or password.
 * A connection with failover servers binds its secret to the set of its servers' origins: the
 * servers of one logical PuppetDB accept the same token, and the user gave the secret knowing
 * that set. A server added later is not covered, so the user is asked again.
 * Pure: no vscode here, so the rules are unit-tested.
 */

/** What SecretStorage holds for one connection and kind: the secret and where it may go. */
export interface BoundSecret {
  /** The first server's origin (the only one for a connection without failover servers). */
  origin: string;
  secret: string;
  /** Every origin the secret was given for, when there were several. */
  origins?: string[];
}

/** The origins of a connection's server URLs without repeats, or undefined if one has none. */
export function originsOf(urls: readonly string[]): string[] | undefined {
  const origins: string[] = [];
  for (const url of urls) {
    const origin = originOf(url);
    if (!origin) return undefined;
    if (!origins.includes(origin)) origins.push(origin);
  }
  return origins.length ? origins : undefined;
}

/** Every origin the bound secret may be sent to. */
export function allowedOrigins(bound: BoundSecret): string[] {
  return bound.origins ?? [bound.origin];
}

/** The origins of `origins` the secret was not given for (none: it may be sent to all). */
export function uncoveredOrigins(bound: BoundSecret, origins: readonly string[]): string[] {
  const allowed = allowedOrigins(bound);
  return origins.filter((origin) => !allowed.includes(origin));
}

/** A secret bound to a set of origins, stored in the one-origin form when there is one. */
export function boundTo(origins: readonly string[], secret: string): BoundSecret {
  return origins.length > 1
    ? { origin: origins[0]!, secret, origins: [...origins] }
    : { origin: origins[0]!, secret };
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
  return JSON.stringify({
    origin: bound.origin,
    secret: bound.secret,
    ...(bound.origins ? { origins: bound.origins } : {}),
  });
}

/** A stored value back as a bound secret; anything else (absent, damaged) is undefined. */
export function decodeBoundSecret(stored: string | undefined): BoundSecret | undefined {
  if (stored === undefined) return undefined;
  try {
    const value = JSON.parse(stored) as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    const { origin, secret, origins } = value as Record<string, unknown>;
    if (typeof origin !== 'string' || typeof secret !== 'string') return undefined;
    if (origins === undefined) return { origin, secret };
    // a damaged list binds to nothing more than the first origin
    return Array.isArray(origins) && origins.every((item) => typeof item === 'string')
      ? { origin, secret, origins: origins as string[] }
      : { origin, secret };
  } catch {
    return undefined;
  }
}
