import * as vscode from 'vscode';
import type { PuppetDB, RecordStream, Report } from '../../client';
import { ContextValues } from '../ids';
import { inert } from '../inertText';
import type { TreeContext } from './treeContext';
import { ExplorerNode } from './explorerNode';
import { withLoadProgress } from './loading';
import { age, statusIcon, timestamp, valueText } from './presentation';
import { NodeRecordPages, type NodePageRequest } from './nodeRecordPages';
import { nodeSectionNames } from './nodeSectionNames';
import { InfoNode, ListFolder } from './simpleNodes';
import { rowsAtMost } from '../truncationNotice';
import { MAX_TREE_ITEMS } from '../boundedRows';

/**
 * What the Reports folder fetches of each report: everything but its logs, metrics and events,
 * which can be megabytes a report; the whole report is fetched when one is opened.
 */
const SUMMARY_FIELDS = [
  'certname',
  'hash',
  'start_time',
  'end_time',
  'receive_time',
  'configuration_version',
  'report_format',
  'puppet_version',
  'transaction_uuid',
  'status',
  'environment',
  'noop',
  'noop_pending',
  'code_id',
  'catalog_uuid',
  'cached_catalog_status',
  'producer',
];

/** A node's reports, latest first, a page (`puppetdbExplorer.reportsPageSize`) at a time. */
export class ReportsFolder extends NodeRecordPages<Report> {
  constructor(connectionId: string, certname: string, context: TreeContext) {
    super(connectionId, certname, context, 'history', nodeSectionNames.reports(certname));
  }

  protected request(client: PuppetDB, page: NodePageRequest): RecordStream<Report> {
    const query = ['extract', SUMMARY_FIELDS, page.query];
    return client.reports({ ...page, query, orderBy: [{ field: 'end_time', order: 'desc' }] });
  }

  protected pageSize(): number {
    return this.context.settings.reportsPageSize();
  }

  protected childOf(report: Report): ExplorerNode {
    return new ReportNode(this.connectionId, report, this.context);
  }
}

/** A run: status, run time and age; its events, logs and metrics below. */
export class ReportNode extends ExplorerNode {
  constructor(
    readonly connectionId: string,
    readonly report: Report,
    private readonly context: TreeContext,
  ) {
    super();
  }

  override idKey(): string {
    return this.report.hash;
  }

  toTreeItem(): vscode.TreeItem {
    const { report } = this;
    const item = new vscode.TreeItem(
      timestamp(report.end),
      vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.iconPath = statusIcon(report.status);
    // every field is what an agent sent: a link or an icon in it stays text
    const status = inert(report.status ?? '');
    item.description = `${status} · ${(report.runTime / 1000).toFixed(1)} s · ${age(report.end)}`;
    item.tooltip = [
      `${inert(report.node)} ${status}`,
      vscode.l10n.t('configuration {0}', inert(report.version)),
      vscode.l10n.t('Puppet {0}', inert(report.agentVersion)),
      vscode.l10n.t('cached catalog: {0}', inert(report.cachedCatalogStatus ?? '—')),
    ].join('\n');
    item.contextValue = ContextValues.report;
    return item;
  }

  /** The whole report (logs and metrics included), fetched once, when first needed. */
  private whole: Promise<Report> | undefined;

  private fullReport(): Promise<Report> {
    this.whole ??= (async () => {
      const client = await this.context.store.client(this.connectionId);
      const full = await withLoadProgress(vscode.l10n.t('Loading the report…'), (signal) =>
        client.reports({ query: ['=', 'hash', this.report.hash], signal }).first(),
      );
      if (!full) {
        throw new Error(
          vscode.l10n.t('PuppetDB no longer holds the report {0}.', this.report.hash),
        );
      }
      return full;
    })();
    // a failed fetch is asked again on the next expand (Retry)
    this.whole.catch(() => (this.whole = undefined));
    return this.whole;
  }

  override async getChildren(): Promise<ExplorerNode[]> {
    const { report } = this;
    return [
      new ListFolder(this.context, 'Events', vscode.l10n.t('Events'), 'symbol-event', async () => {
        const client = await this.context.store.client(this.connectionId);
        const events = await withLoadProgress(vscode.l10n.t('Loading events…'), (signal) =>
          rowsAtMost(
            client.events({ query: ['=', 'report', report.hash], signal }),
            Math.min(this.context.settings.maxEvents(), MAX_TREE_ITEMS),
            vscode.l10n.t('The events of the report'),
          ),
        );
        return events.map(
          (event) =>
            new InfoNode(
              inert(`${event.type}[${event.title}]`),
              `${inert(event.status)}${event.property ? ` · ${inert(event.property)}: ${valueText(event.oldValue)} → ${valueText(event.newValue)}` : ''}`,
              statusIcon(
                event.status === 'failure'
                  ? 'failed'
                  : event.status === 'success'
                    ? 'changed'
                    : event.status === 'noop'
                      ? 'noop'
                      : undefined,
              ),
              inert(event.message, { multiline: true }),
            ),
        );
      }),
      new ListFolder(this.context, 'Logs', vscode.l10n.t('Logs'), 'output', async () =>
        (await this.fullReport()).logs.map(
          (log) =>
            new InfoNode(
              inert(log.message),
              `${inert(log.level)} · ${inert(log.source)}`,
              logIcon(String(log.level)),
            ),
        ),
      ),
      new ListFolder(this.context, 'Metrics', vscode.l10n.t('Metrics'), 'graph', async () =>
        (await this.fullReport()).metrics.map(
          (metric) =>
            new InfoNode(
              inert(`${String(metric.category)}.${String(metric.name)}`),
              inert(metric.value),
            ),
        ),
      ),
    ];
  }

  override json(): Promise<unknown> {
    return this.fullReport();
  }
}

function logIcon(level: string): vscode.ThemeIcon {
  if (level === 'err' || level === 'crit' || level === 'alert' || level === 'emerg') {
    return new vscode.ThemeIcon('error', new vscode.ThemeColor('charts.red'));
  }
  if (level === 'warning') {
    return new vscode.ThemeIcon('warning', new vscode.ThemeColor('charts.yellow'));
  }
  return new vscode.ThemeIcon('info');
}
