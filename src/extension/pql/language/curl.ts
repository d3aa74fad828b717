/**
 * The curl command that runs a query against the same PuppetDB, for a terminal or a bug report.
 * Secrets never go into it: a token is read from $PUPPETDB_TOKEN, a password is asked by curl.
 *
 * Certnames and queries are data from PuppetDB and the editor: every value is quoted so that no
 * `;`, `&`, `|`, `$( )`, backtick or newline in it can run anything in the shell it is pasted in.
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

/** POSIX shells (sh, bash, zsh…) or PowerShell (Windows' default terminal). */
export type ShellFlavour = 'posix' | 'powershell';

/**
 * The flavour for the user's terminal: PowerShell when the default shell is PowerShell (or cmd,
 * which cannot quote safely, so PowerShell is the better offer), or on Windows with none known.
 */
export function shellFlavour(shellPath: string | undefined, platform: string): ShellFlavour {
  const shell = (shellPath ?? '').toLowerCase().split(/[\\/]/).pop() ?? '';
  if (/^(pwsh|powershell|cmd)(\.exe)?$/.test(shell)) return 'powershell';
  if (shell) return 'posix';
  return platform === 'win32' ? 'powershell' : 'posix';
}

export function curlCommand(
  target: CurlTarget,
  query: string,
  flavour: ShellFlavour = 'posix',
): string {
  const quote = flavour === 'posix' ? shellQuote : powershellQuote;
  const base = target.url.replace(/\/+$/, '');
  const parts = [
    flavour === 'posix' ? 'curl' : 'curl.exe',
    '-sS',
    '-G',
    quote(`${base}/pdb/query/v4`),
  ];
  if (target.verifyTls === false) parts.push('--insecure');
  if (target.caFile) parts.push('--cacert', quote(target.caFile));
  if (target.certFile) parts.push('--cert', quote(target.certFile));
  if (target.keyFile) parts.push('--key', quote(target.keyFile));
  if (target.username) parts.push('--user', quote(target.username));
  if (target.hasToken) {
    parts.push(
      '-H',
      flavour === 'posix'
        ? '"X-Authentication: $PUPPETDB_TOKEN"'
        : '"X-Authentication: $env:PUPPETDB_TOKEN"',
    );
  }
  if (flavour === 'posix') {
    parts.push('--data-urlencode', shellQuote(`query=${query}`));
  } else {
    // Windows PowerShell 5 passes a `"` inside an argument to curl.exe unescaped, which splits
    // it: the query goes percent-encoded instead, so its argument holds no quote or space at all
    parts.push('--data', powershellQuote(`query=${percentEncode(query)}`));
  }
  return parts.join(' ');
}

/** POSIX single quoting: safe for any text, newlines included. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * PowerShell single quoting: nothing inside is expanded; a quote is doubled. PowerShell also
 * takes the typographic single quotes as quotes, so those are doubled too.
 */
export function powershellQuote(text: string): string {
  return `'${text.replace(/['\u2018\u2019\u201a\u201b]/g, (quote) => quote + quote)}'`;
}

/** encodeURIComponent, with the characters it leaves that a shell may treat specially encoded. */
function percentEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
