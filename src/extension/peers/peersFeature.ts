/**
 * "PuppetDB: Compare Node with Its Peers" and "PuppetDB: Rank Nodes by Distance from Their Peers":
 * a node against the other nodes of its role (its class matching `puppetdbExplorer.peers.rolePattern`)
 * or of a group the user names, and a group's nodes ranked by how far each is from the rest; both
 * shown, as "Why Is This Node Failing?" is, in a read-only Markdown preview.
 */
import * as vscode from 'vscode';
import { roleClasses, rolePattern, type PeerGroup } from '../../shared/peers';
import {
  namedOrPickedNode,
  registerViewCommand,
  type CommandArgument,
} from '../commands/commandTarget';
import type { Feature } from '../feature';
import { Commands } from '../ids';
import { inert } from '../inertText';

import type { Services } from '../services';
import { askGroup } from './groupQuestions';
import {
  compareWithPeers,
  NoRoleError,
  rankGroup,
  UnknownNodeError,
  type GroupRanking,
  type PeerAnswer,
  type PeerGroupChoice,
} from './peerAnswers';
import { nodeProfile, NotAGroupError } from './peerQueries';
import { peersMarkdown, rankingMarkdown } from './peersDocument';
import { MarkdownDocuments } from '../markdownDocuments';

/** The documents' scheme: read-only, their text kept here until their editor closes. */
export const PEERS_SCHEME = 'puppetdb-peers';

/** What Compare Node with Its Peers answers (host tests compare it with PuppetDB). */
export interface ComparePeersInfo {
  answer: PeerAnswer;
  document: string;
}

/** What Rank Nodes by Distance from Their Peers answers. */
export interface RankPeersInfo {
  ranking: GroupRanking;
  document: string;
}

const MAX_GROUP_TEXT = 1000;

/**
 * The group a command's argument names (`{ group: { kind: 'class', title } }` or
 * `{ kind: 'fact', name, value }`), or undefined: the node's role. A PQL query is never taken
 * from an argument: the user types it.
 */
function groupOfArgument(argument: CommandArgument, command: string): PeerGroup | undefined {
  const group = argument.fields.group as Record<string, unknown> | undefined;
  if (group === undefined) return undefined;
  const short = (value: unknown): value is string =>
    typeof value === 'string' && value.trim() !== '' && value.length <= MAX_GROUP_TEXT;
  if (group?.kind === 'class' && short(group.title)) return { kind: 'class', title: group.title };
  if (group?.kind === 'fact' && short(group.name) && short(group.value)) {
    return { kind: 'fact', name: group.name, value: group.value };
  }
  throw new Error(
    vscode.l10n.t(
      '{0}: the group must be a class ({ kind: "class", title }) or a fact value ({ kind: "fact", name, value }); a PQL query is typed, never passed.',
      command,
    ),
  );
}

/** The role pattern of the setting; a bad one stops the command with the reason. */
function configuredRolePattern(services: Services): RegExp {
  const pattern = rolePattern(services.settings.peersRolePattern());
  if (pattern instanceof RegExp) return pattern;
  throw new Error(
    vscode.l10n.t(
      'The setting puppetdbExplorer.peers.rolePattern is not a regular expression ({0}): correct it, or clear it for the default ^Role::.',
      inert(pattern.error),
    ),
  );
}

/** Runs `work` under a cancellable notification, its signal aborted by Cancel. */
function withCancellableProgress<T>(
  title: string,
  work: (
    signal: AbortSignal,
    progress: vscode.Progress<{ message?: string; increment?: number }>,
  ) => Promise<T>,
): Thenable<T> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title, cancellable: true },
    async (progress, token) => {
      const controller = new AbortController();
      const cancelled = token.onCancellationRequested(() => controller.abort());
      try {
        return await work(controller.signal, progress);
      } finally {
        cancelled.dispose();
      }
    },
  );
}

