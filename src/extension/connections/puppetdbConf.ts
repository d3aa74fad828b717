/**
 * Reads the PuppetDB CLI's configuration the way `puppet query` does (puppetdb-ruby's
 * PuppetDB::Config): the global file, then the user's file over it key by key (or a file given
 * instead of the user's, like `--config`), with the token from `token-file`, by default
 * ~/.puppetlabs/token.
 *
 * Each OS's own places, as Puppet's "Configuring and using PE client tools"
 * (https://help.puppet.com/pe/current/topics/configuring_and_using_pe_client_tools.htm) puts
 * every client tool's file: global in /etc/puppetlabs/client-tools/ on *nix and macOS,
 * %ProgramData%\puppetlabs\client-tools on Windows; the user's in ~/.puppetlabs/client-tools/,
 * %USERPROFILE%\.puppetlabs\client-tools on Windows. The token's default is ~/.puppetlabs/token,
 * C:\Users\<USERNAME>\.puppetlabs\token on Windows ("puppet-code configuration settings",
 * https://help.puppet.com/pe/current/topics/puppet_code_conf_settings.htm). Windows' folders are
 * read from its environment, never assumed to be on C:. (puppetdb-ruby's Config itself names
 * only the *nix places, on every OS.)
 */
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import * as path from 'node:path';
import type { PlatformPath } from 'node:path';
import type { ConnectionSettings } from '../settings';
import { redactUrl, urlProblem } from './credentialChecks';

/** The "puppetdb" section of a puppetdb.conf. */
export interface PuppetdbConfSection {
  server_urls?: string | string[];
  cacert?: string;
  cert?: string;
  key?: string;
  'token-file'?: string;
}

export interface ClientToolsPaths {
  /**
   * /etc/puppetlabs/client-tools/puppetdb.conf (%ProgramData%\PuppetLabs\… on Windows; none
   * when Windows names no such folder)
   */
  global?: string;
  /** ~/.puppetlabs/client-tools/puppetdb.conf, or the file the user named */
  user: string;
  /** Where the token is when the files name no token-file: ~/.puppetlabs/token */
  defaultTokenFile: string;
}

/** The machine whose files are read: what decides where they are and how `~` expands. */
export interface ClientToolsMachine {
  platform: NodeJS.Platform;
  /** Its environment (on Windows, names in any case: `ProgramData`, `PROGRAMDATA`). */
  env: Readonly<Record<string, string | undefined>>;
  /** `os.homedir()`: used where the environment names no home. */
  homedir: string;
}

/** The user's home folder and the path flavour of the machine, for `~` in the files. */
export interface UserHome {
  dir: string;
  path: PlatformPath;
}

/** Where the home folder is: %USERPROFILE% on Windows, else `os.homedir()` ($HOME). */
export function userHomeOf(machine: ClientToolsMachine): UserHome {
  if (machine.platform !== 'win32') return { dir: machine.homedir, path: path.posix };
  return { dir: envValue(machine.env, 'USERPROFILE') ?? machine.homedir, path: path.win32 };
}

/** The files `puppet query` reads on `machine` (see the file comment). */
export function clientToolsPaths(machine: ClientToolsMachine): ClientToolsPaths {
  const home = userHomeOf(machine);
  const user = home.path.join(home.dir, '.puppetlabs', 'client-tools', 'puppetdb.conf');
  const defaultTokenFile = home.path.join(home.dir, '.puppetlabs', 'token');
  if (machine.platform !== 'win32') {
    return { global: '/etc/puppetlabs/client-tools/puppetdb.conf', user, defaultTokenFile };
  }
  // C:\ProgramData unless Windows is installed elsewhere; %ALLUSERSPROFILE% is the same folder
  const programData =
    envValue(machine.env, 'ProgramData') ?? envValue(machine.env, 'ALLUSERSPROFILE');
  return {
    ...(programData
      ? { global: path.win32.join(programData, 'PuppetLabs', 'client-tools', 'puppetdb.conf') }
      : {}),
    user,
    defaultTokenFile,
  };
}

/** A variable of `env`, its name in any case (Windows' names are), if it is set and not empty. */
function envValue(env: ClientToolsMachine['env'], name: string): string | undefined {
  const wanted = name.toUpperCase();
  const value = env[name] ?? Object.entries(env).find(([key]) => key.toUpperCase() === wanted)?.[1];
  return value || undefined;
}

const THIS_MACHINE: ClientToolsMachine = {
  platform: process.platform,
  env: process.env,
  homedir: homedir(),
};

export const DEFAULT_CLIENT_TOOLS_PATHS: ClientToolsPaths = clientToolsPaths(THIS_MACHINE);

/** This machine's home folder, for `~` in the files. */
export const LOCAL_USER_HOME: UserHome = userHomeOf(THIS_MACHINE);

