import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ConnectionSettings } from '../settings';

/** What `puppet query` reads from ~/.puppetlabs/client-tools/puppetdb.conf. */
interface PuppetdbConf {
  puppetdb?: {
    server_urls?: string | string[];
    cacert?: string;
    cert?: string;
    key?: string;
    'token-file'?: string;
  };
}

export interface ImportedConnection {
  connection: ConnectionSettings;
  token?: string;
}

export const DEFAULT_PUPPETDB_CONF = join(
  homedir(),
  '.puppetlabs',
  'client-tools',
  'puppetdb.conf',
);

/** One connection per server URL of a puppetdb.conf, with its certificate paths and token. */
export async function readPuppetdbConf(
  path = DEFAULT_PUPPETDB_CONF,
): Promise<ImportedConnection[]> {
  const text = await readFile(path, 'utf8');
  let parsed: PuppetdbConf;
  try {
    parsed = JSON.parse(text) as PuppetdbConf;
  } catch (error) {
    throw new Error(`${path} is not valid JSON: ${(error as Error).message}`);
  }
  const settings = parsed.puppetdb;
  if (!settings?.server_urls) throw new Error(`${path} has no "puppetdb.server_urls".`);
  const urls = (
    Array.isArray(settings.server_urls) ? settings.server_urls : settings.server_urls.split(',')
  )
    .map((url) => url.trim())
    .filter(Boolean);
  const tokenFile = settings['token-file'] ? expandHome(settings['token-file']) : undefined;
  const token = tokenFile
    ? (await readFile(tokenFile, 'utf8').catch(() => '')).trim() || undefined
    : undefined;
  return urls.map((url) => ({
    connection: {
      id: `conf-${new URL(url).host}`,
      name: new URL(url).hostname,
      url,
      caFile: settings.cacert ? expandHome(settings.cacert) : undefined,
      certFile: settings.cert ? expandHome(settings.cert) : undefined,
      keyFile: settings.key ? expandHome(settings.key) : undefined,
    },
    token,
  }));
}

function expandHome(path: string): string {
  return path.startsWith('~/') ? join(homedir(), path.slice(2)) : path;
}
