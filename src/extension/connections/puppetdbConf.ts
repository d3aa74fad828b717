/**
 * Reads the PuppetDB CLI's configuration the way `puppet query` does (puppetdb-ruby's
 * PuppetDB::Config): the global file, then the user's file over it key by key (or a file given
 * instead of the user's, like `--config`), with the token from `token-file`, by default
 * ~/.puppetlabs/token.
 */
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
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
  /** /etc/puppetlabs/client-tools/puppetdb.conf (C:\ProgramData\PuppetLabs\… on Windows) */
  global: string;
  /** ~/.puppetlabs/client-tools/puppetdb.conf, or the file the user named */
  user: string;
  /** Where the token is when the files name no token-file: ~/.puppetlabs/token */
  defaultTokenFile: string;
}

export const DEFAULT_CLIENT_TOOLS_PATHS: ClientToolsPaths = {
  global:
    process.platform === 'win32'
      ? 'C:\\ProgramData\\PuppetLabs\\client-tools\\puppetdb.conf'
      : '/etc/puppetlabs/client-tools/puppetdb.conf',
  user: join(homedir(), '.puppetlabs', 'client-tools', 'puppetdb.conf'),
  defaultTokenFile: join(homedir(), '.puppetlabs', 'token'),
};

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
export function tokenFileOf(section: PuppetdbConfSection, defaultTokenFile: string): string {
  return section['token-file'] ? expandHome(section['token-file']) : defaultTokenFile;
}

/**
 * One connection for the servers of `server_urls`: they are the failover list of one logical
 * PuppetDB (`puppet query` tries them in order), so the first is the connection's `url` and the
 * rest its `serverUrls`. A URL that can't be used is skipped and said.
 */
export function connectionsOf(
  section: PuppetdbConfSection,
  token: string | undefined,
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
    caFile: section.cacert ? expandHome(section.cacert) : undefined,
    certFile: section.cert ? expandHome(section.cert) : undefined,
    keyFile: section.key ? expandHome(section.key) : undefined,
  };
  return { connections: [{ connection, token }], problems };
}

/** Reads the global and the user's puppetdb.conf and the token; see the file comment. */
export async function readPuppetdbConf(
  paths: ClientToolsPaths = DEFAULT_CLIENT_TOOLS_PATHS,
): Promise<ImportResult> {
  const global = await readSection(paths.global);
  const user = await readSection(paths.user);
  if (!global && !user) {
    throw new Error(
      `No puppetdb.conf to import: neither ${paths.user} nor ${paths.global} exists.`,
    );
  }
  const section = mergeSections(global?.section, user?.section);
  const sources = [global?.path, user?.path].filter((path): path is string => Boolean(path));
  if (!section.server_urls) {
    throw new Error(`${sources.join(' and ')}: no "puppetdb.server_urls" to import.`);
  }
  const problems: string[] = [];
  const tokenFile = tokenFileOf(section, paths.defaultTokenFile);
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
  const found = connectionsOf(section, token);
  return { connections: found.connections, sources, problems: [...problems, ...found.problems] };
}

/** The "puppetdb" section of one file; undefined when the file does not exist. */
async function readSection(
  path: string,
): Promise<{ path: string; section: PuppetdbConfSection } | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`${path} could not be read: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path} is not valid JSON: ${(error as Error).message}`);
  }
  const section = (parsed as { puppetdb?: unknown } | null)?.puppetdb;
  if (typeof section !== 'object' || section === null || Array.isArray(section)) {
    throw new Error(`${path} has no "puppetdb" object.`);
  }
  return { path, section: section as PuppetdbConfSection };
}

function expandHome(path: string): string {
  return path.startsWith('~/') ? join(homedir(), path.slice(2)) : path;
}
