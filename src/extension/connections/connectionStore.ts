import * as vscode from 'vscode';
import type { ConnectOptions, PuppetDB, RequestEvent } from '../../client';
import { MAX_LIST_ROWS } from '../boundedRows';
import { MAX_TIMEOUT_SECONDS } from '../settingDefaults';
import type { ConnectionSettings, Settings } from '../settings';
import { askSecretAgain } from './askSecretAgain';
import { ConnectionSecrets, type AskSecretAgain, type SecretKind } from './connectionSecrets';
import { serverUrlsOf } from './serverUrls';
import { loadClientLibrary } from './clientLibrary';

export type { SecretKind } from './connectionSecrets';

/**
 * The configured connections, their secrets and one open client per connection. Clients are
 * rebuilt when a connection's settings or secrets change.
 */
export class ConnectionStore implements vscode.Disposable {
  private readonly clients = new Map<string, CachedClient>();
  /**
   * Bumped whenever a secret or a setting may have changed (here, in another store or another
   * window): a cached client is reused without reading SecretStorage again only while this has
   * not moved since it was built. Reading the secrets is a round trip to the window per secret,
   * which every panel paid before its first request (about 0.3 s on a busy machine).
   */
  private generation = 0;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly clientAsked = new vscode.EventEmitter<void>();
  /** Fires each time a feature asks for a connection's client (the window's first use of it). */
  readonly onDidAskForClient = this.clientAsked.event;
  private readonly subscriptions: vscode.Disposable[];

  private readonly secrets: ConnectionSecrets;
  /**
   * The save or removal under way (they run one at a time). A client asked for meanwhile is
   * built from what it writes: Test Connection run the moment Edit Connection's form closes
   * uses the edit, not the settings and secrets it replaces.
   */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly settings: Settings,
    storage: vscode.SecretStorage,
    ask: AskSecretAgain = askSecretAgain,
    /** Told of every HTTP request a connection's client makes (the extension's log). */
    private readonly onRequest?: (connection: ConnectionSettings, event: RequestEvent) => void,
  ) {
    this.secrets = new ConnectionSecrets(storage, ask);
    this.subscriptions = [
      settings.onDidChange(() => {
        this.generation++;
        this.secrets.forgetDeclined();
        this.changed.fire();
      }),
      storage.onDidChange(() => this.generation++),
      this.changed,
      this.clientAsked,
    ];
  }

  list(): ConnectionSettings[] {
    return this.settings.connections();
  }

  get(id: string): ConnectionSettings | undefined {
    return this.list().find((connection) => connection.id === id);
  }

  /**
   * Adds or replaces one connection in the user's settings, and stores its given secrets for its
   * servers' origins (an empty secret deletes it). Only the user's own list is written back: a
   * workspace's value never ends up in the user's settings.
   */
  save(
    connection: ConnectionSettings,
    secrets: Partial<Record<SecretKind, string>> = {},
  ): Promise<void> {
    return this.write(() => this.saveNow(connection, secrets));
  }

  remove(id: string): Promise<void> {
    return this.write(() => this.removeNow(id));
  }

  private write(change: () => Promise<void>): Promise<void> {
    const done = this.writing.then(change);
    this.writing = done.catch(() => undefined);
    return done;
  }

  private async saveNow(
    connection: ConnectionSettings,
    secrets: Partial<Record<SecretKind, string>>,
  ): Promise<void> {
    for (const [kind, value] of Object.entries(secrets) as Array<[SecretKind, string]>) {
      await this.secrets.store(connection, kind, value ?? '');
    }
    // not only SecretStorage's event, which may come later
    this.generation++;
    const entries = this.settings.userConnectionEntries();
    const position = entries.findIndex((entry) => idOf(entry) === connection.id);
    const next = entries.filter((entry) => idOf(entry) !== connection.id);
    next.splice(position < 0 ? next.length : position, 0, stripEmpty(connection));
    await this.settings.saveConnections(next);
    this.changed.fire();
  }

  private async removeNow(id: string): Promise<void> {
    await this.secrets.delete(id, 'password');
    await this.secrets.delete(id, 'token');
    this.generation++;
    await this.settings.saveConnections(
      this.settings.userConnectionEntries().filter((entry) => idOf(entry) !== id),
    );
    this.dropClient(id);
    this.changed.fire();
  }

  /** The stored secret for the connection's current servers, if any; never asks the user. */
  async secret(id: string, kind: SecretKind): Promise<string | undefined> {
    const connection = this.get(id);
    return connection ? this.secrets.peek(connection, kind) : undefined;
  }

  /** The open client of a connection (built on first use, after any save under way). */
  async client(id: string): Promise<PuppetDB> {
    this.clientAsked.fire();
    await this.writing;
    const connection = this.get(id);
    if (!connection) {
      throw new Error(vscode.l10n.t('There is no PuppetDB connection "{0}".', id));
    }
    // the settings and secrets it was built from have not changed: no need to read them again
    const settingsKey = JSON.stringify(connection);
    const current = this.clients.get(id);
    if (current?.settingsKey === settingsKey && current.generation === this.generation) {
      return current.client;
    }
    const generation = this.generation;
    const options = await this.connectOptions(connection);
    const { connect } = await loadClientLibrary();
    // nothing is awaited from here on, so concurrent callers share one client
    const key = JSON.stringify(options);
    const cached = this.clients.get(id);
    if (cached?.key === key) {
      // as of `generation`: a change that came while the secrets were read is checked next time
      cached.settingsKey = settingsKey;
      cached.generation = generation;
      return cached.client;
    }
    this.dropClient(id);
    const client = connect(options);
    this.clients.set(id, { key, client, settingsKey, generation });
    return client;
  }

  /** The client options of a connection, with the secrets given for its servers' origins only. */
  async connectOptions(connection: ConnectionSettings): Promise<ConnectOptions> {
    return {
      ...clientOptionsOf(connection),
      password: (await this.secrets.get(connection, 'password')) || undefined,
      token: (await this.secrets.get(connection, 'token')) || undefined,
      ...(this.onRequest
        ? { onRequest: (event: RequestEvent) => this.onRequest?.(connection, event) }
        : {}),
    };
  }

  dispose(): void {
    for (const id of [...this.clients.keys()]) this.dropClient(id);
    for (const subscription of this.subscriptions) subscription.dispose();
  }

  private dropClient(id: string): void {
    const cached = this.clients.get(id);
    this.clients.delete(id);
    void cached?.client.disconnect();
  }
}

