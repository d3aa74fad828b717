import * as vscode from 'vscode';
import type { ConnectionFormResult } from '../connections/connectionChange';
import { connectionForm } from '../connections/connectionForm';
import { applyConnectionForm } from '../connections/saveConnection';
import { checkEachServer, describeServerChecks } from '../connections/serverCheck';
import { serverUrlsOf } from '../connections/serverUrls';
import { Commands } from '../ids';
import { inert } from '../inertText';
import type { Services } from '../services';
import { ConnectionNode } from '../tree/connectionNode';
import { ExplorerNode } from '../tree/explorerNode';
import { FactValueNode } from '../tree/factNodes';
import type { HealthSignal } from '../fleetHealth';
import type { NodeFilter } from '../tree/nodeFilter';
import type { NodesFolder } from '../tree/nodesFolder';
import { PuppetNodeNode } from '../tree/puppetNodeNode';
import { ErrorNode, type LoadMoreNode } from '../tree/simpleNodes';
import { confirmPrefilled, importConnections, storedSecrets } from './connectionCommands';
import { registerGuardedCommand } from './registerGuardedCommand';
import { MAX_LIST_ROWS } from '../boundedRows';
import { rowsAtMost } from '../truncationNotice';

/** Registers every command; each handler is small and delegates to the services. */
export function registerCommands(services: Services): vscode.Disposable[] {
  const { store, explorer, statusBar } = services;
  const register = (id: string, handler: (...args: never[]) => unknown) =>
    registerGuardedCommand(services.errors, id, handler);

  /**
   * A connection node of the tree, an error item under one, a connection's id (error actions),
   * or else the user's pick.
   */
  const connectionOf = async (
    node?: ConnectionNode | ErrorNode | string,
  ): Promise<string | undefined> => {
    if (node instanceof ConnectionNode) return node.connection.id;
    const ofErrorItem = node instanceof ErrorNode ? explorer.connectionOf(node) : undefined;
    if (ofErrorItem) return ofErrorItem;
    if (typeof node === 'string' && store.get(node)) return node;
    const picked = await vscode.window.showQuickPick(
      store.list().map((connection) => ({
        label: inert(connection.name),
        description: inert(connection.url),
        id: connection.id,
      })),
      { title: vscode.l10n.t('PuppetDB connection') },
    );
    return picked?.id;
  };

  /** The PuppetDB version and state of a connection (each server's, when it has several). */
  const testConnection = async (id: string) => {
    const connection = store.get(id);
    if (connection && serverUrlsOf(connection).length > 1) {
      // each server on its own: one that is down is said even while another answers
      const servers = await checkEachServer(store, connection);
      const message = describeServerChecks(inert(connection.name), servers);
      const answered = servers.find((server) => server.error === undefined);
      if (servers.every((server) => server.error === undefined)) {
        void vscode.window.showInformationMessage(message);
      } else {
        void vscode.window.showWarningMessage(message);
      }
      return { version: answered?.version, state: answered?.state, servers };
    }
    const client = await store.client(id);
    const [version, status] = await Promise.all([client.currentVersion(), client.status()]);
    // the server's version and state: a link or an icon in them stays text
    const message = vscode.l10n.t(
      '{0}: PuppetDB {1}, {2}',
      inert(connection?.name ?? id),
      inert(version),
      inert(status.state),
    );
    void vscode.window.showInformationMessage(message);
    return { version, state: status.state };
  };

  return [
    // an argument (another extension, a link) is confirmed in a modal naming its server first
    register(Commands.addConnection, async (prefilled?: unknown) => {
      const result =
        prefilled === undefined ? await connectionForm() : await confirmPrefilled(store, prefilled);
      return result && addConnection(services, result);
    }),
    register(Commands.editConnection, async (node?: ConnectionNode | ErrorNode) => {
      const id = await connectionOf(node);
      const existing = id ? store.get(id) : undefined;
      if (!existing) return undefined;
      const result = await connectionForm(existing, await storedSecrets(store, existing.id));
      return result ? applyConnectionForm(store, result) : undefined;
    }),
    register(Commands.renameConnection, async (node?: ConnectionNode) => {
      const id = await connectionOf(node);
      const existing = id ? store.get(id) : undefined;
      if (!existing) return;
      const name = await vscode.window.showInputBox({
        title: vscode.l10n.t('Rename connection'),
        value: existing.name,
      });
      if (name?.trim()) await store.save({ ...existing, name: name.trim() });
    }),
    register(Commands.removeConnection, async (node?: ConnectionNode) => {
      const id = await connectionOf(node);
      const existing = id ? store.get(id) : undefined;
      if (!existing) return;
      const remove = vscode.l10n.t('Remove');
      const answer = await vscode.window.showWarningMessage(
        vscode.l10n.t('Remove the connection "{0}" and its stored secrets?', inert(existing.name)),
        { modal: true },
        remove,
      );
      if (answer === remove) await store.remove(existing.id);
    }),
    register(Commands.testConnection, async (node?: ConnectionNode | string) => {
      const id = await connectionOf(node);
      if (!id) return undefined;
      try {
        return await testConnection(id);
      } catch (error) {
        // said here, where the connection is known (picked or not): Edit Connection can open it
        void services.errors.show('Test Connection', error, {
          connectionId: id,
          retry: () => vscode.commands.executeCommand(Commands.testConnection, id),
        });
        return undefined;
      }
    }),
    // puppet query's own files only: an argument naming others is not followed
    register(Commands.importConnections, (source?: unknown) => {
      if (source !== undefined) {
        services.log.warn(
          'Import Connections ignored the argument it was run with: a command argument never chooses the files it reads.',
        );
      }
      return importConnections(store);
    }),
    // the status bar's click: switch connection, or open the active one's overview
    register(Commands.switchConnection, async (id?: unknown) => {
      const known = typeof id === 'string' && store.get(id) ? id : undefined;
      const target = known ?? (await statusBarMenu(services));
      if (target === OPEN_OVERVIEW) {
        return vscode.commands.executeCommand(Commands.openOverview, {
          connectionId: statusBar.activeConnectionId,
        });
      }
      if (target) await statusBar.setActive(target);
      return undefined;
    }),
    register(Commands.refresh, (node?: ExplorerNode) => {
      node?.reset();
      explorer.refresh(node);
      if (!node) void statusBar.update();
    }),
    register(Commands.loadMore, (node: LoadMoreNode) => node.owner.loadMore()),
    register(Commands.showLog, () => services.log.show(true)),
    register(Commands.retry, (node: ErrorNode) => {
      services.log.info('Retry of a failed tree load');
      node.retryTarget?.reset();
      explorer.refresh(node.retryTarget);
    }),
    register(Commands.filterNodes, async (folder: NodesFolder, preset?: NodeFilter) => {
      const filter = preset ?? (await askFilter(services, folder));
      if (!filter) return;
      folder.setFilter(filter);
      explorer.refresh(folder);
    }),
    register(Commands.clearNodeFilter, (folder: NodesFolder) => {
      folder.setFilter(undefined);
      explorer.refresh(folder);
    }),
    // the tree's own items only: an argument never puts text of its choosing on the clipboard
    register(Commands.copyCertname, async (node: unknown) => {
      if (node instanceof PuppetNodeNode) await vscode.env.clipboard.writeText(node.node.name);
    }),
    register(Commands.copyValue, async (node: unknown) => {
      if (!(node instanceof FactValueNode)) return;
      await vscode.env.clipboard.writeText(
        typeof node.value === 'string' ? node.value : JSON.stringify(node.value, null, 2),
      );
    }),
    register(Commands.openAsJson, async (node: unknown) => {
      if (!(node instanceof ExplorerNode)) return undefined;
      const document = await vscode.workspace.openTextDocument({
        language: 'json',
        content: `${JSON.stringify(await node.json(), null, 2)}\n`,
      });
      await vscode.window.showTextDocument(document, { preview: true });
      return document;
    }),
    // a tree node, or `{ connectionId, certname }`; the user always confirms in a modal that
    // names the node and the PuppetDB it is deactivated on (no argument skips that)
    register(Commands.deactivateNode, async (argument: unknown) => {
      const target = deactivationTarget(argument);
      const connection = target && store.get(target.connectionId);
      if (!target || !connection) {
        void vscode.window.showErrorMessage(
          target
            ? vscode.l10n.t(
                'Deactivate Node: there is no PuppetDB connection "{0}".',
                inert(target.connectionId),
              )
            : vscode.l10n.t(
                'Deactivate Node needs a node of the PuppetDB explorer (or {0}); nothing was deactivated.',
                '{ connectionId, certname }',
              ),
        );
        return undefined;
      }
      const deactivate = vscode.l10n.t('Deactivate');
      const answer = await vscode.window.showWarningMessage(
        vscode.l10n.t('Deactivate {0} on {1}?', inert(target.certname), inert(connection.name)),
        {
          modal: true,
          detail: vscode.l10n.t(
            'PuppetDB {0} stops returning {1} until it checks in again.',
            inert(connection.url),
            inert(target.certname),
          ),
        },
        deactivate,
      );
      if (answer !== deactivate) return undefined;
      const client = await store.client(connection.id);
      const result = await client.command(
        'deactivate node',
        { certname: target.certname, producer_timestamp: new Date().toISOString() },
        { waitSeconds: 10 },
      );
      explorer.refresh();
      return result;
    }),
  ];
}

