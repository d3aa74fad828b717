/**
 * Hiera and the fleet: in a data file, who reads it (lens, hover, the list of nodes) and a key
 * looked up across the fleet; on a node of the tree, its lookup order and a key looked up on it.
 * Every answer comes from the workspace's hiera.yaml and data files (hieraWorkspace.ts), the
 * fleet's facts (fleetScopes.ts) and the engine in src/shared/hiera. A command's argument names a
 * connection, a node, a key, and at most a data file the workspace already holds: never a file of
 * its own choosing.
 */
import * as vscode from 'vscode';
import type { DataFileCandidate } from '../../shared/hiera/dataFiles';
import type { NodeScope } from '../../shared/hiera/scope';
import {
  namedOrPickedNode,
  registerViewCommand,
  resolveCommandTarget,
  type CommandArgument,
} from '../commands/commandTarget';
import { registerGuardedCommand } from '../commands/registerGuardedCommand';
import type { Feature } from '../feature';
import { showNodeList } from '../fleet/nodeListPicker';
import { nodesMatching } from '../fleet/nodesMatching';
import { Commands } from '../ids';
import { inert } from '../inertText';
import { MarkdownDocuments } from '../markdownDocuments';
import type { Services } from '../services';
import { noteTruncated } from '../truncationNotice';
import { dataFileHover, DataFileLensProvider, readersLabel } from './dataFileLenses';
import { DATA_FILES } from './hieraFiles';
import { keyAt, keyProblem, MAX_KEY_CHARS } from './dataFileKeys';
import { FleetScopes } from './fleetScopes';
import {
  lookUpAcrossFleet,
  lookUpOnNode,
  lookupOrder,
  skippedFor,
  type FleetLookup,
  type NodeLookup,
} from './hieraAnswers';
import { fleetLookupMarkdown, nodeLookupMarkdown } from './hieraDocuments';
import { HieraFleet } from './hieraFleet';
import type { HieraCode } from './hieraWorkspace';
import { HieraWorkspace } from './hieraWorkspace';

/** The answers' scheme: read-only documents, their text kept until their editor closes. */
export const HIERA_SCHEME = 'puppetdb-hiera';

/** What the key lookups answer (host tests compare it with PuppetDB). */
export interface HieraLookupInfo<T> {
  lookup: T;
  document: string;
}

/** What Hiera Lookup Order lists (its quick pick stays open for the user). */
export interface LookupOrderInfo {
  certname: string;
  environment: string;
  candidates: DataFileCandidate[];
}

export interface HieraFeature extends Feature {
  /**
   * The nodes that read a data file of the workspace's Hiera code, for the blast radius of a
   * change to it; undefined in Restricted Mode (the hierarchy names the facts asked) or for a file
   * that is no present data file of a workspace folder's hiera.yaml.
   */
  certnamesReading(
    connectionId: string,
    file: vscode.Uri,
  ): Promise<ReadonlySet<string> | undefined>;
}

