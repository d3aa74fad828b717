import * as vscode from 'vscode';
import type { FleetEventsFilter } from '../../shared/protocol';
import { runsFilter } from '../../shared/protocol/runsSchema';
import { windowBounds, type RunsWindow } from '../../shared/recentRuns';
import { registerViewCommand } from '../commands/commandTarget';
import type { Feature } from '../feature';
import { Commands } from '../ids';
import type { EventsPanelInfo } from '../reports/eventsPanel';
import type { Services } from '../services';
import { openViews } from '../webviews/openViews';
import { pickRunsWindow } from './pickRunsWindow';

/**
 * `puppetdbExplorer.showFleetEvents`: a connection node, nothing (asked), or
 * `{ connectionId, window, failuresOnly? }` (then nothing is asked).
 */
export interface FleetEventsTarget {
  connectionId: string;
  window: RunsWindow;
  failuresOnly?: boolean;
}

/**
 * The fleet's events in a time window: "Show Fleet Events…" (the events table over the whole
 * fleet, its window and statuses asked). The runs of a window are the runs view's own command
 * (recentRunsPanel.ts).
 */
export function registerFleetRuns(services: Services): Feature {
  const showFleetEvents = registerViewCommand(services, Commands.showFleetEvents, {
    command: 'Show Fleet Events',
    connection: 'active',
    target: (named) => fleetEventsTarget(named.from === 'object' ? named.fields : undefined),
    open: async ({ connectionId, target }) => {
      const bounds = windowBounds(target.window, new Date());
      const fleet: FleetEventsFilter = {
        ...(target.failuresOnly && { status: 'failure' as const }),
        since: bounds.since,
        ...(bounds.until !== undefined && { until: bounds.until }),
      };
      return (await openViews.events({ connectionId, fleet })) as EventsPanelInfo | undefined;
    },
  });

  return { disposables: [showFleetEvents] };
}

/** The window and statuses of the fleet's events: those an object names, or asked. */
async function fleetEventsTarget(
  fields: Readonly<Record<string, unknown>> | undefined,
): Promise<Omit<FleetEventsTarget, 'connectionId'> | undefined> {
  if (fields) {
    const { window, failuresOnly } = fields as Partial<FleetEventsTarget>;
    const problem = runsFilter({ window });
    if (problem) throw new Error(`Show Fleet Events: the window does not fit (${problem}).`);
    return { window: window!, failuresOnly: failuresOnly === true };
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
  return status && { window, failuresOnly: status.failuresOnly };
}
