import * as vscode from 'vscode';
import type { PuppetDB, Report } from '../../client';
import { ContextValues } from '../ids';
import type { TreeContext } from './treeContext';
import { ExplorerNode } from './explorerNode';
import { withLoadProgress } from './loading';
import { age, statusIcon, timestamp, valueText } from './presentation';
import { NodeSection } from './nodeSection';
import { InfoNode, safely } from './simpleNodes';

/** A node's reports, latest first. */
export class ReportsFolder extends NodeSection {
  constructor(connectionId: string, certname: string, context: TreeContext) {
    super(connectionId, certname, context, 'Reports', 'history');
  }

  protected async load(client: PuppetDB, signal: AbortSignal): Promise<ExplorerNode[]> {
    const reports = await client
      .reports({
        query: ['=', 'certname', this.certname],
        orderBy: [{ field: 'end_time', order: 'desc' }],
        limit: this.context.settings.pageSize(),
        signal,
      })
      .toArray();
    return reports.map((report) => new ReportNode(this.connectionId, report, this.context));
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
    item.description = `${report.status ?? ''} · ${(report.runTime / 1000).toFixed(1)} s · ${age(report.end)}`;
    item.tooltip = `${report.node} ${report.status ?? ''}\nconfiguration ${report.version}\nPuppet ${report.agentVersion}\ncached catalog: ${report.cachedCatalogStatus ?? '—'}`;
    item.contextValue = ContextValues.report;
    return item;
  }

  override async getChildren(): Promise<ExplorerNode[]> {
    const { report } = this;
    return [
      new LazyListNode('Events', 'symbol-event', async () => {
        const client = await this.context.store.client(this.connectionId);
        const events = await withLoadProgress('Loading events…', (signal) =>
          client.events({ query: ['=', 'report', report.hash], signal }).toArray(),
        );
        return events.map(
          (event) =>
            new InfoNode(
              `${event.type}[${event.title}]`,
              `${event.status}${event.property ? ` · ${event.property}: ${valueText(event.oldValue)} → ${valueText(event.newValue)}` : ''}`,
              statusIcon(
                event.status === 'failure'
                  ? 'failed'
                  : event.status === 'success'
                    ? 'changed'
                    : event.status === 'noop'
                      ? 'noop'
                      : undefined,
              ),
              event.message,
            ),
        );
      }),
      new LazyListNode('Logs', 'output', async () =>
        report.logs.map(
          (log) =>
            new InfoNode(
              String(log.message),
              `${String(log.level)} · ${String(log.source)}`,
              logIcon(String(log.level)),
            ),
        ),
      ),
      new LazyListNode('Metrics', 'graph', async () =>
        report.metrics.map(
          (metric) =>
            new InfoNode(`${String(metric.category)}.${String(metric.name)}`, String(metric.value)),
        ),
      ),
    ];
  }

  override json(): unknown {
    return this.report;
  }
}

class LazyListNode extends ExplorerNode {
  constructor(
    private readonly label: string,
    private readonly icon: string,
    private readonly load: () => Promise<ExplorerNode[]>,
  ) {
    super();
  }

  override idKey(): string {
    return this.label;
  }

  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.Collapsed);
    item.iconPath = new vscode.ThemeIcon(this.icon);
    return item;
  }

  override getChildren(): Promise<ExplorerNode[]> {
    return safely(this, this.load);
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
