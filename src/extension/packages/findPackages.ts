/**
 * "PuppetDB: Find Packages…": a package name (completed from PuppetDB), then its versions with
 * their node counts and providers, newest first in each provider's ordering; "Older than…"
 * keeps the versions a CVE cares about; a version (or every version left) opens its nodes, and a
 * node opens in the tree. Quick picks rather than a panel: this is a keyboard-first triage
 * question ("which nodes run openssl older than 3.0.13?") that starts from the palette, filters
 * as one types, and ends on a node in the tree; every label is text, so a package named like
 * markup stays inert. "Export CSV" saves the nodes behind what is listed.
 */
import * as vscode from 'vscode';
import type { Node, PuppetDB } from '../../client';
import { showNodeList } from '../fleet/nodeListPicker';
import { inert } from '../inertText';
import { pickFromServer, quickButton } from '../pickers';
import { resolveCommandTarget } from '../commands/commandTarget';
import { exportRows } from '../export/exportRows';
import type { Services } from '../services';
import {
  olderThan,
  packageHolders,
  packageNames,
  packageVersions,
  type PackageHolder,
  type PackageVersion,
} from './packageQueries';
import { rowsAtMost } from '../truncationNotice';

/**
 * What the command may be told instead of asking (tests, other views). Never where to write: a
 * command argument chooses no file (the test API's `findPackages` names one; the user picks one
 * in the save dialog).
 */
export interface FindPackagesTarget {
  connectionId: string;
  name?: string;
  /** Keep only versions older than this (in each provider's ordering). */
  olderThan?: string;
  /** With `name`: also show the node list of the versions found, as picking them would. */
  listNodes?: boolean;
}

/** What the command answers once it was told everything (tests read it). */
export interface FindPackagesResult {
  name: string;
  versions: PackageVersion[];
  holders: PackageHolder[];
  exported?: string;
  /** With `listNodes`: the nodes the list showed, in its order. */
  listed?: Array<{ certname: string; status?: string | null; detail?: string }>;
}

/** `exportTo` (with a `name`): the CSV of the nodes is written there; the test API's only. */
export async function findPackages(
  services: Services,
  argument?: unknown,
  exportTo?: vscode.Uri,
): Promise<FindPackagesResult | undefined> {
  // the connection: a connection of the tree, one of the user's named, or asked (commandTarget.ts)
  const asked = await resolveCommandTarget(services, argument, {
    command: vscode.l10n.t('Find Packages'),
    connection: 'ask',
    target: ({ fields }): Partial<FindPackagesTarget> => fields,
  });
  if (!asked) return undefined;
  const { connectionId, target } = asked;
  const client = await services.store.client(connectionId);
  if (typeof target.name === 'string' && target.name) {
    const found = await answer(client, target.name, target.olderThan, exportTo);
    if (!target.listNodes) return found;
    return { ...found, listed: await listNodes(services, client, connectionId, found) };
  }
  const name = await pickPackageName(client);
  if (!name) return undefined;
  await browseVersions(services, client, connectionId, name);
  return undefined;
}

/** The whole answer without a question (the command told what to find). */
async function answer(
  client: PuppetDB,
  name: string,
  threshold: string | undefined,
  exportTo: vscode.Uri | undefined,
): Promise<FindPackagesResult> {
  const all = await packageVersions(client, name);
  const versions = threshold ? olderThan(all, threshold) : all;
  const holders = await packageHolders(client, name, versions);
  const exported = exportTo ? (await exportHolders(name, holders, exportTo))?.fsPath : undefined;
  return { name, versions, holders, exported };
}

function exportHolders(
  name: string,
  holders: readonly PackageHolder[],
  target?: vscode.Uri,
): Promise<vscode.Uri | undefined> {
  const rows = holders.map((holder) => ({ package_name: name, ...holder }));
  // the rows export writes the file (CSV cells that a spreadsheet would run are neutralised there)
  return exportRows(rows, 'csv', { fileStem: 'packages', hasMore: false, target });
}

/** Every package name, filtered as the user types; a name typed by hand is taken too. */
async function pickPackageName(client: PuppetDB): Promise<string | undefined> {
  const picked = await pickFromServer({
    title: vscode.l10n.t('Find Packages'),
    placeholder: vscode.l10n.t('Package name (e.g. openssl)'),
    failedPlaceholder: (message) =>
      vscode.l10n.t('Type a package name (names could not be listed: {0})', message),
    load: async (signal) =>
      // the name is kept as it is; the label shows it inert (a link or an icon stays text)
      (await packageNames(client, signal)).map((name) => ({ label: inert(name), name })),
  });
  return picked?.item?.name ?? picked?.typed;
}

interface VersionItem extends vscode.QuickPickItem {
  versions: PackageVersion[];
}

