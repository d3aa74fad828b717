/**
 * Above every `class`, `define` and `node` of a `.pp` file: on how many nodes of the active
 * PuppetDB it runs, and how many of those failed in their last run. Lenses are listed from the
 * text at once and resolved lazily (VS Code resolves the visible ones); one click lists the nodes.
 */
import * as vscode from 'vscode';
import { Commands } from '../ids';
import { inert } from '../inertText';
import type { Services } from '../services';
import type { CountTarget, FleetCounter } from './fleetCounts';
import { countsLabel, unreachableLabel } from './fleetLabels';
import { findDefinitions } from './puppetDefinitions';
import type { NodesApplyingTarget } from './showNodesApplying';

class FleetLens extends vscode.CodeLens {
  constructor(
    range: vscode.Range,
    readonly connectionId: string,
    readonly target: CountTarget,
    readonly label: string,
  ) {
    super(range);
  }
}

export class FleetCodeLensProvider implements vscode.CodeLensProvider<FleetLens> {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;

  constructor(
    private readonly services: Services,
    private readonly counter: FleetCounter,
  ) {}

  /** Lists the lenses again (a connection or a setting changed). */
  refresh(): void {
    this.changed.fire();
  }

  provideCodeLenses(document: vscode.TextDocument): FleetLens[] {
    const connectionId = activeConnection(this.services);
    if (!connectionId || !this.services.settings.codeLenses()) return [];
    return findDefinitions(document.getText()).flatMap((definition) => {
      const range = new vscode.Range(definition.line, 0, definition.line, 0);
      if (definition.kind === 'node') {
        if (definition.certnames.length === 0) return []; // a regex or default: not countable
        const target = { kind: 'node', certnames: definition.certnames } as const;
        return [new FleetLens(range, connectionId, target, definition.name)];
      }
      const target = { kind: definition.kind, name: definition.name };
      return [new FleetLens(range, connectionId, target, definition.name)];
    });
  }

  async resolveCodeLens(lens: FleetLens): Promise<FleetLens> {
    try {
      const counts = await this.counter.count(lens.connectionId, lens.target);
      lens.command = {
        title: countsLabel(counts),
        tooltip: vscode.l10n.t('List these nodes, failures first'),
        command: Commands.showNodesApplying,
        arguments: [
          { connectionId: lens.connectionId, ...lens.target } satisfies NodesApplyingTarget,
        ],
      };
    } catch (error) {
      this.services.log.warn(`Counting the nodes of ${lens.label} failed: ${String(error)}`);
      lens.command = {
        title: unreachableLabel(),
        tooltip: inert(error instanceof Error ? error.message : String(error)),
        command: Commands.showLog,
      };
    }
    return lens;
  }
}

/**
 * The connection lenses and hovers count on: the active one, once the workspace is trusted (a
 * manifest of an untrusted workspace does not get to send its names to the user's PuppetDB).
 */
export function activeConnection(services: Services): string | undefined {
  if (!services.trust.isTrusted) return undefined;
  return services.statusBar.activeConnectionId;
}