export function registerHiera(services: Services): HieraFeature {
  const workspace = new HieraWorkspace();
  const scopes = new FleetScopes(
    (id) => services.store.client(id),
    (max) => noteTruncated(vscode.l10n.t("The fleet's facts for Hiera"), max),
  );
  const fleet = new HieraFleet(workspace, scopes);
  const documents = new MarkdownDocuments(HIERA_SCHEME);
  const lenses = new DataFileLensProvider(services, fleet);
  const again = () => {
    scopes.clear();
    lenses.refresh();
  };

  /**
   * Hiera's answers read the workspace's hiera.yaml and data, and its hierarchy names the facts
   * asked of PuppetDB: in Restricted Mode they wait, as the lenses do, and the user is told why.
   */
  const requireTrust = (command: string) => {
    if (services.trust.isTrusted) return;
    services.trust.hold(`${command} (Hiera)`);
    throw new Error(
      vscode.l10n.t(
        "{0}: Restricted Mode. Hiera's answers read this workspace's hiera.yaml and data files: trust the workspace first.",
        command,
      ),
    );
  };

  /** The control repository of a data file the argument or the active editor names. */
  const dataFileOf = async (argument: CommandArgument, command: string) => {
    requireTrust(command);
    const named = argument.fields.file;
    const uri =
      typeof named === 'string' && named.length <= 10_000
        ? vscode.Uri.parse(named, true)
        : vscode.window.activeTextEditor?.document.uri;
    const found = uri && (await workspace.dataFileAt(uri));
    if (!found?.code.config) {
      throw new Error(
        vscode.l10n.t(
          '{0}: open a Hiera data file of the workspace (under the datadir of a hiera.yaml) first.',
          command,
        ),
      );
    }
    return { uri: uri!, code: found.code, config: found.code.config, path: found.path };
  };

  /**
   * A node's scope: its environment as the fleet's scopes have it, and all its facts (one
   * inventory row), which the values' own %{…} may use beyond what the hierarchy needs.
   */
  const scopeOf = async (
    connectionId: string,
    code: HieraCode,
    certname: string,
  ): Promise<NodeScope> => {
    const [{ scopes: all }, client] = await Promise.all([
      fleet.scopesFor(connectionId, code),
      services.store.client(connectionId),
    ]);
    const scope = all.find((candidate) => candidate.certname === certname);
    if (!scope) {
      throw new Error(
        vscode.l10n.t(
          '{0} is no active node of this PuppetDB: Hiera has no facts of it.',
          inert(certname),
        ),
      );
    }
    // the node's one row: a server that sends more is read no further
    const row = (await client
      .stream('inventory', {
        query: ['extract', ['facts', 'trusted'], ['=', 'certname', certname]],
        signal: AbortSignal.timeout(30_000),
      })
      .first()) as { facts?: unknown; trusted?: unknown } | undefined;
    const record = (value: unknown) =>
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : undefined;
    return {
      ...scope,
      facts: record(row?.facts) ?? scope.facts,
      trusted: { ...(record(row?.trusted) ?? scope.trusted), certname },
    };
  };

  return {
    certnamesReading: async (connectionId, file) =>
      services.trust.isTrusted ? fleet.certnamesReading(connectionId, file) : undefined,
    disposables: [
      workspace,
      documents,
      vscode.languages.registerCodeLensProvider(DATA_FILES, lenses),
      vscode.languages.registerHoverProvider(DATA_FILES, dataFileHover(services, fleet)),
      workspace.onDidChange(() => lenses.refresh()),
      services.statusBar.onDidChangeActive(again),
      services.store.onDidChange(again),
      services.settings.onDidChange(() => lenses.refresh()),
      services.trust.onDidGrant(again),
      registerGuardedCommand(
        services.errors,
        Commands.showHieraReaders,
        async (argument?: unknown) => {
          const command = vscode.l10n.t('Show Nodes Reading This Data File');
          const asked = await resolveCommandTarget(services, argument, {
            command,
            connection: 'active',
            target: (read) => dataFileOf(read, command),
          });
          if (!asked) return undefined;
          const { connectionId, target } = asked;
          const found = await fleet.readersOf(connectionId, target.uri);
          const certnames = new Set(found?.readers.certnames ?? []);
          return showNodeList({
            connectionId,
            title: vscode.l10n.t(
              'Nodes reading {0}: {1}',
              inert(target.path),
              found ? readersLabel(found.readers) : vscode.l10n.t('read by no node'),
            ),
            load: async (signal) =>
              (
                await nodesMatching(services, connectionId, ['=', 'node_state', 'active'], signal)
              ).filter((node) => certnames.has(node.name)),
          });
        },
      ),
      registerGuardedCommand(
        services.errors,
        Commands.lookUpKeyAcrossFleet,
        async (argument?: unknown): Promise<HieraLookupInfo<FleetLookup> | undefined> => {
          const command = vscode.l10n.t('Look Up This Key Across the Fleet');
          const asked = await resolveCommandTarget(services, argument, {
            command,
            connection: 'active',
            target: async (read) => {
              const file = await dataFileOf(read, command);
              const key = keyOfArgument(read, command) ?? keyUnderCursor(file.uri);
              if (key === undefined) {
                throw new Error(
                  vscode.l10n.t('{0}: put the cursor on a key of the data file.', command),
                );
              }
              return { ...file, key };
            },
          });
          if (!asked) return undefined;
          const { connectionId, target } = asked;
          const lookup = await vscode.window.withProgress(
            {
              location: vscode.ProgressLocation.Window,
              title: vscode.l10n.t('Looking up {0} across the fleet…', inert(target.key)),
            },
            async () => {
              const { scopes: all } = await fleet.scopesFor(connectionId, target.code);
              return lookUpAcrossFleet(
                target.key,
                target.config,
                all,
                target.code.present,
                fleet.reader(target.code),
              );
            },
          );
          const name = services.store.get(connectionId)?.name ?? connectionId;
          const document = await documents.show(
            'hiera-key',
            fleetLookupMarkdown(lookup, target.config, name),
          );
          return { lookup, document };
        },
      ),
      registerViewCommand(services, Commands.hieraLookupOrder, {
        command: vscode.l10n.t('Hiera Lookup Order'),
        connection: 'active',
        target: (argument, connectionId) => namedOrPickedNode(services, argument, connectionId),
        open: async ({ connectionId, target: certname }): Promise<LookupOrderInfo | undefined> => {
          const code = await pickCode(workspace, vscode.l10n.t('Hiera Lookup Order'), requireTrust);
          if (!code) return undefined;
          const scope = await scopeOf(connectionId, code, certname);
          const candidates = lookupOrder(code.config!, scope, code.present);
          showLookupOrder(code, scope, candidates);
          return { certname, environment: scope.environment, candidates };
        },
      }),
      registerViewCommand(services, Commands.lookUpKeyOnNode, {
        command: vscode.l10n.t('Look Up a Key on This Node'),
        connection: 'active',
        target: async (argument, connectionId) => {
          const certname = await namedOrPickedNode(services, argument, connectionId);
          if (certname === undefined) return undefined;
          const key =
            keyOfArgument(argument, vscode.l10n.t('Look Up a Key on This Node')) ??
            (await askKey(certname));
          return key === undefined ? undefined : { certname, key };
        },
        open: async ({
          connectionId,
          target,
        }): Promise<HieraLookupInfo<NodeLookup> | undefined> => {
          const code = await pickCode(
            workspace,
            vscode.l10n.t('Look Up a Key on This Node'),
            requireTrust,
          );
          if (!code) return undefined;
          const config = code.config!;
          const scope = await scopeOf(connectionId, code, target.certname);
          const lookup = await lookUpOnNode(
            target.key,
            config,
            scope,
            code.present,
            fleet.reader(code),
          );
          const document = await documents.show(
            'hiera-node-key',
            nodeLookupMarkdown(lookup, config),
          );
          return { lookup, document };
        },
      }),
    ],
  };
}

