/**
 * The one place that words errors for people and for the log. The client's errors already carry
 * complete sentences; anything else (a bug) gets its class name in front so it is recognisable.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.name === 'Error' || error.name === 'TypeError'
    ? `${error.name}: ${error.message}`
    : error.message;
}

/**
 * `describeError(error)` without the servers' addresses, for a view that names each PuppetDB by
 * its connection name beside the error (the overview across connections): a request's URL keeps
 * its path and query, a bare address becomes "the server". The client's messages name the URL
 * they asked, which such a view never shows.
 */
export function describeErrorWithoutAddresses(error: unknown): string {
  return describeError(error).replace(
    /\bhttps?:\/\/[^\s/?#"'<>:]+(?::\d+)?((?:[/?#][^\s"'<>]*)?)/gi,
    (_url, rest: string) => {
      // a sentence's own punctuation after the URL is not part of it
      const [, path = '', punctuation = ''] = /^(.*?)([:.,;)]*)$/.exec(rest) ?? [];
      return `${path && path !== '/' ? path : 'the server'}${punctuation}`;
    },
  );
}

/** The error and each cause under it, a line each: what the log keeps of a failure. */
export function causeChain(error: unknown): string {
  const lines: string[] = [];
  for (let cause: unknown = error, depth = 0; cause !== undefined && depth < 8; depth++) {
    const code = (cause as { code?: unknown }).code;
    lines.push(
      `${depth === 0 ? '' : 'caused by: '}${cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause)}${typeof code === 'string' ? ` [${code}]` : ''}`,
    );
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return lines.join('\n  ');
}

const SETTINGS_CODES = /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)$|SSL|TLS|CERT/;

/**
 * Whether the connection's own settings are the likely fix: a refused or unresolvable address,
 * a TLS failure, a rejected credential, unreadable certificate files. Told by the client's error
 * names and fields, so it holds across bundles.
 */
export function pointsAtConnectionSettings(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, status } = error as { code?: unknown; status?: unknown };
  switch (error.name) {
    case 'ImproperlyConfiguredError':
      return true;
    case 'PuppetDBConnectionError':
      return typeof code === 'string' && SETTINGS_CODES.test(code);
    case 'AllServersFailedError':
      // every server failed: the settings are the fix when any failure points at them
      return ((error as { failures?: unknown[] }).failures ?? []).some((failure) =>
        pointsAtConnectionSettings((failure as { error?: unknown })?.error ?? failure),
      );
    case 'PuppetDBHTTPError':
      return status === 401 || status === 403;
    default:
      return false;
  }
}
