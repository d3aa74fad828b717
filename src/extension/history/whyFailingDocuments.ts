/**
 * The history's read-only Markdown documents (scheme `puppetdb-history`): "Why is this node
 * failing?" as an incident note to read and copy, opened from the compare-runs view ("Open as
 * Markdown"). Every value from PuppetDB or git in it is escaped (whyFailingDocument.ts).
 */
import * as vscode from 'vscode';
import { MarkdownDocuments } from '../markdownDocuments';
import type { Services } from '../services';
import type { CommitsAnswer } from './gitCommits';
import type { WhyFailing } from './whyFailing';
import { whyFailingMarkdown } from './whyFailingDocument';

/** The documents' scheme: read-only, their text kept until their editor closes. */
export const HISTORY_SCHEME = 'puppetdb-history';

/** Built once by activate() and given to the views that open these documents. */
export class WhyFailingDocuments implements vscode.Disposable {
  private readonly documents = new MarkdownDocuments(HISTORY_SCHEME);

  constructor(private readonly services: Services) {}

  /** Opens the answer as a Markdown preview; answers the document's URI. */
  show(why: WhyFailing, commits: CommitsAnswer | undefined): Promise<string | undefined> {
    const text = whyFailingMarkdown(why, commits, Date.now(), {
      locale: vscode.env.language,
      utc: this.services.settings.utcTimes(),
    });
    return this.documents.show('why-failing', text);
  }

  dispose(): void {
    this.documents.dispose();
  }
}
