import * as vscode from 'vscode';
import type { PuppetDB } from '../../client';
import type { ReportToHost, RestoreInfo } from '../../shared/protocol';
import {
  embeddedRows,
  eventRowFromWire,
  reportDtoFromWire,
  type ReportDto,
} from '../../shared/reportDto';
import { WebviewPanels } from '../ids';
import type { Services } from '../services';
import { webviewOptions } from '../webviews/webviewHtml';
import { WebviewPanelHost } from '../webviews/webviewPanelHost';
import { openViews } from '../webviews/openViews';

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
  private readonly controller = new AbortController();
  readonly loaded: Promise<void>;

  static create(services: Services, connectionId: string, reportHash: string): ReportPanel {
    const panel = vscode.window.createWebviewPanel(
      WebviewPanels.report,
      reportTitle(reportHash),
      vscode.ViewColumn.Active,
      webviewOptions(services.extensionUri),
    );
    return new ReportPanel(services, panel, connectionId, reportHash);
  }

  constructor(
    private readonly services: Services,
    panel: vscode.WebviewPanel,
    private readonly connectionId: string,
    private readonly reportHash: string,
  ) {
    super(panel, services.extensionUri, 'report');
    panel.title = reportTitle(reportHash);
    this.onDidDispose(() => this.controller.abort());
    this.loaded = this.load();
  }

  info(): ReportPanelInfo {
    return {
      title: this.panel.title,
      restore: this.restoreInfo(),
      report: this.report,
      error: this.error,
    };
  }

  private restoreInfo(): RestoreInfo {
    return { entry: 'report', connectionId: this.connectionId, reportHash: this.reportHash };
  }

  private async load(): Promise<void> {
    const { signal } = this.controller;
    try {
      const client = await this.services.store.client(this.connectionId);
      this.report = await fetchReport(client, this.reportHash, signal);
      this.panel.title = reportTitle(this.reportHash, this.report);
      this.sendSnapshot();
    } catch (error) {
      if (signal.aborted) return;
      this.error = error instanceof Error ? error.message : String(error);
      this.sendSnapshot();
    }
  }

  protected sendSnapshot(): void {
    this.post({ type: 'persist', restore: this.restoreInfo() });
    if (this.report) this.post({ type: 'report', report: this.report });
    else if (this.error) this.post({ type: 'error', message: this.error });
    else this.post({ type: 'loading', title: this.panel.title });
  }

  protected async onMessage(message: Exclude<ReportToHost, { type: 'ready' }>): Promise<void> {
    switch (message.type) {
      case 'openInGraph':
        await openViews.resourceInGraph(this.connectionId, message);
        break;
      case 'openNode': {
        await openViews.node({ connectionId: this.connectionId, certname: message.certname });
        break;
      }
    }
  }
}

/** The report row with its logs, metrics and events (fetched apart if PuppetDB did not embed them). */
async function fetchReport(
  client: PuppetDB,
  reportHash: string,
  signal: AbortSignal,
): Promise<ReportDto> {
  const row = (await client
    .stream('reports', { query: ['=', 'hash', reportHash], signal })
    .first()) as Record<string, unknown> | undefined;
  if (!row) throw new Error(`PuppetDB has no report ${reportHash}.`);
  if (embeddedRows(row.resource_events)) return reportDtoFromWire(row);
  const events = (await client
    .stream('events', {
      query: ['=', 'report', reportHash],
      orderBy: [{ field: 'timestamp', order: 'asc' }],
      signal,
    })
    .toArray()) as Array<Record<string, unknown>>;
  return reportDtoFromWire(
    row,
    events.map((event) => eventRowFromWire(event)),
  );
}

function reportTitle(reportHash: string, report?: ReportDto): string {
  if (!report) return `Report · ${reportHash.slice(0, 8)}`;
  const end = report.endTime.replace('T', ' ').slice(0, 16);
  return `Report · ${report.certname} · ${end}`;
}