export interface ImportedConnection {
  connection: ConnectionSettings;
  token?: string;
}

export interface ImportResult {
  connections: ImportedConnection[];
  /** The files that were read, global first. */
  sources: string[];
  /** Entries skipped and files that could not be used, each said plainly. */
  problems: string[];
}

/** The user's settings override the global ones, key by key, as in puppet query. */
export function mergeSections(
  global: PuppetdbConfSection | undefined,
  user: PuppetdbConfSection | undefined,
): PuppetdbConfSection {
  return { ...global, ...user };
}

/** The token file puppet query reads: the configured one, else the PE default. */
export function tokenFileOf(
  section: PuppetdbConfSection,
  defaultTokenFile: string,
  home: UserHome = LOCAL_USER_HOME,
): string {
  return section['token-file'] ? expandHome(section['token-file'], home) : defaultTokenFile;
}

/**
 * One connection for the servers of `server_urls`: they are the failover list of one logical
 * PuppetDB (`puppet query` tries them in order), so the first is the connection's `url` and the
 * rest its `serverUrls`. A URL that can't be used is skipped and said.
 */
export function connectionsOf(
  section: PuppetdbConfSection,
  token: string | undefined,
  home: UserHome = LOCAL_USER_HOME,
): { connections: ImportedConnection[]; problems: string[] } {
  const raw = section.server_urls;
  const listed = (Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [])
    .map((url) => (typeof url === 'string' ? url.trim() : ''))
    .filter(Boolean);
  const problems: string[] = [];
  const urls: string[] = [];
  for (const url of listed) {
    const problem = urlProblem(url);
    if (problem) problems.push(`Skipped ${redactUrl(url)}: ${problem}`);
    else urls.push(url);
  }
  const [first, ...failover] = urls;
  if (first === undefined) return { connections: [], problems };
  const parsed = new URL(first);
  const connection: ConnectionSettings = {
    id: `conf-${parsed.host}`,
    name: parsed.hostname,
    url: first,
    ...(failover.length ? { serverUrls: failover } : {}),
    caFile: section.cacert ? expandHome(section.cacert, home) : undefined,
    certFile: section.cert ? expandHome(section.cert, home) : undefined,
    keyFile: section.key ? expandHome(section.key, home) : undefined,
  };
  return { connections: [{ connection, token }], problems };
}

/** Reads the global and the user's puppetdb.conf and the token; see the file comment. */
export async function readPuppetdbConf(
  paths: ClientToolsPaths = DEFAULT_CLIENT_TOOLS_PATHS,
  home: UserHome = LOCAL_USER_HOME,
): Promise<ImportResult> {
  const global = paths.global === undefined ? undefined : await readSection(paths.global);
  const user = await readSection(paths.user);
  if (!global && !user) {
    throw new Error(
      paths.global === undefined
        ? `No puppetdb.conf to import: ${paths.user} does not exist.`
        : `No puppetdb.conf to import: neither ${paths.user} nor ${paths.global} exists.`,
    );
  }
  const section = mergeSections(global?.section, user?.section);
  const sources = [global?.path, user?.path].filter((path): path is string => Boolean(path));
  if (!section.server_urls) {
    throw new Error(`${sources.join(' and ')}: no "puppetdb.server_urls" to import.`);
  }
  const problems: string[] = [];
  const tokenFile = tokenFileOf(section, paths.defaultTokenFile, home);
  const token = await readFile(tokenFile, 'utf8').then(
    (text) => text.trim() || undefined,
    (error: NodeJS.ErrnoException) => {
      // the PE default is often absent (no RBAC token); a token-file that was named is not
      if (section['token-file']) {
        problems.push(
          `The token file ${tokenFile} could not be read (${error.code ?? error.message}).`,
        );
      }
      return undefined;
    },
  );
  const found = connectionsOf(section, token, home);
  return { connections: found.connections, sources, problems: [...problems, ...found.problems] };
}

/** The "puppetdb" section of one file; undefined when the file does not exist. */
async function readSection(
  file: string,
): Promise<{ path: string; section: PuppetdbConfSection } | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`${file} could not be read: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  const section = (parsed as { puppetdb?: unknown } | null)?.puppetdb;
  if (typeof section !== 'object' || section === null || Array.isArray(section)) {
    throw new Error(`${file} has no "puppetdb" object.`);
  }
  return { path: file, section: section as PuppetdbConfSection };
}

/**
 * `~/…` (and `~\…` on Windows, where PE's own files write `~/.puppetlabs/token` too) in the
 * user's home; any other path as written.
 */
function expandHome(file: string, home: UserHome): string {
  const separators = home.path === path.win32 ? /^~[\\/]/ : /^~\//;
  return separators.test(file) ? home.path.join(home.dir, file.slice(2)) : file;
}
