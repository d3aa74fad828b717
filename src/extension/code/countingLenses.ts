/**
 * What the lenses and hovers that count nodes of the active PuppetDB share (a manifest's classes,
 * a Hiera data file's readers): they count only on the connection lenses count on, with the
 * `codeLenses` setting on; a lens is listed at once from the text and resolved lazily (VS Code
 * resolves the visible ones); a count that fails is logged and says PuppetDB is unreachable, its
 * click showing the log: it never keeps spinning.
 */
import * as vscode from 'vscode';
import { Commands } from '../ids';
import { inert } from '../inertText';
import type { Services } from '../services';
import { unreachableLabel } from './fleetLabels';

/**
 * The connection lenses and hovers count on: the active one, once the workspace is trusted (a
 * manifest of an untrusted workspace does not get to send its names to the user's PuppetDB).
 */
export function activeConnection(services: Services): string | undefined {
  if (!services.trust.isTrusted) return undefined;
  return services.statusBar.activeConnectionId;
}

/** The connection to count on, unless the workspace is untrusted or the lenses are turned off. */
export function countingConnection(services: Services): string | undefined {
  const connectionId = activeConnection(services);
  return connectionId && services.settings.codeLenses() ? connectionId : undefined;
}

export abstract class CountingLensProvider<
  L extends vscode.CodeLens,
> implements vscode.CodeLensProvider<L> {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;

  constructor(protected readonly services: Services) {}

  /** Lists the lenses again (a connection, a setting or the workspace changed). */
  refresh(): void {
    this.changed.fire();
  }

  provideCodeLenses(document: vscode.TextDocument): L[] | Promise<L[]> {
    const connectionId = countingConnection(this.services);
    return connectionId ? this.lensesOf(document, connectionId) : [];
  }

  async resolveCodeLens(lens: L): Promise<L> {
    try {
      lens.command = await this.commandOf(lens);
    } catch (error) {
      this.services.log.warn(`Counting the nodes ${this.counted(lens)} failed: ${String(error)}`);
      lens.command = {
        title: unreachableLabel(),
        tooltip: inert(error instanceof Error ? error.message : String(error)),
        command: Commands.showLog,
      };
    }
    return lens;
  }

  /** The document's lenses, unresolved, counting on `connectionId`. */
  protected abstract lensesOf(
    document: vscode.TextDocument,
    connectionId: string,
  ): L[] | Promise<L[]>;

  /** The lens's count as its command (title, tooltip, what a click runs). */
  protected abstract commandOf(lens: L): Promise<vscode.Command>;

  /** What the lens counts, for the log: "of web::app", "reading /data/common.yaml". */
  protected abstract counted(lens: L): string;
}

/** A hover that counts: `hoverAt` runs only when there is a connection to count on. */
export function countingHover(
  services: Services,
  hoverAt: (
    document: vscode.TextDocument,
    position: vscode.Position,
    connectionId: string,
  ) => Promise<vscode.Hover | undefined>,
): vscode.HoverProvider {
  return {
    provideHover: (document, position) => {
      const connectionId = countingConnection(services);
      return connectionId ? hoverAt(document, position, connectionId) : undefined;
    },
  };
}