interface CachedClient {
  client: PuppetDB;
  /** The client options it was built with (secrets included). */
  key: string;
  /** The connection's settings, and the store's generation, when its secrets were read. */
  settingsKey: string;
  generation: number;
}

/**
 * Client options from a connection's settings: one URL split into protocol, host, port and path;
 * with failover servers, every URL as the client's `serverUrls`, in order.
 */
export function clientOptionsOf(connection: ConnectionSettings): ConnectOptions {
  const urls = serverUrlsOf(connection);
  return {
    ...(urls.length > 1 ? { serverUrls: urls } : addressOf(connection.url)),
    // The extension verifies certificates unless told not to (the library's default is off).
    sslVerify: connection.verifyTls === false ? false : (connection.caFile ?? true),
    sslCert: connection.certFile || undefined,
    sslKey: connection.keyFile || undefined,
    // the schema's maximum only underlines a hand-edited value past it
    timeout:
      typeof connection.timeout === 'number'
        ? Math.min(connection.timeout, MAX_TIMEOUT_SECONDS)
        : (connection.timeout ?? 10),
    username: connection.username || undefined,
    userAgent: 'puppetdb-explorer-vscode',
    // a call that holds a whole list (the event counts behind nodes with their status, the fact
    // paths, the environments) stops where the extension's own lists do
    maxListRows: MAX_LIST_ROWS,
  };
}

function addressOf(text: string): Pick<ConnectOptions, 'protocol' | 'host' | 'port' | 'urlPath'> {
  const url = new URL(text);
  const protocol = url.protocol.replace(':', '');
  return {
    protocol,
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80,
    urlPath: url.pathname,
  };
}

function idOf(entry: unknown): unknown {
  return typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : undefined;
}

function stripEmpty(connection: ConnectionSettings): ConnectionSettings {
  return Object.fromEntries(
    Object.entries(connection).filter(
      ([, value]) =>
        value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0),
    ),
  ) as unknown as ConnectionSettings;
}