/** Why a group gave no answer, in words; other failures are the command's. */
function groupFailure(error: unknown): Error {
  if (error instanceof UnknownNodeError) {
    return new Error(
      vscode.l10n.t('PuppetDB holds no catalog, facts or packages of {0}.', inert(error.certname)),
    );
  }
  if (error instanceof NotAGroupError) {
    return new Error(
      vscode.l10n.t(
        'The query names no group: its rows have no certname field (try nodes[certname] { … }).',
      ),
    );
  }
  return error instanceof Error ? error : new Error(String(error));
}

export function registerPeers(services: Services): Feature {
  const documents = new MarkdownDocuments(PEERS_SCHEME);
  const showDocument = (name: string, text: string) => documents.show(name, text);

  const compare = async (
    connectionId: string,
    certname: string,
    group: PeerGroup | undefined,
  ): Promise<ComparePeersInfo | undefined> => {
    const client = await services.store.client(connectionId);
    const pattern = group ? undefined : configuredRolePattern(services);
    const choice: PeerGroupChoice = group ?? { role: pattern! };
    let answer: PeerAnswer;
    try {
      answer = await withCancellableProgress(
        vscode.l10n.t('Comparing {0} with its peers…', inert(certname)),
        (signal) => compareWithPeers(client, certname, choice, signal),
      );
    } catch (error) {
      if (!(error instanceof NoRoleError)) throw groupFailure(error);
      const asked = await askGroup(
        client,
        error.pattern,
        vscode.l10n.t(
          'No class of {0} matches {1}: compare it with which nodes?',
          inert(certname),
          inert(error.pattern.source),
        ),
      );
      return asked && compare(connectionId, certname, asked);
    }
    const document = await showDocument('peers', peersMarkdown(answer, pattern));
    return { answer, document };
  };

  const rank = async (connectionId: string, group: PeerGroup): Promise<RankPeersInfo> => {
    const client = await services.store.client(connectionId);
    let ranking: GroupRanking;
    try {
      ranking = await withCancellableProgress(
        vscode.l10n.t('Ranking nodes by distance from their peers…'),
        (signal, progress) =>
          rankGroup(client, group, {
            signal,
            onProgress: (done, of) =>
              progress.report({
                increment: done === 0 ? 0 : 100 / of,
                message:
                  done === 0
                    ? vscode.l10n.t("reading the nodes' resources, facts and packages")
                    : vscode.l10n.t('{0} of {1} parts compared', done, of),
              }),
          }),
      );
    } catch (error) {
      throw groupFailure(error);
    }
    const document = await showDocument('peer-ranking', rankingMarkdown(ranking));
    return { ranking, document };
  };

  /** The group to rank: the argument's, the role of the node it names, or the user's pick. */
  const rankTarget = async (
    argument: CommandArgument,
    connectionId: string,
  ): Promise<PeerGroup | undefined> => {
    const named = groupOfArgument(
      argument,
      vscode.l10n.t('Rank Nodes by Distance from Their Peers'),
    );
    if (named) return named;
    const pattern = configuredRolePattern(services);
    const client = await services.store.client(connectionId);
    if (argument.certname) {
      const node = await nodeProfile(client, argument.certname);
      const [role] = roleClasses(node.resources, pattern);
      if (role) return { kind: 'class', title: role };
    }
    return askGroup(client, pattern, vscode.l10n.t('Rank Nodes by Distance from Their Peers'));
  };

  return {
    disposables: [
      documents,
      registerViewCommand(services, Commands.comparePeers, {
        command: vscode.l10n.t('Compare Node with Its Peers'),
        connection: 'active',
        target: async (argument, connectionId) => {
          const group = groupOfArgument(argument, vscode.l10n.t('Compare Node with Its Peers'));
          const certname = await namedOrPickedNode(services, argument, connectionId);
          return certname === undefined ? undefined : { certname, group };
        },
        open: ({ connectionId, target }) => compare(connectionId, target.certname, target.group),
      }),
      registerViewCommand(services, Commands.rankPeers, {
        command: vscode.l10n.t('Rank Nodes by Distance from Their Peers'),
        connection: 'active',
        target: rankTarget,
        open: ({ connectionId, target }) => rank(connectionId, target),
      }),
    ],
  };
}