/** A key the argument names (`{ key }`), checked; undefined when it names none. */
function keyOfArgument(argument: CommandArgument, command: string): string | undefined {
  const key = argument.fields.key;
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || keyProblem(key) !== undefined) {
    throw new Error(
      vscode.l10n.t('{0}: the key must be a Hiera key (one word, no spaces).', command),
    );
  }
  return key;
}

/** The top-level key at the active editor's cursor, in the data file `uri`. */
function keyUnderCursor(uri: vscode.Uri): string | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.uri.toString() !== uri.toString()) return undefined;
  const kind = uri.path.endsWith('.json') ? 'json' : 'yaml';
  return keyAt(editor.document.getText(), editor.selection.active.line, kind)?.key;
}

function askKey(certname: string): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    title: vscode.l10n.t('Look Up a Key on {0}', inert(certname)),
    prompt: vscode.l10n.t('A Hiera key, e.g. profile::ntp::servers or a dotted key.sub'),
    validateInput: (text) => {
      switch (keyProblem(text)) {
        case 'empty':
          return vscode.l10n.t('Type a key.');
        case 'long':
          return vscode.l10n.t('A key has at most {0} characters.', MAX_KEY_CHARS);
        case 'space':
          return vscode.l10n.t('A Hiera key has no spaces.');
        default:
          return undefined;
      }
    },
  });
}

