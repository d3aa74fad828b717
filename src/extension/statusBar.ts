import * as vscode from 'vscode';
import type { ConnectionStore } from './connections/connectionStore';
import { describeError } from './errorText';
import type { FirstUse } from './firstUse';
import { HealthSchedule } from './healthSchedule';
import {
  ACTIVE_CONNECTION_KEY,
  activeConnectionOf,
  createConnectionStatusItem,
  showNoConnection,
  showUnchecked,
} from './connectionStatusFace';
import { Commands } from './ids';
import { inert } from './inertText';
import type { Settings } from './settings';

/**
 * What the status bar shows of the active PuppetDB's health; `unchecked` until the window first
 * asks PuppetDB for something (FirstUse).
 */
export type Health = 'none' | 'unchecked' | 'checking' | 'healthy' | 'unhealthy' | 'unreachable';

/** The active connection, its PuppetDB version and health; a click switches connection. */
export class ConnectionStatusBar implements vscode.Disposable {
  private readonly item = createConnectionStatusItem();
  private activeId: string | undefined;
  private generation = 0;
  private readonly activeChanged = new vscode.EventEmitter<string>();
  private readonly schedule: HealthSchedule;
  private readonly firstUseBegun: vscode.Disposable;
  private currentHealth: Health = 'unchecked';
  /** The last outcome of a check, so the log says only what changed. */
  private lastOutcome: Health | undefined;
  /** The server that answered the last check (connections with failover servers only). */
  private lastServer: string | undefined;
  /** Fires with the id of the newly active connection. */
  readonly onDidChangeActive = this.activeChanged.event;

  constructor(
    private readonly store: ConnectionStore,
    private readonly state: vscode.Memento,
    settings: Settings,
    private readonly log: vscode.LogOutputChannel,
    private readonly firstUse: FirstUse,
  ) {
    this.schedule = new HealthSchedule(
      () => settings.healthCheckSeconds(),
      () => this.update(),
    );
    this.firstUseBegun = firstUse.onDidBegin(() => void this.update());
    this.item.command = Commands.switchConnection;
    this.activeId = state.get<string>(ACTIVE_CONNECTION_KEY);
    // shown after activation, not during it; the first health check waits for the first use
    setTimeout(() => void this.update(), 0);
  }

  /** The health shown now (tests and the log read it). */
  get health(): Health {
    return this.currentHealth;
  }

  get activeConnectionId(): string | undefined {
    return activeConnectionOf(this.store.list(), this.activeId)?.id;
  }

  async setActive(id: string): Promise<void> {
    this.activeId = id;
    const connection = this.store.get(id);
    this.log.info(
      `Active connection: ${connection?.name ?? id} (${connection?.url ?? 'not configured'})`,
    );
    await this.state.update(ACTIVE_CONNECTION_KEY, id);
    this.activeChanged.fire(id);
    await this.update();
  }

  /** Asks the active PuppetDB for its version and health and shows them. */
  async update(): Promise<void> {
    const generation = ++this.generation;
    const id = this.activeConnectionId;
    const connection = id ? this.store.get(id) : undefined;
    if (!connection) {
      showNoConnection(this.item);
      this.currentHealth = 'none';
      return;
    }
    this.item.command = Commands.switchConnection;
    const name = inert(connection.name);
    if (!this.firstUse.begun) {
      showUnchecked(this.item, connection);
      this.currentHealth = 'unchecked';
      return;
    }
    this.item.text = `$(loading~spin) ${name}`;
    this.item.show();
    this.currentHealth = 'checking';
    try {
      const client = await this.store.client(connection.id);
      const [version, status] = await Promise.all([client.currentVersion(), client.status()]);
      if (generation !== this.generation) return;
      const state = String(status.state ?? 'unknown');
      const healthy = state === 'running';
      // with failover servers, which one answered (the text says so when it is not the first)
      const server = client.serverUrls.length > 1 ? client.lastServer : undefined;
      const failedOver = server !== undefined && server !== client.serverUrls[0];
      const icon = `$(${healthy ? 'database' : 'warning'})`;
      // the version and the state are the server's words: an icon or a link in them stays text
      const shownVersion = inert(version, { maxChars: 40 });
      this.item.text = failedOver
        ? `${icon} ${vscode.l10n.t('{0} · PuppetDB {1} · via {2}', name, shownVersion, inert(hostOf(server)))}`
        : `${icon} ${vscode.l10n.t('{0} · PuppetDB {1}', name, shownVersion)}`;
      const queueDepth = String(
        (status.status as { queue_depth?: unknown } | undefined)?.queue_depth ?? '?',
      );
      this.item.tooltip = [
        server
          ? vscode.l10n.t(
              '{0} — answered by {1} (of {2})',
              name,
              inert(server),
              inert(client.serverUrls.join(', ')),
            )
          : `${name} — ${inert(connection.url)}`,
        vscode.l10n.t(
          'PuppetDB {0}, {1}, queue depth {2}',
          shownVersion,
          inert(state),
          inert(queueDepth),
        ),
        vscode.l10n.t('Click to switch connection'),
      ].join('\n');
      this.item.backgroundColor = healthy
        ? undefined
        : new vscode.ThemeColor('statusBarItem.warningBackground');
      this.report(healthy ? 'healthy' : 'unhealthy', server, () =>
        this.log.info(
          `${connection.name}: PuppetDB ${version}, ${state}${server ? `, answered by ${server}` : ''}`,
        ),
      );
      this.schedule.checked(!healthy);
    } catch (error) {
      if (generation !== this.generation) return;
      this.item.text = `$(error) ${vscode.l10n.t('{0} · unreachable', name)}`;
      this.item.tooltip = [
        inert(connection.url),
        inert(error instanceof Error ? error.message : String(error)),
        vscode.l10n.t('Click to switch connection'),
      ].join('\n');
      this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
      this.report('unreachable', undefined, () =>
        this.log.warn(`${connection.name} is unreachable: ${describeError(error)}`),
      );
      this.schedule.checked(true);
    }
  }

  /** Logs when the health, or the server that answered, changed since the last check. */
  private report(outcome: Health, server: string | undefined, log: () => void): void {
    if (outcome !== this.lastOutcome || server !== this.lastServer) log();
    this.lastOutcome = outcome;
    this.lastServer = server;
    this.currentHealth = outcome;
  }

  /** The server that answered the last check, when the connection has several. */
  get answeredBy(): string | undefined {
    return this.lastServer;
  }

  /** The status bar's text now (tests read it). */
  get text(): string {
    return this.item.text;
  }

  /** Its tooltip now: the server and, when the check failed, why (tests read it). */
  get tooltip(): string {
    const { tooltip } = this.item;
    return typeof tooltip === 'string' ? tooltip : (tooltip?.value ?? '');
  }

  dispose(): void {
    this.schedule.dispose();
    this.firstUseBegun.dispose();
    this.activeChanged.dispose();
    this.item.dispose();
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
