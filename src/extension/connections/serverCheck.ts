/**
 * Test Connection for a connection with failover servers: each server is asked on its own (a
 * client with that one URL and the connection's TLS files and secrets), so that a server that
 * is down is reported even while another answers for the connection.
 */
import type { ConnectOptions } from '../../client';
import { describeError } from '../errorText';
import { inert, type InertText } from '../inertText';
import type { ConnectionSettings } from '../settings';
import type { ConnectionStore } from './connectionStore';
import { serverUrlsOf } from './serverUrls';
import { loadClientLibrary } from './clientLibrary';

export interface ServerCheck {
  url: string;
  version?: string;
  state?: string;
  /** Why this server did not answer, worded for the user. */
  error?: string;
}

/** Each server's version and state, or its error, in the connection's order. */
export async function checkEachServer(
  store: ConnectionStore,
  connection: ConnectionSettings,
): Promise<ServerCheck[]> {
  const options = await store.connectOptions(connection);
  const { connect } = await loadClientLibrary();
  return Promise.all(
    serverUrlsOf(connection).map(async (url): Promise<ServerCheck> => {
      const client = connect({ ...withoutAddress(options), serverUrls: [url] });
      try {
        const [version, status] = await Promise.all([client.currentVersion(), client.status()]);
        return { url, version, state: String(status.state ?? 'unknown') };
      } catch (error) {
        return { url, error: describeError(error) };
      } finally {
        await client.disconnect();
      }
    }),
  );
}

/** One line per server, as Test Connection shows them (each server's words made inert). */
export function describeServerChecks(name: InertText, checks: readonly ServerCheck[]): string {
  const lines = checks.map((check) =>
    check.error === undefined
      ? `${inert(check.url)}: PuppetDB ${inert(check.version)}, ${inert(check.state)}`
      : `${inert(check.url)}: ${inert(check.error)}`,
  );
  return `${name}: ${lines.join(' · ')}`;
}

function withoutAddress(options: ConnectOptions): ConnectOptions {
  const {
    host: _host,
    port: _port,
    protocol: _protocol,
    urlPath: _path,
    serverUrls: _urls,
    ...rest
  } = options;
  return rest;
}
