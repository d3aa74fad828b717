import type * as vscode from 'vscode';
import { sourceKey } from '../../shared/eventTableSource';
import type { Feature } from '../feature';
import { Commands } from '../ids';
import { registerGuardedCommand } from '../commands/registerGuardedCommand';
import type { Services } from '../services';
import { EventsPanel, type EventsPanelInfo } from './eventsPanel';
import { resolveEventsTarget, resolveReportTarget } from './pickTargets';
import { ReportPanel, type ReportPanelInfo } from './reportPanel';

/**
 * The events table and the report view: their commands (which answer, once loaded, what the
 * panel shows) and their revivers after a window reload. One panel per source: opening the same
 * events or report again brings its panel forward.
 */
export function registerReportViews(services: Services): Feature {
  const eventsPanels = new PanelRegistry<EventsPanel>();
  const reportPanels = new PanelRegistry<ReportPanel>();

  const openEvents = async (argument?: unknown): Promise<EventsPanelInfo | undefined> => {
    const target = await resolveEventsTarget(services, argument);
    if (!target) return undefined;
    const key = sourceKey(target.connectionId, target.source);
    const panel =
      eventsPanels.reveal(key) ??
      eventsPanels.add(key, EventsPanel.create(services, target.connectionId, target.source));
    await panel.loaded;
    return panel.info();
  };

  const openReport = async (argument?: unknown): Promise<ReportPanelInfo | undefined> => {
    const target = await resolveReportTarget(services, argument);
    if (!target) return undefined;
    const key = JSON.stringify([target.connectionId, target.reportHash]);
    const panel =
      reportPanels.reveal(key) ??
      reportPanels.add(key, ReportPanel.create(services, target.connectionId, target.reportHash));
    await panel.loaded;
    return panel.info();
  };

  return {
    disposables: [
      registerGuardedCommand(services.errors, Commands.openEvents, openEvents),
      registerGuardedCommand(services.errors, Commands.openReport, openReport),
      eventsPanels,
      reportPanels,
    ],
    // each shows what it showed; nothing is fetched until the user asks ("Load again")
    revivers: {
      events: (panel, { restore, kept }) => {
        if (!restore) return panel.dispose();
        eventsPanels.add(
          sourceKey(restore.connectionId, restore.source),
          EventsPanel.restore(services, panel, restore, kept),
        );
      },
      report: (panel, { restore, kept }) => {
        if (!restore) return panel.dispose();
        reportPanels.add(
          JSON.stringify([restore.connectionId, restore.reportHash]),
          ReportPanel.restore(services, panel, restore, kept),
        );
      },
    },
  };
}

/** The open panels by source; a panel leaves when it is closed. */
class PanelRegistry<P extends EventsPanel | ReportPanel> implements vscode.Disposable {
  private readonly panels = new Map<string, P>();

  add(key: string, panel: P): P {
    this.panels.get(key)?.dispose();
    this.panels.set(key, panel);
    panel.onDidDispose(() => {
      if (this.panels.get(key) === panel) this.panels.delete(key);
    });
    return panel;
  }

  reveal(key: string): P | undefined {
    const panel = this.panels.get(key);
    panel?.panel.reveal();
    return panel;
  }

  dispose(): void {
    for (const panel of [...this.panels.values()]) panel.dispose();
    this.panels.clear();
  }
}
