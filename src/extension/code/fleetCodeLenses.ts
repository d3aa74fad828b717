/**
 * Above every `class`, `define` and `node` of a `.pp` file: on how many nodes of the active
 * PuppetDB it runs, and how many of those failed in their last run. Lenses are listed from the
 * text at once and resolved lazily (VS Code resolves the visible ones); one click lists the nodes.
 */
import * as vscode from 'vscode';
import { Commands } from '../ids';
import type { Services } from '../services';
import type { CountTarget, FleetCounter } from './fleetCounts';
import { CountingLensProvider } from './countingLenses';
import { countsLabel } from './fleetLabels';
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

export class FleetCodeLensProvider extends CountingLensProvider<FleetLens> {
  constructor(
    services: Services,
    private readonly counter: FleetCounter,
  ) {
    super(services);
  }

  protected lensesOf(document: vscode.TextDocument, connectionId: string): FleetLens[] {
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

  protected async commandOf(lens: FleetLens): Promise<vscode.Command> {
    const counts = await this.counter.count(lens.connectionId, lens.target);
    return {
      title: countsLabel(counts),
      tooltip: vscode.l10n.t('List these nodes, failures first'),
      command: Commands.showNodesApplying,
      arguments: [
        { connectionId: lens.connectionId, ...lens.target } satisfies NodesApplyingTarget,
      ],
    };
  }

  protected counted(lens: FleetLens): string {
    return `of ${lens.label}`;
  }
}
