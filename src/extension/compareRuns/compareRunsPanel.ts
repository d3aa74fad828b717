/**
 * The compare-runs view: two runs side by side (the older the baseline), or a failing node's last
 * good run against its first bad one with the streak between ("Why Is This Node Failing?"), the
 * commits between their configuration versions and the changes those commits made.
 */
import * as vscode from 'vscode';
import {
  comparedRunsId,
  type ComparedRuns,
  type CompareRunsRestoreInfo,
} from '../../shared/protocol/compareRuns';
import { compareFailingStreak, compareTwoReports } from '../history/comparedRuns';
import { openChangesBetween, type CommitsAnswer } from '../history/gitCommits';
import type { WhyFailingDocuments } from '../history/whyFailingDocuments';
import type { WhyFailing } from '../history/whyFailing';
import { inert } from '../inertText';
import type { Services } from '../services';
import type { PanelDefinition } from '../webviews/definePanel';
import { PaintedContent } from '../webviews/paintedContent';
import { openViews } from '../webviews/openViews';
import {
  WebviewPanelHost,
  type InfoOf,
  type Opening,
  type ViewHandlers,
} from '../webviews/webviewPanelHost';
import { compareRunsCommands } from './compareRunsCommands';
import { runsCommitRange, runsCommits } from './runsCommits';

/** What the commands answer (host tests read it). */
export interface CompareRunsPanelInfo {
  title: string;
  restore: CompareRunsRestoreInfo;
  runs: ComparedRuns | undefined;
  error: string | undefined;
  /** Whether the page has said it painted the comparison shown. */
  painted: boolean;
}

/** The compare-runs view's panels: one per pair of runs, and one per failing node. */
export function compareRunsPanels(
  services: Services,
  whyFailingDocuments: WhyFailingDocuments,
): PanelDefinition<'compareRuns', CompareRunsPanel> {
  return {
    entry: 'compareRuns',
    preview: true,
    key: (info) =>
      'failingNode' in info
        ? JSON.stringify([info.connectionId, 'failing', info.failingNode, info.resource ?? null])
        : // a pair is one panel, whichever order it was named in
          JSON.stringify([info.connectionId, ...[...info.reports].sort()]),
    title: (info) => titleOf(info),
    create: (opening) => new CompareRunsPanel(opening, whyFailingDocuments),
    command: compareRunsCommands(services),
  };
}

function titleOf(info: CompareRunsRestoreInfo, runs?: ComparedRuns): string {
  if ('failingNode' in info) {
    return info.resource
      ? vscode.l10n.t(
          'Failing Since · {0}[{1}] · {2}',
          info.resource.type,
          info.resource.title,
          info.failingNode,
        )
      : vscode.l10n.t('Why Failing · {0}', info.failingNode);
  }
  if (!runs?.older || !runs.newer) {
    return vscode.l10n.t(
      'Compare Runs · {0} ↔ {1}',
      info.reports[0].slice(0, 8),
      info.reports[1].slice(0, 8),
    );
  }
  return vscode.l10n.t('Compare Runs · {0}', runs.certname);
}

export class CompareRunsPanel extends WebviewPanelHost<'compareRuns'> {
  readonly connectionId: string;
  private readonly target: CompareRunsRestoreInfo;
  private runs: ComparedRuns | undefined;
  /** The walk's answer and git's, kept for "Open as Markdown" (a failing node only). */
  private why: { why: WhyFailing; commits: CommitsAnswer | undefined } | undefined;
  /** What the page painted (by comparedRunsId). */
  private readonly paints = new PaintedContent();

  /** Two runs or a failing node to compare; or one revived with what its page kept (nothing fetched). */
  constructor(
    opening: Opening<'compareRuns'>,
    private readonly whyFailingDocuments: WhyFailingDocuments,
  ) {
    super(opening);
    this.target = opening.info;
    this.connectionId = opening.info.connectionId;
    this.runs = opening.revived?.kept?.content;
    this.panel.title = titleOf(this.target, this.runs);
    if (!opening.revived) this.loaded = this.load();
  }

  info(): CompareRunsPanelInfo {
    return {
      ...this.commonInfo(),
      runs: this.runs,
      painted: this.paints.has(this.runs && comparedRunsId(this.runs)),
    };
  }

  /** Resolves once the page has painted the comparison shown now (or at once without one). */
  painted(): Promise<void> {
    return this.paints.wait(this.runs && comparedRunsId(this.runs));
  }

  protected restoreInfo(): InfoOf<'compareRuns'> {
    return this.target;
  }

  private load(): Promise<void> {
    return this.loadFromConnection(
      () => `Comparing runs (${this.panel.title})`,
      () => {
        this.runs = undefined;
        this.why = undefined;
      },
      async (client, signal) => {
        const { why, ...compared } =
          'failingNode' in this.target
            ? await compareFailingStreak(client, this.target.failingNode, {
                signal,
                resource: this.target.resource,
              })
            : {
                ...(await compareTwoReports(client, this.target.reports, signal)),
                why: undefined,
              };
        const commits = await runsCommits(this.services, compared.older, compared.newer);
        return { runs: { ...compared, commits: commits.shown }, why, commits };
      },
      ({ runs, why, commits }) => {
        this.runs = runs;
        if (why) this.why = { why, commits: commits.answer };
        this.panel.title = titleOf(this.target, runs);
      },
    );
  }

  protected sendSnapshot(): void {
    this.postOneLoaded(this.runs && { type: 'compared', runs: this.runs, restored: this.restored });
  }

  /** Compares again from PuppetDB ("Load again", Retry), unless a load is under way. */
  protected reload(): Promise<void> {
    return this.loadAgain(this.runs, () => this.load());
  }

  /** The runs as loaded from PuppetDB: a restored panel's were kept by its page, so it loads first. */
  private async loadedRuns(): Promise<ComparedRuns | undefined> {
    if (this.restored) await this.reload();
    return this.runs;
  }

  protected readonly handlers: ViewHandlers<'compareRuns'> = {
    openRun: async ({ which }) => {
      const run = (await this.loadedRuns())?.[which];
      if (run) await openViews.report({ connectionId: this.connectionId, reportHash: run.hash });
    },
    openChanges: async () => {
      const runs = await this.loadedRuns();
      const range = runsCommitRange(this.services, runs?.older, runs?.newer);
      if (!runs || !range) return;
      const title = vscode.l10n.t(
        'Changes between the runs of {0} ({1}..{2})',
        inert(runs.certname),
        range.from.slice(0, 8),
        range.to.slice(0, 8),
      );
      if (!(await openChangesBetween(range, title))) {
        void vscode.window.showWarningMessage(
          vscode.l10n.t("No repository of the workspace has both runs' commits."),
        );
      }
    },
    openMarkdown: async () => {
      await this.loadedRuns();
      if (this.why) await this.whyFailingDocuments.show(this.why.why, this.why.commits);
    },
    reload: () => this.reload(),
    painted: ({ runs }) => this.paints.paint(runs),
  };
}
