/**
 * The history's read-only Markdown documents (scheme `puppetdb-history`): "Why is this node
 * failing?" as an incident note to read and copy, opened from the compare-runs view ("Open as
 * Markdown"). Every value from PuppetDB or git in it is escaped (whyFailingDocument.ts).
 */
import * as vscode from 'vscode';
import type { Feature } from '../feature';
import { MarkdownDocuments } from '../markdownDocuments';
import type { Services } from '../services';
import type { CommitsAnswer } from './gitCommits';
import type { WhyFailing } from './whyFailing';
import { whyFailingMarkdown } from './whyFailingDocument';

/** The documents' scheme: read-only, their text kept until their editor closes. */
export const HISTORY_SCHEME = 'puppetdb-history';

/** The history's documents, once the feature is registered (activate() does). */
let documents: MarkdownDocuments | undefined;

/** Opens the answer as a Markdown preview; answers the document's URI. */
export async function showWhyFailingDocument(
  services: Services,
  why: WhyFailing,
  commits: CommitsAnswer | undefined,
): Promise<string | undefined> {
  const text = whyFailingMarkdown(why, commits, Date.now(), {
    locale: vscode.env.language,
    utc: services.settings.utcTimes(),
  });
  return documents?.show('why-failing', text);
}

export function registerHistoryDocuments(): Feature {
  documents = new MarkdownDocuments(HISTORY_SCHEME);
  return { disposables: [documents] };
}
