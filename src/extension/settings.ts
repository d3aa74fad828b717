import * as vscode from 'vscode';
import { CERTNAME_COLUMN, isInventoryColumn } from '../shared/inventoryTable';
import { ConfigurationSection } from './ids';
import {
  SETTING_DEFAULTS,
  boundedSetting,
  type NumberSettingKey,
  type SettingKey,
} from './settingDefaults';

/** A connection as stored in settings. Passwords and tokens live in SecretStorage, never here. */
export interface ConnectionSettings {
  /** Stable key for secrets and state; also the tree root's identity. */
  id: string;
  name: string;
  /** e.g. https://puppetdb.example.com:8081 or http://localhost:8080/puppetdb; the server tried first. */
  url: string;
  /**
   * Failover servers of the same logical PuppetDB (several PuppetDBs on one database, as
   * puppetdb.conf's `server_urls`), tried in order after `url` when it does not answer. It may
   * also hold the whole list with `url` first, as puppetdb.conf does; a repeat of `url` is ignored.
   */
  serverUrls?: string[];
  /** Verify the server certificate (default true). */
  verifyTls?: boolean;
  caFile?: string;
  certFile?: string;
  keyFile?: string;
  /** Seconds (default 10). */
  timeout?: number;
  username?: string;
}

/** Typed access to the extension's settings. */
export class Settings {
  // The settings read as they stand, one getter each: a number within its bounds (a hand-edited
  // settings.json may exceed the schema's), anything else as set, or its default when unset.
  /** Items per page of a tree folder (nodes, facts, packages). */
  readonly pageSize = this.boundedGetter('pageSize');
  /** Seconds between the status bar's health checks while the window has focus; 0: none. */
  readonly healthCheckSeconds = this.boundedGetter('healthCheckSeconds');
  /** Show times in UTC rather than in the local time zone. */
  readonly utcTimes = this.settingGetter('utcTimes');
  /** Reports per page in a node's Reports folder. */
  readonly reportsPageSize = this.boundedGetter('reportsPageSize');
  /** Hours without a report after which a node shows as unreported. */
  readonly unreportedHours = this.boundedGetter('unreportedHours');
  /** Hours without a run that did not fail after which a node shows "no successful run". */
  readonly noSuccessWithinHours = this.boundedGetter('history.noSuccessWithinHours');
  /** Rows per page of PQL results; 0 fetches everything at once. */
  readonly resultsPageSize = this.boundedGetter('pql.pageSize');
  /** Whether .pql files are checked by the server (ast_only) as the user types. */
  readonly validateOnType = this.settingGetter('pql.validateOnType');
  /** Seconds between the overview's automatic refreshes while it is visible; 0: off. */
  readonly overviewAutoRefreshSeconds = this.boundedGetter('overview.autoRefreshSeconds');
  /** The most events an events table holds. */
  readonly maxEvents = this.boundedGetter('events.maxEvents');
  /** Whether .pp files show "on N nodes" above their classes, defines and nodes. */
  readonly codeLenses = this.settingGetter('code.lenses');
  /** Whether open .pp files mark resources that failed in the fleet's latest runs. */
  readonly codeFailureDiagnostics = this.settingGetter('code.failureDiagnostics');

  private get configuration(): vscode.WorkspaceConfiguration {
    return vscode.workspace.getConfiguration(ConfigurationSection);
  }

  /**
   * The connections of the user's settings. A workspace's value is never read: it could give a
   * connection id the user has another URL, and the user's secrets would follow the id there.
   * (The setting is application-scoped, so VS Code drops workspace values as well.)
   */
  connections(): ConnectionSettings[] {
    return this.userConnectionEntries().filter(isUsableConnection);
  }

  /** The user's list as it is, entries the extension can't use included (saves keep them). */
  userConnectionEntries(): unknown[] {
    const value = this.configuration.inspect<unknown>('connections')?.globalValue;
    return Array.isArray(value) ? value : [];
  }