/**
 * Saves a connection Add Connection was given (the form's, a confirmed argument's, the test
 * API's) and makes it the active one when none is.
 */
export async function addConnection(
  services: Services,
  result: ConnectionFormResult,
): Promise<string> {
  const id = await applyConnectionForm(services.store, result);
  if (!services.statusBar.activeConnectionId) await services.statusBar.setActive(id);
  return id;
}

const OPEN_OVERVIEW = Symbol('open overview');

/** The status bar's menu: the connections to switch to, and the active one's overview. */
async function statusBarMenu(
  services: Services,
): Promise<string | typeof OPEN_OVERVIEW | undefined> {
  const active = services.statusBar.activeConnectionId;
  const activeName = active ? services.store.get(active)?.name : undefined;
  const items: Array<vscode.QuickPickItem & { id?: string | typeof OPEN_OVERVIEW }> = [
    ...services.store.list().map((connection) => ({
      label: inert(connection.name),
      description: inert(connection.url),
      id: connection.id,
    })),
  ];
  if (activeName !== undefined) {
    items.push(
      { label: '', kind: vscode.QuickPickItemKind.Separator },
      {
        label: `$(dashboard) ${vscode.l10n.t('Open Overview')}`,
        description: inert(activeName),
        id: OPEN_OVERVIEW,
      },
    );
  }
  const picked = await vscode.window.showQuickPick(items, { title: 'PuppetDB connection' });
  return picked?.id;
}

