/**
 * "PuppetDB: Show Events for This Line": the fleet's latest events of the resources declared at
 * the cursor's line of a `.pp` file, in the events table. The workspace file is mapped back to
 * the paths PuppetDB knows for it (serverPaths.ts); a file PuppetDB never saw is said plainly.
 */
import * as vscode from 'vscode';
import type { EventsTarget } from '../commandTargets';
import { Commands } from '../ids';
import { inert } from '../inertText';
import { pickConnection } from '../pickers';
import type { EventsPanelInfo } from '../reports/eventsPanel';
import type { Services } from '../services';
import type { ManifestOpener } from './openManifest';
import { serverPathsOf } from './serverPaths';

/** What the command is run on: the editor's file (its context menu passes the URI), or a test's target. */
interface LineTarget {
  uri: vscode.Uri;
  /** 1-based, as PuppetDB counts. */
  line: number;
}

export async function showEventsForLine(
  services: Services,
  opener: ManifestOpener,
  argument: unknown,
): Promise<EventsPanelInfo | undefined> {
  const target = lineTargetOf(argument);
  if (!target) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Show Events for This Line works in a .pp file open in the editor.'),
    );
    return undefined;
  }
  const connectionId = services.statusBar.activeConnectionId ?? (await pickConnection(services));
  if (!connectionId) return undefined;
  const where = `${vscode.workspace.asRelativePath(target.uri)}:${target.line}`;
  let files: string[];
  try {
    const client = await services.store.client(connectionId);
    files = await serverPathsOf(client, opener, target.uri);
  } catch (error) {
    const retry = () => showEventsForLine(services, opener, target);
    void services.errors.show(
      vscode.l10n.t('Asking PuppetDB which manifests are {0}', where),
      error,
      { connectionId, retry },
    );
    return undefined;
  }
  if (files.length === 0) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        'PuppetDB knows no resource declared in {0}: no catalog it holds names this file.',
        inert(vscode.workspace.asRelativePath(target.uri)),
      ),
    );
    return undefined;
  }
  return vscode.commands.executeCommand<EventsPanelInfo | undefined>(Commands.openEvents, {
    connectionId,
    declaredAt: { files, line: target.line },
  } satisfies EventsTarget);
}

/**
 * A URI (the editor's context menu; the line is the cursor's when that editor is active), or
 * `{ uri, line }` (a test, a retry). Only `.pp` files on disk.
 */
function lineTargetOf(argument: unknown): LineTarget | undefined {
  const given = (argument ?? {}) as { uri?: unknown; line?: unknown };
  let uri: vscode.Uri | undefined;
  let line: number | undefined;
  if (argument instanceof vscode.Uri) {
    uri = argument;
  } else if (given.uri instanceof vscode.Uri || typeof given.uri === 'string') {
    uri = typeof given.uri === 'string' ? vscode.Uri.parse(given.uri) : given.uri;
    if (typeof given.line === 'number' && Number.isSafeInteger(given.line) && given.line > 0) {
      line = given.line;
    }
  }
  const editor = vscode.window.activeTextEditor;
  uri ??= editor?.document.uri;
  if (!uri || uri.scheme !== 'file' || !uri.path.endsWith('.pp')) return undefined;
  if (line === undefined) {
    const cursor =
      editor && editor.document.uri.toString() === uri.toString()
        ? editor.selection.active.line
        : 0;
    line = cursor + 1;
  }
  return { uri, line };
}
