import * as vscode from 'vscode';
import type {
  CatalogGraphTarget,
  EventsTarget,
  RecentRunsTarget,
  ReportTarget,
  RevealNodeTarget,
} from '../commandTargets';
import type { OpenInGraph } from '../../shared/protocol';
import { Commands } from '../ids';

/**
 * How one view opens another (a results row, an event, a report, the graph): through the
 * commands, typed by their targets, so each view stays unaware of the others' classes.
 */
export const openViews = {
  catalogGraph: (target: CatalogGraphTarget) =>
    vscode.commands.executeCommand(Commands.openCatalogGraph, target),
  /** An event's resource, selected and focused in its node's graph. */
  resourceInGraph: (connectionId: string, { certname, resource }: OpenInGraph) =>
    vscode.commands.executeCommand(Commands.openCatalogGraph, {
      connectionId,
      certname,
      focus: resource,
    } satisfies CatalogGraphTarget),
  events: (target: EventsTarget) => vscode.commands.executeCommand(Commands.openEvents, target),
  report: (target: ReportTarget) => vscode.commands.executeCommand(Commands.openReport, target),
  /** Why a node fails: its failing streak in the compare-runs view. */
  whyFailing: (target: RevealNodeTarget) =>
    vscode.commands.executeCommand(Commands.whyFailing, target),
  /** A report beside its node's run before it. */
  compareWithPreviousRun: (target: ReportTarget) =>
    vscode.commands.executeCommand(Commands.compareWithPreviousRun, target),
  /** A PuppetDB's overview (a row of the overview across connections). */
  overview: (target: { connectionId: string }) =>
    vscode.commands.executeCommand(Commands.openOverview, target),
  /** The fleet's runs of a window (a bar of the overview's runs chart). */
  recentRuns: (target: RecentRunsTarget) =>
    vscode.commands.executeCommand(Commands.showRecentRuns, target),
  node: (target: RevealNodeTarget) => vscode.commands.executeCommand(Commands.revealNode, target),
  /** The fleet's nodes whose catalogs hold a resource, `Type[title]`. */
  nodesWithResource: (target: { connectionId: string; resource: string }) =>
    vscode.commands.executeCommand(Commands.findNodesWithResource, target),
  /** A PuppetDB `file:line`, opened in the workspace's copy of that manifest. */
  manifest: (location: { file: string; line: number | undefined }) =>
    vscode.commands.executeCommand(Commands.openManifest, location),
};
