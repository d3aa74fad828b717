/**
 * The three ways into the compare-runs view: "Compare Two Runs…" (two reports selected in the
 * tree, or picked among a node's), "Compare with Previous Run" (a report: the tree's, the report
 * view's) and "Why Is This Node Failing?" (a node). Their arguments are read as every view
 * command's are (commands/commandTarget.ts): they may name a connection of the user's, a node and
 * reports, nothing else.
 */
import * as vscode from 'vscode';
import type { CompareRunsRestoreInfo, FailingResource } from '../../shared/protocol/compareRuns';
import { namedOrPickedNode, type CommandArgument } from '../commands/commandTarget';
import { reportBefore } from '../history/comparedRuns';
import { Commands } from '../ids';
import { inert } from '../inertText';
import { latestFailedEvents } from '../latestFailedEvents';
import { MAX_LIST_ROWS } from '../boundedRows';
import { rowsAtMost } from '../truncationNotice';
import { pickTwoReports, reportHashOf } from '../reports/pickTargets';
import type { Services } from '../services';
import { viewCommand, viewCommands, type Panels, type ViewCommand } from '../webviews/definePanel';
import type { WebviewPanelHost } from '../webviews/webviewPanelHost';

/** What a panel compares, but its connection: two reports, or a failing node's streak. */
type Compared =
  | Omit<Extract<CompareRunsRestoreInfo, { reports: unknown }>, 'entry' | 'connectionId'>
  | Omit<Extract<CompareRunsRestoreInfo, { failingNode: string }>, 'entry' | 'connectionId'>;

/** What the commands need of a panel (not its class: the panel's file registers them). */
type ComparePanel = WebviewPanelHost<'compareRuns'> & { info(): unknown; painted(): Promise<void> };

/** A command's target: what to compare, and whether to answer once painted (tests, the bench). */
interface Target {
  compared: Compared;
  waitForPaint: boolean;
}

/** How a command reads its target from its argument (asking what it does not name). */
type TargetOf = (
  services: Services,
  argument: CommandArgument,
  connectionId: string,
) => Promise<Compared | undefined>;

/** Answers, once loaded (with `waitForPaint`, once painted), what the panel shows. */
const open = async <P extends ComparePanel>(
  panels: Panels<'compareRuns', P>,
  { connectionId, target }: { connectionId: string; target: Target },
) => {
  const { panel } = panels.show({ entry: 'compareRuns', connectionId, ...target.compared });
  await panel.loaded;
  if (target.waitForPaint) await panel.painted();
  return panel.info();
};

/** A report hash, a resource type or title as an argument may give it: non-empty, of a sane length. */
const isArgumentText = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= 4096;

/** The two reports the argument names (tree selection, `reportHashes`), or asked among a node's. */
const twoReports: TargetOf = async (services, argument, connectionId) => {
  const { reportHashes } = argument.fields;
  const named = argument.selectedReports.length > 0 ? argument.selectedReports : reportHashes;
  if (named !== undefined) {
    if (!Array.isArray(named) || named.length !== 2 || !named.every(isArgumentText)) {
      throw new Error(
        vscode.l10n.t('Compare Two Runs: select exactly two runs (reports) of the Reports folder.'),
      );
    }
    return { reports: [named[0], named[1]] as [string, string] };
  }
  if (argument.reportHash) return previousOf(services, argument, connectionId);
  const certname = await namedOrPickedNode(services, argument, connectionId);
  if (certname === undefined) return undefined;
  const picked = await pickTwoReports(services, connectionId, certname);
  return picked && { reports: picked };
};

/** The report the argument names (or one asked for) and the node's run before it. */
const previousOf: TargetOf = async (services, argument, connectionId) => {
  const newer = await reportHashOf(services, argument, connectionId);
  if (newer === undefined) return undefined;
  const client = await services.store.client(connectionId);
  const older = await reportBefore(client, newer);
  if (!older) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('PuppetDB keeps no run before this one ({0}).', inert(newer.slice(0, 12))),
    );
    return undefined;
  }
  return { reports: [older.hash, newer] };
};

/** A resource the argument names (`resourceType`, `resourceTitle`), checked, or undefined. */
function namedResource(argument: CommandArgument): FailingResource | undefined {
  const { resourceType: type, resourceTitle: title } = argument.fields;
  if (type === undefined && title === undefined) return undefined;
  if (!isArgumentText(type) || !isArgumentText(title)) {
    throw new Error(
      vscode.l10n.t('Since When Is This Resource Failing?: the resource named does not fit.'),
    );
  }
  return { type, title };
}

/** One of the resources that failed in the node's latest run, picked. */
async function pickFailingResource(
  services: Services,
  connectionId: string,
  certname: string,
): Promise<FailingResource | undefined> {
  const client = await services.store.client(connectionId);
  const events = (await rowsAtMost(
    client.stream('events', {
      query: latestFailedEvents(
        ['resource_type', 'resource_title', 'message'],
        ['=', 'certname', certname],
      ),
    }),
    MAX_LIST_ROWS,
    vscode.l10n.t('The failed events of {0}', inert(certname)),
  )) as Array<{ resource_type: string; resource_title: string; message: string | null }>;
  if (events.length === 0) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('No resource failed in the latest run of {0}.', inert(certname)),
    );
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(
    events.map((event) => ({
      label: inert(`${event.resource_type}[${event.resource_title}]`),
      detail: event.message ? inert(event.message) : undefined,
      resource: { type: event.resource_type, title: event.resource_title },
    })),
    {
      placeHolder: vscode.l10n.t('A failing resource of {0}', inert(certname)),
      matchOnDetail: true,
      ignoreFocusOut: true,
    },
  );
  return picked?.resource;
}

const failingNode: TargetOf = async (services, argument, connectionId) => {
  const certname = await namedOrPickedNode(services, argument, connectionId);
  return certname === undefined ? undefined : { failingNode: certname };
};

/** The node (named or asked), then its resource (named, or picked among its latest failures). */
const failingResource: TargetOf = async (services, argument, connectionId) => {
  const node = await failingNode(services, argument, connectionId);
  if (!node || !('failingNode' in node)) return undefined;
  const resource =
    namedResource(argument) ??
    (await pickFailingResource(services, connectionId, node.failingNode));
  return resource && { ...node, resource };
};

export function compareRunsCommands<P extends ComparePanel>(
  services: Services,
): ViewCommand<'compareRuns', P> {
  const commands: Array<[id: string, name: string, target: TargetOf]> = [
    [Commands.compareRuns, vscode.l10n.t('Compare Two Runs'), twoReports],
    [Commands.compareWithPreviousRun, vscode.l10n.t('Compare with Previous Run'), previousOf],
    [Commands.whyFailing, vscode.l10n.t('Why Is This Node Failing?'), failingNode],
    [
      Commands.whyResourceFailing,
      vscode.l10n.t('Since When Is This Resource Failing?'),
      failingResource,
    ],
  ];
  return viewCommands<'compareRuns', P>(
    ...commands.map(([id, name, target]) =>
      viewCommand<'compareRuns', P, Target>(id, {
        command: name,
        connection: 'active',
        target: async (argument, connectionId) => {
          const compared = await target(services, argument, connectionId);
          return compared && { compared, waitForPaint: argument.fields.waitForPaint === true };
        },
        open,
      }),
    ),
  );
}
