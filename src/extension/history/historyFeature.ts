/**
 * "PuppetDB: Why Is This Node Failing?": walks a node's runs back to the last good one and shows,
 * for now as a read-only Markdown document, since when it fails, what differs between the two
 * runs, the resources and log lines new in the first bad run, and the commits between them.
 */
import * as vscode from 'vscode';
import { commitPattern, commitRange } from '../../shared/history';
import { registerViewCommand, type CommandTarget } from '../commands/commandTarget';
import type { Feature } from '../feature';
import { Commands } from '../ids';
import { inert } from '../inertText';
import { pickCertname } from '../pickers';
import type { Services } from '../services';
import { commitsBetween, type CommitsAnswer } from './gitCommits';
import { whyFailing, type WhyFailing } from './whyFailing';
import { whyFailingMarkdown } from './whyFailingDocument';

/** The documents' scheme: read-only, their text kept here until their editor closes. */
export const HISTORY_SCHEME = 'puppetdb-history';

/**
 * `puppetdbExplorer.whyFailing`'s argument (commands/commandTarget.ts): a node tree item, a
 * certname, `{ connectionId, certname }`, or nothing (then asked).
 */
export interface WhyFailingTarget {
  connectionId: string;
  certname: string;
}

/** What the command answers (host tests compare it with PuppetDB). */
export interface WhyFailingInfo extends WhyFailing {
  commits: CommitsAnswer | undefined;
  document: string;
}

/** The commit pattern setting, or undefined (the default rule); a bad one is said once per run. */
function configuredPattern(services: Services): RegExp | undefined {
  const source = services.settings.historyCommitPattern();
  if (source.trim() === '') return undefined;
  const pattern = commitPattern(source);
  if (pattern instanceof RegExp) return pattern;
  services.log.warn(`history.commitPattern is not a regular expression: ${pattern.error}`);
  return undefined;
}

export function registerHistory(services: Services): Feature {
  const documents = new Map<string, string>();
  const provider: vscode.TextDocumentContentProvider = {
    provideTextDocumentContent: (uri) => documents.get(uri.toString()) ?? '',
  };
  let next = 0;

  const show = async ({
    connectionId,
    target: certname,
  }: CommandTarget<string>): Promise<WhyFailingInfo> => {
    const target: WhyFailingTarget = { connectionId, certname };
    const client = await services.store.client(target.connectionId);
    const result = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Walking back the runs of {0}…', inert(target.certname)),
        cancellable: true,
      },
      async (_progress, token) => {
        const controller = new AbortController();
        const cancelled = token.onCancellationRequested(() => controller.abort());
        try {
          return await whyFailing(client, target.certname, { signal: controller.signal });
        } finally {
          cancelled.dispose();
        }
      },
    );
    const { firstBad, lastGood } = result.answer;
    const range =
      firstBad && lastGood
        ? commitRange(
            lastGood.configurationVersion,
            firstBad.configurationVersion,
            configuredPattern(services),
          )
        : undefined;
    const commits = range && (await commitsBetween(range));
    const text = whyFailingMarkdown(result, commits, Date.now(), {
      locale: vscode.env.language,
      utc: services.settings.utcTimes(),
    });
    const uri = vscode.Uri.from({
      scheme: HISTORY_SCHEME,
      path: `/why-failing-${++next}.md`,
    });
    documents.set(uri.toString(), text);
    const document = await vscode.workspace.openTextDocument(uri);
    // read as a page, not as Markdown source full of escapes; the source where there is no
    // Markdown preview (the built-in extension disabled)
    await vscode.commands
      .executeCommand('markdown.showPreview', document.uri)
      .then(undefined, () => vscode.window.showTextDocument(document, { preview: false }));
    return { ...result, commits, document: uri.toString() };
  };

  return {
    disposables: [
      vscode.workspace.registerTextDocumentContentProvider(HISTORY_SCHEME, provider),
      vscode.workspace.onDidCloseTextDocument((document) => {
        documents.delete(document.uri.toString());
      }),
      registerViewCommand(services, Commands.whyFailing, {
        command: vscode.l10n.t('Why Is This Node Failing?'),
        connection: 'active',
        target: (argument, connectionId) =>
          argument.certname ?? pickCertname(services, connectionId),
        open: show,
      }),
    ],
  };
}
