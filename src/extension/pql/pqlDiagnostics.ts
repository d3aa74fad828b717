import * as vscode from 'vscode';
import { PqlLanguageId } from '../ids';
import type { Services } from '../services';
import { resolveConnection } from './connectionResolver';
import { locateQueryError } from './language/errorLocation';
import { localProblems } from './language/localChecks';
import { parameterCellOf, parameterProblems } from './language/queryParameters';
import { splitQueries, type PqlQuery } from './language/querySplitter';
import { notebookCellOf, parametersAbove } from './notebookCellParameters';

/** What the server said of a query text, relative to the text (null: it is fine). */
type ServerFinding = { start: number; end: number; message: string } | null;

const DEBOUNCE_MS = 600;
const MAX_REMEMBERED = 500;
/** After a check could not reach the server, wait this long before asking it again. */
const UNREACHABLE_BACKOFF_MS = 30_000;

/**
 * Red squiggles for .pql files. Local problems show at once (localChecks.ts reads PQL with
 * PuppetDB's own grammar, so a query with one is not sent to be checked); a failed run's own
 * message replaces them. The server's verdict comes from
 * running a query, or, as the user types, from PuppetDB's `ast_only` mode: debounced, never
 * more than one request in flight, and only for query texts it has not judged yet. Findings
 * are kept by query text, so they follow a query when lines above it change. In Restricted Mode
 * the `ast_only` checks of files wait until the user trusts the workspace.
 */
