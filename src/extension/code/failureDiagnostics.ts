/**
 * Failures as diagnostics (setting `code.failureDiagnostics`, off by default): in every open
 * `.pp` file, a resource whose events failed on nodes in their latest run gets an information
 * diagnostic at its declaration line with the node count. One request per file, asked again
 * after the lenses' cache lifetime; cleared when the setting is off or no connection is active.
 */
import * as vscode from 'vscode';
import type { PuppetDB } from '../../client';
import type { Services } from '../services';
import { activeConnection } from './countingLenses';
import { LIFETIME_MS } from './fleetCounts';
import type { ManifestOpener } from './openManifest';
import { suffixPattern } from './manifestPaths';
import { LOCAL_PATH_RULES } from './pathRules';
import { rowsAtMost } from '../truncationNotice';
import { inert } from '../inertText';
import { latestFailedEvents } from '../latestFailedEvents';

/** A file's failures never wait longer than this (they are then left out and logged). */
const REQUEST_TIMEOUT_MS = 20_000;

export class FailureDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('puppetdb');
  private readonly subscriptions: vscode.Disposable[];
  private timer: ReturnType<typeof setInterval> | undefined;
  /** The connection the diagnostics shown came from. */
  private shownFor: string | undefined;
  /** Bumped by every refresh: an answer of an older one is dropped. */
  private generation = 0;

  constructor(
    private readonly services: Services,
    private readonly opener: ManifestOpener,
  ) {
    this.subscriptions = [
      vscode.workspace.onDidOpenTextDocument((document) => {
        const connectionId = this.enabledConnection();
        if (connectionId) void this.update([document], connectionId, this.generation);
      }),
      vscode.workspace.onDidCloseTextDocument((document) => this.collection.delete(document.uri)),
    ];
  }

  /** Everything again: at start, on a setting, connection or trust change, and every lifetime. */
  refresh(): Promise<void> {
    const generation = ++this.generation;
    const connectionId = this.enabledConnection();
    if (connectionId !== this.shownFor) this.collection.clear();
    this.shownFor = connectionId;
    if (!connectionId) {
      clearInterval(this.timer);
      this.timer = undefined;
      return Promise.resolve();
    }
    this.timer ??= setInterval(() => void this.refresh(), LIFETIME_MS);
    return this.update(vscode.workspace.textDocuments, connectionId, generation);
  }

  private enabledConnection(): string | undefined {
    if (!this.services.settings.codeFailureDiagnostics()) return undefined;
    return activeConnection(this.services);
  }

  private async update(
    documents: readonly vscode.TextDocument[],
    connectionId: string,
    generation: number,
  ): Promise<void> {
    const manifests = documents.filter(isManifest);
    if (manifests.length === 0) return;
    let client: PuppetDB;
    try {
      client = await this.services.store.client(connectionId);
    } catch (error) {
      this.services.log.warn(`Failure diagnostics: no client (${String(error)})`);
      return;
    }
    await Promise.all(
      manifests.map(async (document) => {
        try {
          const failed = await this.failedNodesByLine(client, document.uri);
          if (generation !== this.generation || document.isClosed) return;
          this.collection.set(document.uri, diagnostics(document, failed));
        } catch (error) {
          if (generation !== this.generation) return;
          this.collection.delete(document.uri);
          this.services.log.warn(
            `Failure diagnostics of ${vscode.workspace.asRelativePath(document.uri)}: ${String(error)}`,
          );
        }
      }),
    );
  }

  /** 1-based line → the nodes whose latest run failed on a resource declared there. */
  private async failedNodesByLine(
    client: PuppetDB,
    uri: vscode.Uri,
  ): Promise<Map<number, Set<string>>> {
    const rows = (await rowsAtMost(
      client.stream('events', {
        query: latestFailedEvents(
          ['certname', 'file', 'line'],
          ['~', 'file', suffixPattern(uri.fsPath, LOCAL_PATH_RULES)],
        ),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      }),
      this.services.settings.maxEvents(),
      vscode.l10n.t('The failed events of {0}', inert(vscode.workspace.asRelativePath(uri))),
    )) as Array<{ certname?: unknown; file?: unknown; line?: unknown }>;
    // a path ending the same may be another module's file: keep those mapping to this one
    const mine = new Map<string, boolean>();
    const byLine = new Map<number, Set<string>>();
    for (const { certname, file, line } of rows) {
      if (typeof file !== 'string' || typeof line !== 'number' || typeof certname !== 'string') {
        continue;
      }
      if (!mine.has(file)) {
        mine.set(file, await this.opener.standsFor(file, uri.fsPath));
      }
      if (!mine.get(file)) continue;
      const nodes = byLine.get(line) ?? new Set<string>();
      nodes.add(certname);
      byLine.set(line, nodes);
    }
    return byLine;
  }

  dispose(): void {
    clearInterval(this.timer);
    this.collection.dispose();
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}

function isManifest(document: vscode.TextDocument): boolean {
  return (
    document.uri.scheme === 'file' &&
    (document.languageId === 'puppet' || document.uri.path.endsWith('.pp'))
  );
}

function diagnostics(
  document: vscode.TextDocument,
  failed: ReadonlyMap<number, ReadonlySet<string>>,
): vscode.Diagnostic[] {
  const shown: vscode.Diagnostic[] = [];
  for (const [line, nodes] of failed) {
    if (line < 1 || line > document.lineCount) continue;
    const text = document.lineAt(line - 1);
    const range = new vscode.Range(
      line - 1,
      text.firstNonWhitespaceCharacterIndex,
      line - 1,
      text.text.length,
    );
    const diagnostic = new vscode.Diagnostic(
      range,
      nodes.size === 1
        ? vscode.l10n.t('failed on 1 node in their latest run')
        : vscode.l10n.t('failed on {0} nodes in their latest run', nodes.size),
      vscode.DiagnosticSeverity.Information,
    );
    diagnostic.source = 'PuppetDB';
    shown.push(diagnostic);
  }
  return shown.sort((a, b) => a.range.start.line - b.range.start.line);
}
