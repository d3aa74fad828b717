import * as vscode from 'vscode';
import type { PuppetDB } from '../../client';
import type { RestoreInfo } from '../../shared/protocol';
import {
  embeddedRows,
  eventRowFromWire,
  reportDtoFromWire,
  type ReportDto,
} from '../../shared/reportDto';
import { Commands } from '../ids';
import type { Services } from '../services';
import { viewCommand, type PanelDefinition } from '../webviews/definePanel';
import { PaintedContent } from '../webviews/paintedContent';
import {
  WebviewPanelHost,
  type InfoOf,
  type Opening,
  type ViewHandlers,
} from '../webviews/webviewPanelHost';
import { openViews } from '../webviews/openViews';
import { openHeldManifest } from '../webviews/openHeldManifest';
import { rowsAtMost } from '../truncationNotice';
import { reportHashOf } from './pickTargets';

/** What the open command answers (integration tests read it). */
export interface ReportPanelInfo {
  title: string;
  restore: RestoreInfo;
  report: ReportDto | undefined;
  error: string | undefined;
  /** Whether the page has said it painted the report shown. */
  painted: boolean;
}

/** The report view's panels: one per report. */
export function reportPanels(services: Services): PanelDefinition<'report', ReportPanel> {
  return {
    entry: 'report',
    preview: true,
    key: ({ connectionId, reportHash }) => JSON.stringify([connectionId, reportHash]),
    title: ({ reportHash }) => reportTitle(reportHash),
    create: (opening) => new ReportPanel(opening),
    // answers, once loaded (with `waitForPaint`, once painted), what the panel shows
    command: viewCommand(Commands.openReport, {
      command: 'Open Report',
      connection: 'ask',
      target: async (named, connectionId) => {
        const reportHash = await reportHashOf(services, named, connectionId);
        if (reportHash === undefined) return undefined;
        return { reportHash, waitForPaint: named.fields.waitForPaint === true };
      },
      open: async (reports, { connectionId, target: { reportHash, waitForPaint } }) => {
        const { panel } = reports.show({ entry: 'report', connectionId, reportHash });
        await panel.loaded;
        if (waitForPaint) await panel.painted();
        return panel.info();
      },
    }),
  };
}

/** One report: summary, logs, metrics and its events, loaded once from PuppetDB. */
export class ReportPanel extends WebviewPanelHost<'report'> {
  private report: ReportDto | undefined;
  readonly connectionId: string;
  private readonly reportHash: string;
  /** What the page painted (by the report's hash). */
  private readonly paints = new PaintedContent();

  /**
   * A report to load, or one revived after a window reload with the report it showed (or a note
   * when it was not kept): nothing is fetched until the user clicks "Load again".
   */
  constructor(opening: Opening<'report'>) {
    super(opening);
    ({ connectionId: this.connectionId, reportHash: this.reportHash } = opening.info);
    this.report = opening.revived?.kept?.content;
    this.panel.title = reportTitle(this.reportHash, this.report);
    if (!opening.revived) this.loaded = this.load();
  }

  info(): ReportPanelInfo {
    return {
      ...this.commonInfo(),
      report: this.report,
      painted: this.paints.has(this.report?.hash),
    };
  }

  /** Resolves once the page has painted the report shown now (or at once without one). */
  painted(): Promise<void> {
    return this.paints.wait(this.report?.hash);
  }

  protected restoreInfo(): InfoOf<'report'> {
    return { entry: 'report', connectionId: this.connectionId, reportHash: this.reportHash };
  }

  private load(): Promise<void> {
    return this.loadFromConnection(
      () => `Loading ${this.panel.title}`,
      () => (this.report = undefined),
      (client, signal) =>
        fetchReport(client, this.reportHash, signal, this.services.settings.maxEvents()),
      (report) => {
        this.report = report;
        this.panel.title = reportTitle(this.reportHash, report);
      },
    );
  }

  protected sendSnapshot(): void {
    this.postOneLoaded(
      this.report && { type: 'report', report: this.report, restored: this.restored },
    );
  }

  /** Loads the report again ("Load again"), unless a load is under way. */
  protected reload(): Promise<void> {
    return this.loadAgain(this.report, () => this.load());
  }

  protected readonly handlers: ViewHandlers<'report'> = {
    openInGraph: (message) => openViews.resourceInGraph(this.connectionId, message),
    // a log's or an event's file and line, from the report the host fetched: a restored
    // panel's report was kept by its webview, so it is fetched again first
    openManifest: async (location) => {
      if (this.restored) await this.reload();
      return openHeldManifest(
        [...(this.report?.logs ?? []), ...(this.report?.events ?? [])],
        location,
      );
    },
    openNode: ({ certname }) => openViews.node({ connectionId: this.connectionId, certname }),
    reload: () => this.reload(),
    painted: ({ hash }) => this.paints.paint(hash),
    compareWithPrevious: () =>
      openViews.compareWithPreviousRun({
        connectionId: this.connectionId,
        reportHash: this.reportHash,
      }),
  };
}

/** The report row with its logs, metrics and events (fetched apart if PuppetDB did not embed them). */
async function fetchReport(
  client: PuppetDB,
  reportHash: string,
  signal: AbortSignal,
  maxEvents: number,
): Promise<ReportDto> {
  const row = (await client
    .stream('reports', { query: ['=', 'hash', reportHash], signal })
    .first()) as Record<string, unknown> | undefined;
  if (!row) throw new Error(`PuppetDB has no report ${reportHash}.`);
  if (embeddedRows(row.resource_events)) return reportDtoFromWire(row);
  const events = (await rowsAtMost(
    client.stream('events', {
      query: ['=', 'report', reportHash],
      orderBy: [{ field: 'timestamp', order: 'asc' }],
      signal,
    }),
    maxEvents,
    vscode.l10n.t('The events of the report'),
  )) as Array<Record<string, unknown>>;
  return reportDtoFromWire(
    row,
    events.map((event) => eventRowFromWire(event)),
  );
}

function reportTitle(reportHash: string, report?: ReportDto): string {
  if (!report) return vscode.l10n.t('Report · {0}', reportHash.slice(0, 8));
  const end = report.endTime.replace('T', ' ').slice(0, 16);
  return vscode.l10n.t('Report · {0} · {1}', report.certname, end);
}
