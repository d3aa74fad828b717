import * as vscode from 'vscode';
import type { PuppetDB } from '../../client';
import type { KeptContent, ReportToHost, RestoredNote, RestoreInfo } from '../../shared/protocol';
import { restoredNote } from '../../shared/protocolSchema';
import {
  embeddedRows,
  eventRowFromWire,
  reportDtoFromWire,
  type ReportDto,
} from '../../shared/reportDto';
import { WebviewPanels } from '../ids';
import type { Services } from '../services';
import { createPanel } from '../webviews/webviewHtml';
import { WebviewPanelHost, type MessageHandlers } from '../webviews/webviewPanelHost';
import { openViews } from '../webviews/openViews';
import { openHeldManifest } from '../webviews/openHeldManifest';
import { bannerError, errorBannerHandlers } from '../webviews/errorBanner';
import { rowsAtMost } from '../truncationNotice';

/** What the open command answers (integration tests read it). */
export interface ReportPanelInfo {
  title: string;
  restore: RestoreInfo;
  report: ReportDto | undefined;
  error: string | undefined;
}

/** One report: summary, logs, metrics and its events, loaded once from PuppetDB. */
export class ReportPanel extends WebviewPanelHost<'report'> {
  private report: ReportDto | undefined;
  private error: string | undefined;
  /** The connection's settings are the likely fix of `error` (the banner offers Edit Connection). */
  private errorInSettings = false;
  private readonly controller = new AbortController();
  /** Set while the panel shows what it showed before a window reload (nothing fetched). */
  private restored: RestoredNote | undefined;
  /** Settles when the load has ended, whichever way. */
  loaded: Promise<void> = Promise.resolve();

  static create(services: Services, connectionId: string, reportHash: string): ReportPanel {
    const panel = createPanel(services.extensionUri, WebviewPanels.report, reportTitle(reportHash));
    const report = new ReportPanel(services, panel, connectionId, reportHash);
    report.loaded = report.load();
    return report;
  }

  /**
   * Brings back a panel after a window reload with the report it showed (or a note when it was
   * not kept): nothing is fetched until the user clicks "Load again".
   */
  static restore(
    services: Services,
    panel: vscode.WebviewPanel,
    restore: Extract<RestoreInfo, { entry: 'report' }>,
    kept: KeptContent<'report'> | undefined,
  ): ReportPanel {
    const report = new ReportPanel(services, panel, restore.connectionId, restore.reportHash);
    report.restored = restoredNote(kept);
    report.report = kept?.content;
    if (report.report) panel.title = reportTitle(restore.reportHash, report.report);
    return report;
  }

  private constructor(
    private readonly services: Services,
    panel: vscode.WebviewPanel,
    private readonly connectionId: string,
    private readonly reportHash: string,
  ) {
    super(panel, services, 'report');
    panel.title = reportTitle(reportHash);
    this.onDidDispose(() => this.controller.abort());
  }

  info(): ReportPanelInfo {
    return {
      title: this.panel.title,
      restore: this.restoreInfo(),
      report: this.report,
      error: this.error,
    };
  }

  private restoreInfo(): Extract<RestoreInfo, { entry: 'report' }> {
    return { entry: 'report', connectionId: this.connectionId, reportHash: this.reportHash };
  }

  private async load(): Promise<void> {
    const { signal } = this.controller;
    this.restored = undefined;
    this.report = undefined;
    this.error = undefined;
    this.sendSnapshot();
    try {
      const client = await this.services.store.client(this.connectionId);
      this.report = await fetchReport(
        client,
        this.reportHash,
        signal,
        this.services.settings.maxEvents(),
      );
      this.panel.title = reportTitle(this.reportHash, this.report);
      this.sendSnapshot();
    } catch (error) {
      if (signal.aborted) return;
      const shown = bannerError(this.services.errors, `Loading ${this.panel.title}`, error);
      this.error = shown.message;
      this.errorInSettings = shown.editConnection;
      this.sendSnapshot();
    }
  }

  protected sendSnapshot(): void {
    this.persist(this.restoreInfo());
    if (this.restored?.omitted !== undefined) {
      this.post({ type: 'restored', title: this.panel.title, note: this.restored });
    } else if (this.report) {
      this.post({ type: 'report', report: this.report, restored: this.restored });
    } else if (this.error) {
      this.post({ type: 'error', message: this.error, editConnection: this.errorInSettings });
    } else this.post({ type: 'loading', title: this.panel.title });
  }

  /** Loads the report again ("Load again"), unless a load is under way. */
  private async reload(): Promise<void> {
    if (!this.report && !this.error && !this.restored) return this.loaded; // a load is under way
    this.loaded = this.load();
    await this.loaded;
  }

  protected readonly handlers: MessageHandlers<ReportToHost> = {
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
    ...errorBannerHandlers(() => this.connectionId),
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
