/**
 * What a view command was asked to show, whatever its argument: a tree item (a connection, a
 * node, a report), a certname, an object naming one of the user's connections and what else the
 * view takes (another view's target, a link of a hover, a test's), or nothing (then the user is
 * asked). Every view command resolves its argument here: a command can be run with anything, by
 * any extension or a `command:` link, and an argument may choose only one of the user's own
 * connections and a node on it (README, Security). Panels then carry the connection's id and
 * look the connection up when they need it.
 */
import * as vscode from 'vscode';
import { pickCertname, pickConnection } from '../pickers';
import { registerGuardedCommand } from './registerGuardedCommand';
import type { Services } from '../services';
import { ConnectionNode } from '../tree/connectionNode';
import { PuppetNodeNode } from '../tree/puppetNodeNode';
import { ReportNode } from '../tree/reportNodes';

/** A command's argument, read. */
export interface CommandArgument {
  /** Where it came from: the tree (an item), an object (another view, a link, a test), a certname, nothing. */
  from: 'tree' | 'object' | 'text' | 'nothing';
  /** A node: a tree node, a certname given as text, or the object's `certname`. */
  certname: string | undefined;
  /** A report: a tree report, or the object's `reportHash`. */
  reportHash: string | undefined;
  /**
   * The reports selected in the tree with it (a context menu on a multi-selection), in the order
   * selected; empty otherwise. All are the connection's: the tree shows one connection per item.
   */
  selectedReports: readonly string[];
  /** The object's fields, unchecked: each view checks those it takes. */
  fields: Readonly<Record<string, unknown>>;
}

/** The connection a command acts on, and what it shows there. */
export interface CommandTarget<T> {
  connectionId: string;
  target: T;
}

export interface TargetQuestions<T> {
  /** The command's name, for what the user reads ("Open Events"). */
  command: string;
  /**
   * Without a connection named: the status bar's active connection, else asked (`active`); or
   * always asked (`ask`; no question when the user has only one).
   */
  connection: 'active' | 'ask';
  /** The rest of the target, asking the user what is missing; undefined: the user cancelled. */
  target(argument: CommandArgument, connectionId: string): Promise<T | undefined> | T | undefined;
}

/** The reports of a tree multi-selection that share the clicked item's connection. */
function selectedReports(argument: unknown, selection: unknown): string[] {
  if (!(argument instanceof ReportNode) || !Array.isArray(selection)) return [];
  return selection
    .filter(
      (item): item is ReportNode =>
        item instanceof ReportNode && item.connectionId === argument.connectionId,
    )
    .map((item) => item.report.hash);
}

/**
 * Reads a command's argument, and the tree's selection when a context menu ran it on several
 * items (no question asked, nothing checked but its shape).
 */
export function readCommandArgument(
  argument: unknown,
  selection?: unknown,
): CommandArgument & { connectionId?: unknown } {
  if (argument instanceof ConnectionNode) {
    return { ...nothing('tree'), connectionId: argument.connection.id };
  }
  if (argument instanceof PuppetNodeNode) {
    return {
      ...nothing('tree'),
      connectionId: argument.connectionId,
      certname: argument.node.name,
    };
  }
  if (argument instanceof ReportNode) {
    return {
      ...nothing('tree'),
      connectionId: argument.connectionId,
      reportHash: argument.report.hash,
      selectedReports: selectedReports(argument, selection),
    };
  }
  if (typeof argument === 'string' && argument) return { ...nothing('text'), certname: argument };
  if (typeof argument !== 'object' || argument === null) return nothing('nothing');
  const fields = argument as Record<string, unknown>;
  return {
    from: 'object',
    fields,
    connectionId: fields.connectionId,
    certname: typeof fields.certname === 'string' && fields.certname ? fields.certname : undefined,
    reportHash:
      typeof fields.reportHash === 'string' && fields.reportHash ? fields.reportHash : undefined,
    selectedReports: [],
  };
}

/**
 * The connection and target a view command's argument names, asking the user what it does not
 * name; undefined when the user cancelled. A connection named must be one of the user's.
 */
export async function resolveCommandTarget<T>(
  services: Services,
  argument: unknown,
  questions: TargetQuestions<T>,
  selection?: unknown,
): Promise<CommandTarget<T> | undefined> {
  const { connectionId: named, ...read } = readCommandArgument(argument, selection);
  let connectionId: string | undefined;
  if (named !== undefined) {
    if (typeof named !== 'string' || !services.store.get(named)) {
      throw new Error(
        vscode.l10n.t(
          '{0}: there is no PuppetDB connection "{1}".',
          questions.command,
          String(named).slice(0, 200),
        ),
      );
    }
    connectionId = named;
  } else if (questions.connection === 'active') {
    connectionId = services.statusBar.activeConnectionId ?? (await pickConnection(services));
  } else {
    connectionId = await pickConnection(services);
  }
  if (!connectionId) return undefined;
  const target = await questions.target(read, connectionId);
  return target === undefined ? undefined : { connectionId, target };
}

/**
 * Registers a view command: its argument read and what it does not name asked (as
 * resolveCommandTarget does), then `open` with the connection and the target. It answers what
 * `open` does, or undefined when the user cancelled; a failure is a command's (logged and shown).
 */
export function registerViewCommand<T, R>(
  services: Services,
  id: string,
  command: TargetQuestions<T> & { open(asked: CommandTarget<T>): Promise<R> },
): vscode.Disposable {
  return registerGuardedCommand(
    services.errors,
    id,
    async (argument?: unknown, selection?: unknown) => {
      const asked = await resolveCommandTarget(services, argument, command, selection);
      return asked && command.open(asked);
    },
  );
}

/** The node the argument names, or one the user picks; undefined when they cancelled. */
export async function namedOrPickedNode(
  services: Services,
  argument: CommandArgument,
  connectionId: string,
): Promise<string | undefined> {
  return argument.certname ?? (await pickCertname(services, connectionId));
}

function nothing(from: CommandArgument['from']): CommandArgument {
  return { from, certname: undefined, reportHash: undefined, selectedReports: [], fields: {} };
}
