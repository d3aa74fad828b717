import * as vscode from 'vscode';
import type { FleetEventsFilter } from '../../shared/protocol';
import { runsFilter } from '../../shared/protocolSchema';
import { windowBounds, type RunsFilter, type RunsWindow } from '../../shared/recentRuns';
import { registerGuardedCommand } from '../commands/registerGuardedCommand';
import type { Feature } from '../feature';
import { Commands } from '../ids';
import { pickConnection } from '../pickers';
import type { EventsPanelInfo } from '../reports/eventsPanel';
import type { Services } from '../services';
import { ConnectionNode } from '../tree/connectionNode';
import { openViews } from '../webviews/openViews';
import { pickRunsWindow } from './pickRunsWindow';
import { RecentRunsPanel, type RecentRunsPanelInfo } from './recentRunsPanel';

/**
 * `puppetdbExplorer.showRecentRuns`: a connection node, nothing (the active connection or a pick;
 * the last 24 hours), or `{ connectionId, filter?, firstRows? }`. It answers once the runs are
 * loaded; with `firstRows` (the bench) as soon as the webview painted the first rows.
 */
export interface RecentRunsTarget {
  connectionId: string;
  filter?: RunsFilter;
  firstRows?: boolean;
}

/**
 * `puppetdbExplorer.showFleetEvents`: a connection node, nothing (asked), or
 * `{ connectionId, window, failuresOnly? }` (then nothing is asked).
 */
export interface FleetEventsTarget {
  connectionId: string;
  window: RunsWindow;
  failuresOnly?: boolean;
}

const DEFAULT_FILTER: RunsFilter = { window: { last: '24h' } };

/**
 * The fleet's runs and events in a time window: "Show Recent Runs" (one runs table per
 * connection: opening it again with a filter lists that filter's runs) and "Show Fleet Events…"
 * (the events table over the whole fleet, its window and statuses asked).
 */
export function registerFleetRuns(services: Services): Feature {
  const panels = new Map<string, RecentRunsPanel>();
  const keep = (panel: RecentRunsPanel) => {
    panels.get(panel.connectionId)?.dispose();
    panels.set(panel.connectionId, panel);
    panel.onDidDispose(() => {
      if (panels.get(panel.connectionId) === panel) panels.delete(panel.connectionId);
    });
    return panel;
  };

  const showRecentRuns = async (argument?: unknown): Promise<RecentRunsPanelInfo | undefined> => {
    const target = await recentRunsTarget(services, argument);
    if (!target) return undefined;
    const open = panels.get(target.connectionId);
    if (open) {
      open.panel.reveal();
      if (target.filter) await open.setFilter(target.filter);
    }
    const panel =
      open ??
      keep(RecentRunsPanel.create(services, target.connectionId, target.filter ?? DEFAULT_FILTER));
    await (target.firstRows ? panel.firstRowsShown() : panel.loaded);
    return panel.info();
  };

  const showFleetEvents = async (argument?: unknown): Promise<EventsPanelInfo | undefined> => {
    const target = await fleetEventsTarget(services, argument);
    if (!target) return undefined;
    const bounds = windowBounds(target.window, new Date());
    const fleet: FleetEventsFilter = {
      ...(target.failuresOnly && { status: 'failure' as const }),
      since: bounds.since,
      ...(bounds.until !== undefined && { until: bounds.until }),
    };
    return (await openViews.events({ connectionId: target.connectionId, fleet })) as
      EventsPanelInfo | undefined;
  };

  return {
    disposables: [
      registerGuardedCommand(services.errors, Commands.showRecentRuns, showRecentRuns),
      registerGuardedCommand(services.errors, Commands.showFleetEvents, showFleetEvents),
      { dispose: () => [...panels.values()].forEach((panel) => panel.dispose()) },
    ],
    revivers: {
      runs: (panel, { restore, kept }) => {
        if (!restore) return panel.dispose();
        keep(RecentRunsPanel.restore(services, panel, restore, kept));
      },
    },
  };
}

/** The connection of a command's argument: a tree connection, a known id, or asked. */
async function connectionOf(
  services: Services,
  argument: unknown,
  command: string,
): Promise<string | undefined> {
  if (argument instanceof ConnectionNode) return argument.connection.id;
  if (typeof argument === 'object' && argument !== null) {
    const { connectionId } = argument as Record<string, unknown>;
    if (typeof connectionId === 'string' && services.store.get(connectionId)) return connectionId;
    throw new Error(
      vscode.l10n.t('{0}: there is no PuppetDB connection "{1}".', command, String(connectionId)),
    );
  }
  return services.statusBar.activeConnectionId ?? (await pickConnection(services));
}

async function recentRunsTarget(
  services: Services,
  argument: unknown,
): Promise<RecentRunsTarget | undefined> {
  const connectionId = await connectionOf(services, argument, 'Show Recent Runs');
  if (!connectionId) return undefined;
  if (argument instanceof ConnectionNode || typeof argument !== 'object' || argument === null) {
    return { connectionId };
  }
  const { filter, firstRows } = argument as Partial<RecentRunsTarget>;
  // a command can be run with anything: the filter must be one the webview could send
  const problem = filter === undefined ? undefined : runsFilter(filter);
  if (problem) throw new Error(`Show Recent Runs: the filter does not fit (${problem}).`);
  return { connectionId, filter, firstRows: firstRows === true };
}

async function fleetEventsTarget(
  services: Services,
  argument: unknown,
): Promise<FleetEventsTarget | undefined> {
  const connectionId = await connectionOf(services, argument, 'Show Fleet Events');
  if (!connectionId) return undefined;
  if (typeof argument === 'object' && argument !== null && !(argument instanceof ConnectionNode)) {
    const { window, failuresOnly } = argument as Partial<FleetEventsTarget>;
    const problem = runsFilter({ window });
    if (problem) throw new Error(`Show Fleet Events: the window does not fit (${problem}).`);
    return { connectionId, window: window!, failuresOnly: failuresOnly === true };
  }
  const window = await pickRunsWindow(vscode.l10n.t('Events of the whole fleet: which window?'));
  if (!window) return undefined;
  const statuses = [
    {
      label: vscode.l10n.t('Failures only'),
      description: vscode.l10n.t('what failed, anywhere'),
      failuresOnly: true,
    },
    { label: vscode.l10n.t('Every event'), failuresOnly: false },
  ];
  const status = await vscode.window.showQuickPick(statuses, {
    placeHolder: vscode.l10n.t('Which events?'),
    ignoreFocusOut: true,
  });
  return status && { connectionId, window, failuresOnly: status.failuresOnly };
}