export class PqlDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection(PqlLanguageId);
  private readonly findings = new Map<string, ServerFinding>();
  private readonly pending = new Set<string>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private timer: NodeJS.Timeout | undefined;
  private inFlight = false;
  private unreachableUntil = 0;

  constructor(private readonly services: Services) {
    this.subscriptions.push(
      this.collection,
      vscode.workspace.onDidChangeTextDocument((event) => this.schedule(event.document)),
      vscode.workspace.onDidOpenTextDocument((document) => this.schedule(document)),
      // a notebook's cells may open before the notebook: read again as its cells (parameters)
      vscode.workspace.onDidOpenNotebookDocument((notebook) => {
        for (const cell of notebook.getCells()) {
          if (cell.document.languageId === PqlLanguageId) this.render(cell.document);
        }
      }),
      vscode.workspace.onDidCloseTextDocument((document) => this.collection.delete(document.uri)),
      services.store.onDidChange(() => this.findings.clear()),
      // what Restricted Mode held back is checked now
      services.trust.onDidGrant(() => {
        for (const document of vscode.workspace.textDocuments) this.schedule(document);
      }),
    );
    for (const document of vscode.workspace.textDocuments) this.schedule(document);
  }

  /** The outcome of a run: an error becomes a squiggle, success clears one. */
  recordRun(
    document: vscode.TextDocument,
    query: PqlQuery,
    connectionId: string,
    serverText?: string,
  ): void {
    this.remember(
      findingKey(connectionId, query.text),
      serverText === undefined ? null : relative(query, serverText),
    );
    this.render(document);
  }

  private schedule(document: vscode.TextDocument): void {
    if (document.languageId !== PqlLanguageId) return;
    this.render(document);
    // the cells below a notebook cell take their parameters from it
    const cell = notebookCellOf(document);
    for (const below of cell?.notebook.getCells().slice(cell.index + 1) ?? []) {
      if (below.document.languageId === PqlLanguageId) this.render(below.document);
    }
    if (!this.services.settings.validateOnType()) return;
    if (!this.services.trust.isTrusted && document.uri.scheme !== 'untitled') {
      // Restricted Mode: a file's text goes to a server only when the user runs it (an untitled
      // editor holds what the user typed, not the workspace's files)
      this.services.trust.hold(`ast_only check of ${document.uri.toString()}`);
      return;
    }
    this.pending.add(document.uri.toString());
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.checkPending(), DEBOUNCE_MS);
  }

  private async checkPending(): Promise<void> {
    if (this.inFlight) return; // the running check looks at `pending` again when it ends
    this.inFlight = true;
    try {
      while (this.pending.size > 0 && Date.now() >= this.unreachableUntil) {
        const uri = this.pending.values().next().value as string;
        this.pending.delete(uri);
        const document = vscode.workspace.textDocuments.find((item) => item.uri.toString() === uri);
        if (document && !document.isClosed) await this.checkDocument(document);
      }
    } finally {
      this.inFlight = false;
    }
  }

  private async checkDocument(document: vscode.TextDocument): Promise<void> {
    for (const query of splitQueries(document.getText())) {
      if (localProblems(query.text).length > 0) continue;
      const { connection } = resolveConnection(this.services, query.connection);
      if (!connection) continue;
      const key = findingKey(connection.id, query.text);
      if (this.findings.has(key)) continue;
      try {
        const client = await this.services.store.client(connection.id);
        await client.pqlAst(query.text, { signal: AbortSignal.timeout(5_000) });
        this.remember(key, null);
      } catch (error) {
        const { status, body } = error as { status?: number; body?: string };
        if (status !== 400 || typeof body !== 'string') {
          this.unreachableUntil = Date.now() + UNREACHABLE_BACKOFF_MS;
          return;
        }
        this.remember(key, relative(query, body));
      }
      // the user typed meanwhile: the next round starts from the new text
      if (this.pending.has(document.uri.toString())) return;
      this.render(document);
    }
    this.render(document);
  }

  private render(document: vscode.TextDocument): void {
    const diagnostics: vscode.Diagnostic[] = [];
    const cell = notebookCellOf(document);
    const parameterCell = cell && parameterCellOf(document.getText());
    if (parameterCell) {
      // a notebook's parameter cell is no query: only its lines that set nothing are problems
      const whole = { start: 0 };
      for (const problem of parameterCell.problems) {
        diagnostics.push(diagnostic(document, whole, problem, vscode.DiagnosticSeverity.Error));
      }
      this.collection.set(document.uri, diagnostics);
      return;
    }
    const parameters = cell && parametersAbove(cell);
    for (const query of splitQueries(document.getText())) {
      const { connection } = resolveConnection(this.services, query.connection);
      const finding = connection
        ? this.findings.get(findingKey(connection.id, query.text))
        : undefined;
      if (finding) {
        // a run of this very text failed: the server's own words, rather than the local reading
        diagnostics.push(diagnostic(document, query, finding, vscode.DiagnosticSeverity.Error));
        continue;
      }
      for (const problem of parameterProblems(query.text, parameters)) {
        diagnostics.push(diagnostic(document, query, problem, SEVERITIES[problem.severity]));
      }
    }
    this.collection.set(document.uri, diagnostics);
  }

  private remember(key: string, finding: ServerFinding): void {
    this.findings.delete(key);
    this.findings.set(key, finding);
    while (this.findings.size > MAX_REMEMBERED) {
      this.findings.delete(this.findings.keys().next().value as string);
    }
  }

  dispose(): void {
    clearTimeout(this.timer);
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}

const SEVERITIES = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  information: vscode.DiagnosticSeverity.Information,
};

function findingKey(connectionId: string, text: string): string {
  return `${connectionId}\u0000${text}`;
}

function relative(query: PqlQuery, serverText: string): ServerFinding {
  const located = locateQueryError(query, serverText);
  return {
    start: located.start - query.start,
    end: located.end - query.start,
    message: located.message,
  };
}

/** A problem found in one query of the document, its offsets counted from the query's start. */
function diagnostic(
  document: vscode.TextDocument,
  query: Pick<PqlQuery, 'start'>,
  { start, end, message }: { start: number; end: number; message: string },
  severity: vscode.DiagnosticSeverity,
): vscode.Diagnostic {
  const from = document.positionAt(query.start + start);
  let to = document.positionAt(query.start + Math.max(end, start));
  if (to.isEqual(from)) to = from.translate(0, 1);
  const result = new vscode.Diagnostic(new vscode.Range(from, to), message, severity);
  result.source = 'PuppetDB';
  return result;
}
