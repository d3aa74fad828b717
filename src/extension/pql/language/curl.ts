/**
 * The curl command that runs a query against the same PuppetDB, for a terminal or a bug report.
 * Secrets never go into it: a token is read from $PUPPETDB_TOKEN, a password is asked by curl.
 *
 * Certnames and queries are data from PuppetDB and the editor: every value is quoted so that no
 * `;`, `&`, `|`, `$( )`, backtick, `%VAR%` or newline in it can run or expand anything in the
 * shell it is pasted in (sh, PowerShell or cmd.exe, each quoted its own way).
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

/** POSIX shells (sh, bash, zsh…), PowerShell (Windows' default terminal) or cmd.exe. */
export type ShellFlavour = 'posix' | 'powershell' | 'cmd';

/**
 * The flavour for the user's terminal: its default shell's, else PowerShell on Windows (VS Code's
 * default there) and POSIX elsewhere.
 */
export function shellFlavour(shellPath: string | undefined, platform: string): ShellFlavour {
  const shell = (shellPath ?? '').toLowerCase().split(/[\\/]/).pop() ?? '';
  if (/^(pwsh|powershell)(\.exe)?$/.test(shell)) return 'powershell';
  if (/^cmd(\.exe)?$/.test(shell)) return 'cmd';
  if (shell) return 'posix';
  return platform === 'win32' ? 'powershell' : 'posix';
}

const QUOTES: Record<ShellFlavour, (text: string) => string> = {
  posix: shellQuote,
  powershell: powershellQuote,
  cmd: cmdQuote,
};

/** The token's header: read from the environment by the shell, never written in. */
const TOKEN_HEADERS: Record<ShellFlavour, string> = {
  posix: '"X-Authentication: $PUPPETDB_TOKEN"',
  powershell: '"X-Authentication: $env:PUPPETDB_TOKEN"',
  // cmd expands a variable inside quotes too, and takes what it expands to as quoted text
  cmd: '"X-Authentication: %PUPPETDB_TOKEN%"',
};

export function curlCommand(
  target: CurlTarget,
  query: string,
  flavour: ShellFlavour = 'posix',
): string {
  const quote = QUOTES[flavour];
  const base = withoutCredentials(target.url).replace(/\/+$/, '');
  const parts = [flavour === 'posix' ? 'curl' : 'curl.exe', '-sS', '-G'];
  const tokenHeader = target.hasToken ? ['-H', TOKEN_HEADERS[flavour]] : [];
  // cmd pairs every `%` of the line from the left: the token's two come first, so that a `%`
  // in a path cannot take one of them (see cmdQuote)
  if (flavour === 'cmd') parts.push(...tokenHeader);
  parts.push(quote(`${base}/pdb/query/v4`));
  if (target.verifyTls === false) parts.push('--insecure');
  if (target.caFile) parts.push('--cacert', quote(target.caFile));
  if (target.certFile) parts.push('--cert', quote(target.certFile));
  if (target.keyFile) parts.push('--key', quote(target.keyFile));
  if (target.username) parts.push('--user', quote(target.username));
  if (flavour !== 'cmd') parts.push(...tokenHeader);
  if (flavour === 'posix') {
    parts.push('--data-urlencode', shellQuote(`query=${query}`));
  } else {
    // Windows PowerShell 5 passes a `"` inside an argument to curl.exe unescaped, which splits
    // it, and a line of cmd.exe cannot hold a line break: the query goes percent-encoded
    // instead, so its argument holds no quote, space or line break at all
    parts.push('--data', quote(`query=${percentEncode(query)}`));
  }
  return parts.join(' ');
}

/**
 * The URL without a user name or password in it (a connection's form refuses them, but a
 * hand-edited settings file may hold them): a copied command holds no secret.
 */
function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = '';
    parsed.password = '';
    return parsed.href;
  } catch {
    return url;
  }
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

/**
 * An argument of a program run from cmd.exe. First quoted for the program, by the rules of the
 * Microsoft C runtime that splits its command line (curl.exe's): in `"…"`, a `"` as `\"`, and
 * backslashes doubled where they come before a quote. Then made literal for cmd, which reads the
 * line before the program does:
 *
 * - every character cmd treats specially (`^ & | < > ( ) " !`) gets a caret, the quotes too, so
 *   cmd never enters a quoted span and every caret escapes (`^"` is a quote cmd passes on);
 * - `%` cannot be escaped at cmd's prompt, but cmd leaves `%name%` as it is when no variable has
 *   that name: a caret on each side of every `%` makes every name cmd could read between two of
 *   them start and end with `^` (`%^PATH^%`; and `%^PATH:~0,1^%`, whose variable would be
 *   `^PATH`), which no variable is named. cmd removes the carets after it has looked.
 *
 * That holds with delayed expansion off (cmd's default: `!` is then plain text). Line breaks and
 * other control characters cannot be written in a line of cmd at all: they are refused.
 */
export function cmdQuote(text: string): string {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(text)) {
    throw new Error(
      `cmd.exe cannot take a line break or control character in a command line: ${JSON.stringify(text)}`,
    );
  }
  let quoted = '"';
  let backslashes = 0;
  for (const character of text) {
    if (character === '\\') {
      backslashes++;
      continue;
    }
    // backslashes before a quote are doubled, and the quote gets one of its own
    quoted += character === '"' ? '\\'.repeat(2 * backslashes + 1) : '\\'.repeat(backslashes);
    quoted += character;
    backslashes = 0;
  }
  // and those before the closing quote are doubled
  quoted += `${'\\'.repeat(2 * backslashes)}"`;
  let escaped = '';
  let afterPercent = false;
  for (const character of quoted) {
    escaped += CMD_SPECIAL.test(character) || afterPercent ? `^${character}` : character;
    afterPercent = character === '%';
  }
  return escaped;
}

/** What cmd.exe reads as more than a character of an argument (see cmdQuote). */
const CMD_SPECIAL = /[\^&|<>()"!%]/;

/** encodeURIComponent, with the characters it leaves that a shell may treat specially encoded. */
function percentEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
