/**
 * What the events and report commands were asked to show, beyond the connection
 * (commands/commandTarget.ts reads the argument: a tree item, a target object from another view
 * or a test, or nothing): what is missing is asked (node, range or report). Undefined means the
 * user cancelled.
 */
import * as vscode from 'vscode';
import { lastHours, type EventsSource } from '../../shared/eventTableSource';
import { declaredAtFilter, fleetEventsFilter } from '../../shared/protocol/eventsSchema';
import { namedOrPickedNode, type CommandArgument } from '../commands/commandTarget';
import { inert } from '../inertText';
import type { Services } from '../services';
import { askIsoRange } from '../pickers';
import { rowsAtMost } from '../truncationNotice';

/** Which events: a report's, a node's (its latest report, or a range), the fleet's or a line's. */
export async function eventsSource(
  services: Services,
  argument: CommandArgument,
  connectionId: string,
): Promise<EventsSource | undefined> {
  const { fleet, declaredAt, since, until } = argument.fields;
  if (fleet) {
    // a command can be run with anything: the filter must be one the overview could send
    const problem = fleetEventsFilter(fleet);
    if (problem) throw new Error(`Open Events: the fleet filter does not fit (${problem}).`);
    return { fleet: fleet as Extract<EventsSource, { fleet: unknown }>['fleet'] };
  }
  if (declaredAt) {
    const problem = declaredAtFilter(declaredAt);
    if (problem) throw new Error(`Open Events: the manifest line does not fit (${problem}).`);
    return {
      declaredAt: declaredAt as Extract<EventsSource, { declaredAt: unknown }>['declaredAt'],
    };
  }
  if (argument.reportHash) return { reportHash: argument.reportHash };
  if (argument.certname && argument.from === 'object') {
    return {
      certname: argument.certname,
      ...(typeof since === 'string' && { since }),
      ...(typeof until === 'string' && { until }),
    };
  }
  const certname = await namedOrPickedNode(services, argument, connectionId);
  return certname === undefined ? undefined : pickNodeRange(certname);
}

/** Which report: the one named, or one of the node's (named or asked), picked. */
export async function reportHashOf(
  services: Services,
  argument: CommandArgument,
  connectionId: string,
): Promise<string | undefined> {
  if (argument.reportHash) return argument.reportHash;
  const certname = await namedOrPickedNode(services, argument, connectionId);
  return certname === undefined ? undefined : pickReport(services, connectionId, certname);
}

/** A node's events: its latest report, the last day or week, or a range typed in ISO-8601. */
async function pickNodeRange(certname: string): Promise<EventsSource | undefined> {
  // the certname is PuppetDB's: shown inert (a link or an icon stays text)
  const shown = inert(certname);
  const choices = [
    { label: vscode.l10n.t('Latest report'), description: shown, range: 'latest' as const },
    { label: vscode.l10n.t('Last 24 hours'), range: 24 },
    { label: vscode.l10n.t('Last 7 days'), range: 24 * 7 },
    {
      label: vscode.l10n.t('Custom range…'),
      description: vscode.l10n.t('ISO-8601 since / until'),
      range: 'custom' as const,
    },
  ];
  // a second step: a webview taking focus back as the first closes must not dismiss it
  const choice = await vscode.window.showQuickPick(choices, {
    placeHolder: vscode.l10n.t('Events of {0}', shown),
    ignoreFocusOut: true,
  });
  if (!choice) return undefined;
  if (choice.range === 'latest') return { certname };
  if (typeof choice.range === 'number') return { certname, ...lastHours(choice.range, new Date()) };
  const range = await askIsoRange(
    vscode.l10n.t(
      'Events of {0} from … to … (the end is optional; UTC unless a zone is given)',
      shown,
    ),
  );
  return range && { certname, ...range };
}

/** The latest reports of a node offered to pick from. */
const REPORTS_LISTED = 100;

/** A node's newest reports as quick pick items, or undefined (said) when it has none. */
async function reportChoices(
  services: Services,
  connectionId: string,
  certname: string,
): Promise<Array<vscode.QuickPickItem & { hash: string }> | undefined> {
  const client = await services.store.client(connectionId);
  const rows = (await rowsAtMost(
    client.stream('reports', {
      query: ['extract', ['hash', 'end_time', 'status', 'noop'], ['=', 'certname', certname]],
      orderBy: [{ field: 'end_time', order: 'desc' }],
      limit: REPORTS_LISTED,
    }),
    REPORTS_LISTED,
    vscode.l10n.t('The reports of {0}', inert(certname)),
  )) as Array<{ hash: string; end_time: string; status: string | null; noop: boolean }>;
  if (rows.length === 0) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('{0} has no reports.', inert(certname)),
    );
    return undefined;
  }
  return rows.map((row) => ({
    label: inert(row.end_time.replace('T', ' ').replace(/\.\d+Z$/, 'Z')),
    description: `${row.status ? inert(row.status) : vscode.l10n.t('unknown')}${row.noop ? ' · noop' : ''}`,
    detail: inert(row.hash),
    hash: row.hash,
  }));
}

/** One of the node's newest reports, picked. */
async function pickReport(
  services: Services,
  connectionId: string,
  certname: string,
): Promise<string | undefined> {
  const choices = await reportChoices(services, connectionId, certname);
  if (!choices) return undefined;
  const picked = await vscode.window.showQuickPick(choices, {
    placeHolder: vscode.l10n.t('Report of {0}', inert(certname)),
    matchOnDetail: true,
    ignoreFocusOut: true,
  });
  return picked?.hash;
}

/** Two of the node's newest reports, picked together; another count is said and asked again. */
export async function pickTwoReports(
  services: Services,
  connectionId: string,
  certname: string,
): Promise<[string, string] | undefined> {
  const choices = await reportChoices(services, connectionId, certname);
  if (!choices) return undefined;
  for (;;) {
    const picked = await vscode.window.showQuickPick(choices, {
      placeHolder: vscode.l10n.t('Two runs of {0} to compare', inert(certname)),
      matchOnDetail: true,
      ignoreFocusOut: true,
      canPickMany: true,
    });
    if (!picked || picked.length === 0) return undefined;
    const [a, b] = picked;
    if (a && b && picked.length === 2) return [a.hash, b.hash];
    const again = vscode.l10n.t('Choose Again');
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('Choose exactly two runs to compare ({0} chosen).', picked.length),
      again,
    );
    if (answer !== again) return undefined;
  }
}