  async saveConnections(entries: unknown[]): Promise<void> {
    await this.configuration.update('connections', entries, vscode.ConfigurationTarget.Global);
  }

  /** What the PQL results panel holds of one query before it stops and says "truncated". */
  resultLimits(): { maxRows: number; maxBytes: number } {
    return {
      maxRows: this.bounded('pql.maxRows'),
      maxBytes: this.bounded('pql.maxResultMB') * MB,
    };
  }

  /** The inventory table's columns (fact paths), those an extract can name; certname comes first anyway. */
  inventoryColumns(): string[] {
    const value: unknown = this.value('inventory.columns');
    const columns = Array.isArray(value) ? value : [];
    return [
      ...new Set(
        columns.filter(
          (column): column is string =>
            typeof column === 'string' && column !== CERTNAME_COLUMN && isInventoryColumn(column),
        ),
      ),
    ];
  }

  /** What the catalogs kept for "compare with the previous catalog" may take. */
  keptCatalogLimits(): { maxBytes: number; maxNodes: number } {
    return {
      maxBytes: this.bounded('graph.keptCatalogsMB') * MB,
      maxNodes: this.bounded('graph.keptCatalogsNodes'),
    };
  }

  /**
   * Server folder → local folder, for manifests the path suffix can't find (a module alone). None
   * until the workspace is trusted: a workspace's value is dropped by VS Code then
   * (restrictedConfigurations), and the user's own mappings wait too, since where they lead
   * depends on the folder open. Where each may lead is checked when it is followed
   * (code/mappingTarget.ts).
   */
  codePathMappings(): Record<string, string> {
    if (!vscode.workspace.isTrusted) return {};
    const value: unknown = this.value('code.pathMappings');
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  }

  /**
   * The pattern that takes a commit id out of a configuration version ('' for the default rule:
   * a version that is a commit id). A workspace's value counts only in a trusted workspace: the
   * pattern runs on every version PuppetDB answers.
   */
  historyCommitPattern(): string {
    const value: unknown = vscode.workspace.isTrusted
      ? this.value('history.commitPattern')
      : this.configuration.inspect<unknown>('history.commitPattern')?.globalValue;
    return typeof value === 'string' ? value : SETTING_DEFAULTS['history.commitPattern'];
  }

  /**
   * The pattern of a node's role class (its peers are the nodes with that class). A workspace's
   * value counts only in a trusted workspace: the pattern runs on every class of a catalog.
   */
  peersRolePattern(): string {
    const value: unknown = vscode.workspace.isTrusted
      ? this.value('peers.rolePattern')
      : this.configuration.inspect<unknown>('peers.rolePattern')?.globalValue;
    return typeof value === 'string' ? value : SETTING_DEFAULTS['peers.rolePattern'];
  }

  private boundedGetter(key: NumberSettingKey): () => number {
    return () => this.bounded(key);
  }

  private settingGetter<K extends SettingKey>(key: K): () => (typeof SETTING_DEFAULTS)[K] {
    return () => this.value(key);
  }

  /** A number setting within its bounds (a hand-edited settings.json may exceed the schema's). */
  private bounded(key: NumberSettingKey): number {
    return boundedSetting(key, this.configuration.get<unknown>(key));
  }

  /** A setting's value, or its default (the one package.json declares) when unset. */
  private value<K extends SettingKey>(key: K): (typeof SETTING_DEFAULTS)[K] {
    return this.configuration.get(key, SETTING_DEFAULTS[key]);
  }

  onDidChange(listener: () => void): vscode.Disposable {
    return vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration(ConfigurationSection)) listener();
    });
  }
}

const MB = 1_000_000;

/** An entry of the user's list with the id and URL a connection needs. */
function isUsableConnection(entry: unknown): entry is ConnectionSettings {
  const { id, url } = (entry ?? {}) as Partial<ConnectionSettings>;
  return typeof id === 'string' && id !== '' && typeof url === 'string' && url !== '';
}