/** The versions of one package; a version (or "all listed") opens its nodes. */
async function browseVersions(
  services: Services,
  client: PuppetDB,
  connectionId: string,
  name: string,
): Promise<void> {
  const all = await packageVersions(client, name);
  // the name typed or listed, and every version and provider, as text (no link, no icon)
  const shownName = inert(name);
  if (all.length === 0) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('No node has a package named "{0}".', shownName),
    );
    return;
  }
  const filterButton: vscode.QuickInputButton = quickButton(
    'filter',
    vscode.l10n.t('Only versions older than…'),
  );
  const clearButton: vscode.QuickInputButton = quickButton(
    'clear-all',
    vscode.l10n.t('All versions'),
  );
  const exportButton: vscode.QuickInputButton = quickButton(
    'save',
    vscode.l10n.t('Export the nodes of the listed versions as CSV'),
  );
  const quickPick = vscode.window.createQuickPick<VersionItem>();
  quickPick.ignoreFocusOut = true;
  quickPick.matchOnDescription = true;
  let threshold: string | undefined;
  // the "older than" input box hides the list for a moment: that hide must not end it
  let asking = false;
  const show = () => {
    const listed = threshold ? olderThan(all, threshold) : all;
    const nodes = listed.reduce((sum, entry) => sum + entry.nodes, 0);
    quickPick.title = threshold
      ? vscode.l10n.t(
          '{0} older than {1}: {2} versions on {3} nodes',
          shownName,
          inert(threshold),
          listed.length,
          nodes,
        )
      : vscode.l10n.t('{0}: {1} versions on {2} nodes', shownName, listed.length, nodes);
    quickPick.placeholder = vscode.l10n.t('A version opens its nodes');
    quickPick.buttons = threshold
      ? [filterButton, clearButton, exportButton]
      : [filterButton, exportButton];
    const everyListed: VersionItem[] =
      threshold && listed.length > 0
        ? [
            {
              label: vscode.l10n.t('$(filter) Every node older than {0}', inert(threshold)),
              detail: vscode.l10n.t('{0} nodes', nodes),
              versions: listed,
              alwaysShow: true,
            },
          ]
        : [];
    quickPick.items = [
      ...everyListed,
      ...listed.map((entry) => ({
        label: inert(entry.version),
        description: inert(entry.provider),
        detail: vscode.l10n.t('{0} nodes', entry.nodes),
        versions: [entry],
      })),
    ];
    return listed;
  };
  let listed = show();
  quickPick.onDidTriggerButton(async (button) => {
    if (button === clearButton) {
      threshold = undefined;
      listed = show();
    } else if (button === filterButton) {
      asking = true;
      const typed = await vscode.window.showInputBox({
        title: vscode.l10n.t('{0}: versions older than', shownName),
        prompt: vscode.l10n.t("Compared in each provider's ordering (dpkg, rpm, gem, pip)"),
        value: threshold ?? all[0]?.version,
        ignoreFocusOut: true,
      });
      asking = false;
      if (typed?.trim()) threshold = typed.trim();
      listed = show();
      quickPick.show();
    } else if (button === exportButton) {
      quickPick.busy = true;
      try {
        await exportHolders(name, await packageHolders(client, name, listed));
      } finally {
        quickPick.busy = false;
      }
    }
  });
  quickPick.onDidAccept(() => {
    const picked = quickPick.selectedItems[0];
    if (!picked) return;
    quickPick.hide();
    void listNodes(services, client, connectionId, { name, versions: picked.versions });
  });
  quickPick.onDidHide(() => {
    if (!asking) quickPick.dispose();
  });
  quickPick.show();
}

/**
 * The node list of `versions` (failures on top, each one click from the tree, its graph and its
 * latest report), each with the version it holds; resolves with what it listed.
 */
async function listNodes(
  services: Services,
  client: PuppetDB,
  connectionId: string,
  { name, versions }: { name: string; versions: readonly PackageVersion[] },
): Promise<FindPackagesResult['listed']> {
  const label =
    versions.length === 1
      ? inert(versions[0]!.version)
      : vscode.l10n.t('{0} versions', versions.length);
  let held = new Map<string, string>();
  const nodes = await showNodeList({
    connectionId,
    title: vscode.l10n.t('Nodes with {0} {1}', inert(name), label),
    load: async (signal) => {
      const found = await nodesHolding(services, client, name, versions, signal);
      held = found.held;
      return found.nodes;
    },
    detail: (node) => {
      const version = held.get(node.name);
      return version === undefined ? undefined : inert(version);
    },
  });
  return nodes?.map((node) => ({
    certname: node.name,
    status: node.status,
    detail: held.get(node.name),
  }));
}

/**
 * The nodes holding `name` in one of `versions`, with their run status, and which version each
 * holds (a node may hold builds of several providers).
 */
async function nodesHolding(
  services: Services,
  client: PuppetDB,
  name: string,
  versions: readonly PackageVersion[],
  signal: AbortSignal,
): Promise<{ nodes: Node[]; held: Map<string, string> }> {
  const held = new Map<string, string>();
  for (const holder of await packageHolders(client, name, versions, signal)) {
    const version = `${holder.version} · ${holder.provider}`;
    const earlier = held.get(holder.certname);
    held.set(holder.certname, earlier ? `${earlier}, ${version}` : version);
  }
  if (held.size === 0) return { nodes: [], held };
  const nodes = await rowsAtMost(
    client.nodes({
      query: ['in', 'certname', ['array', [...held.keys()]]],
      withStatus: true,
      unreported: services.settings.unreportedHours(),
      // one certname per holder: a long list would not fit in a URL
      requestMethod: 'POST',
      signal,
    }),
    // one node per certname asked
    held.size,
    vscode.l10n.t('The nodes holding {0}', inert(name)),
  );
  return { nodes, held };
}