/** The node a Deactivate Node call names, if its argument is one the command takes. */
function deactivationTarget(
  argument: unknown,
): { connectionId: string; certname: string } | undefined {
  if (argument instanceof PuppetNodeNode) {
    return { connectionId: argument.connectionId, certname: argument.node.name };
  }
  if (typeof argument !== 'object' || argument === null || Array.isArray(argument)) {
    return undefined;
  }
  const { connectionId, certname, ...rest } = argument as Record<string, unknown>;
  return typeof connectionId === 'string' &&
    typeof certname === 'string' &&
    connectionId !== '' &&
    certname.trim() !== '' &&
    Object.keys(rest).length === 0
    ? { connectionId, certname }
    : undefined;
}

async function askFilter(services: Services, folder: NodesFolder): Promise<NodeFilter | undefined> {
  const client = await services.store.client(folder.connectionId);
  const rows = (await rowsAtMost(
    client.stream('environments', {}),
    MAX_LIST_ROWS,
    vscode.l10n.t('The environments'),
  )) as Array<{ name?: unknown }>;
  // the name is kept as it is; the label shows it inert (a link or an icon stays text)
  const environments = rows.map((row) => ({ label: inert(row.name), name: String(row.name) }));
  const current = folder.currentFilter() ?? {};
  const any = vscode.l10n.t('(any)');
  const environment = await vscode.window.showQuickPick(
    [{ label: any, name: undefined }, ...environments],
    { title: vscode.l10n.t('Filter nodes: environment') },
  );
  if (!environment) return undefined;
  // the latest status, or a health signal beyond it (fleetHealth.ts)
  const hours = services.settings.noSuccessWithinHours();
  const healthItems: Array<vscode.QuickPickItem & { health?: HealthSignal }> = [
    { label: vscode.l10n.t('health'), kind: vscode.QuickPickItemKind.Separator },
    {
      label: vscode.l10n.t('no successful run within {0} h', hours),
      description: 'history.noSuccessWithinHours',
      health: 'noSuccessWithin',
    },
    { label: vscode.l10n.t('latest run unchanged with errors'), health: 'unchangedWithErrors' },
    { label: vscode.l10n.t('latest run made corrective changes'), health: 'corrective' },
  ];
  const picked = await vscode.window.showQuickPick<
    vscode.QuickPickItem & { health?: HealthSignal }
  >(
    [
      { label: any },
      { label: 'failed' },
      { label: 'changed' },
      { label: 'unchanged' },
      { label: 'noop' },
      { label: 'unreported' },
      ...healthItems,
    ],
    {
      title: vscode.l10n.t('Filter nodes: latest status or health'),
    },
  );
  if (!picked) return undefined;
  const health = picked.health;
  const status = health ? any : picked.label;
  const namePattern = await vscode.window.showInputBox({
    title: vscode.l10n.t('Filter nodes: certname (regular expression, empty for any)'),
    value: current.namePattern ?? '',
  });
  if (namePattern === undefined) return undefined;
  return {
    environment: environment.name,
    status: status === any ? undefined : (status as NodeFilter['status']),
    health,
    namePattern: namePattern || undefined,
  };
}
