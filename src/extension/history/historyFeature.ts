/**
 * The history's read-only Markdown documents (scheme `puppetdb-history`): "Why is this node
 * failing?" as an incident note to read and copy, opened from the compare-runs view ("Open as
 * Markdown"), its text kept here until its editor closes. Every value from PuppetDB or git in it
 * is escaped (whyFailingDocument.ts), and a Markdown preview runs no command links.
 */
import * as vscode from 'vscode';
import type { Feature } from '../feature';
import type { Services } from '../services';
import type { CommitsAnswer } from './gitCommits';
import type { WhyFailing } from './whyFailing';
import { whyFailingMarkdown } from './whyFailingDocument';

/** The documents' scheme: read-only, their text kept here until their editor closes. */
export const HISTORY_SCHEME = 'puppetdb-history';

const documents = new Map<string, string>();
let next = 0;

/** Opens the answer as a Markdown preview (its source where the Markdown extension is disabled); answers the document's URI. */
export async function showWhyFailingDocument(
  services: Services,
  why: WhyFailing,
  commits: CommitsAnswer | undefined,
): Promise<string> {
  const text = whyFailingMarkdown(why, commits, Date.now(), {
    locale: vscode.env.language,
    utc: services.settings.utcTimes(),
  });
  const uri = vscode.Uri.from({ scheme: HISTORY_SCHEME, path: `/why-failing-${++next}.md` });
  documents.set(uri.toString(), text);
  const document = await vscode.workspace.openTextDocument(uri);
  // read as a page, not as Markdown source full of escapes
  await vscode.commands
    .executeCommand('markdown.showPreview', document.uri)
    .then(undefined, () => vscode.window.showTextDocument(document, { preview: false }));
  return uri.toString();
}

export function registerHistoryDocuments(): Feature {
  const provider: vscode.TextDocumentContentProvider = {
    provideTextDocumentContent: (uri) => documents.get(uri.toString()) ?? '',
  };
  return {
    disposables: [
      vscode.workspace.registerTextDocumentContentProvider(HISTORY_SCHEME, provider),
      vscode.workspace.onDidCloseTextDocument((document) => {
        documents.delete(document.uri.toString());
      }),
    ],
  };
}