/** The control repository to answer from: the only one, or the user's pick. */
async function pickCode(
  workspace: HieraWorkspace,
  command: string,
  requireTrust: (command: string) => void,
): Promise<HieraCode | undefined> {
  requireTrust(command);
  const codes = await workspace.all();
  const usable = codes.filter((code) => code.config);
  if (usable.length === 0) {
    const problems = codes.flatMap((code) => code.problems.map((problem) => inert(problem)));
    throw new Error(
      problems.length > 0
        ? vscode.l10n.t('{0}: hiera.yaml could not be read: {1}', command, problems.join(' '))
        : vscode.l10n.t(
            '{0}: no workspace folder has a hiera.yaml (version 5) at its root.',
            command,
          ),
    );
  }
  if (usable.length === 1) return usable[0];
  const picked = await vscode.window.showQuickPick(
    usable.map((code) => ({ label: inert(code.folder.name), code })),
    { placeHolder: vscode.l10n.t('Which control repository?') },
  );
  return picked?.code;
}

/** The node's data files in order; a present one opens when picked. */
function showLookupOrder(
  code: HieraCode,
  scope: NodeScope,
  candidates: readonly DataFileCandidate[],
): void {
  const items = candidates.map((candidate, index) => {
    const skipped = skippedFor(candidate);
    const description = skipped
      ? vscode.l10n.t(
          '{0} · skipped: {1} not set',
          inert(candidate.level),
          inert(skipped.join(', ')),
        )
      : candidate.backend.kind === 'custom'
        ? vscode.l10n.t(
            '{0} · custom backend {1}: skipped',
            inert(candidate.level),
            inert(candidate.backend.name),
          )
        : candidate.present
          ? vscode.l10n.t('{0} · present', inert(candidate.level))
          : vscode.l10n.t('{0} · missing', inert(candidate.level));
    return {
      label: inert(`${index + 1}. ${candidate.path}`),
      description,
      iconPath: new vscode.ThemeIcon(candidate.present && !skipped ? 'file' : 'circle-slash'),
      candidate,
    };
  });
  // the limits, as a last line of the answer (picking it does nothing)
  const limits: vscode.QuickPickItem & { candidate?: DataFileCandidate } = {
    label: vscode.l10n.t('Only the YAML and JSON backends are emulated'),
    description: vscode.l10n.t(
      'eyaml values stay encrypted, custom backends are skipped, the module and global layers are not read',
    ),
    iconPath: new vscode.ThemeIcon('info'),
    alwaysShow: true,
  };
  const quickPick = vscode.window.createQuickPick<
    vscode.QuickPickItem & { candidate?: DataFileCandidate }
  >();
  quickPick.title = vscode.l10n.t(
    'Hiera lookup order of {0} ({1})',
    inert(scope.certname),
    inert(scope.environment),
  );
  quickPick.placeholder = vscode.l10n.t('Pick a present file to open it');
  quickPick.items = [...items, limits];
  quickPick.matchOnDescription = true;
  quickPick.onDidAccept(() => {
    const picked = quickPick.selectedItems[0]?.candidate;
    if (!picked?.present || skippedFor(picked) || picked.backend.kind === 'custom') return;
    quickPick.hide();
    void vscode.window.showTextDocument(vscode.Uri.joinPath(code.folder.uri, picked.path));
  });
  quickPick.onDidHide(() => quickPick.dispose());
  quickPick.show();
}
