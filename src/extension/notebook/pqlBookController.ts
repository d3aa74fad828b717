import * as vscode from 'vscode';
import type { PqlBookOutput } from '../../shared/notebook/pqlBook';
import type { ParameterValue } from '../../shared/notebook/parameters';
import { Notebooks, PqlLanguageId } from '../ids';
import { inert } from '../inertText';
import { splitQueries } from '../pql/language/querySplitter';
import { ResultBudget } from '../pql/resultBudget';
import { describeRunError } from '../pql/resultsPanel';
import type { Services } from '../services';
import { cellConnection, type CellConnection } from './notebookConnection';
import { parameterCellOf } from '../pql/language/queryParameters';
import { parameterRows, substitutedQuery } from './cellParameters';
import { CellRowsPacker } from '../../shared/notebook/cellRows';
import { cellOutput } from './notebookOutput';
import { runOnSeveralConnections } from './severalConnectionsRun';
import { StreamPainter } from './streamPainter';

/**
 * Runs the PQL cells of `.pqlbook` notebooks: each on its connection (cellConnection), one after
 * the other in the order asked, rows streamed into the output as they arrive and held to the
 * results panel's limits; stopping a cell aborts its request.
 */
export class PqlBookController implements vscode.Disposable {
  private readonly controller = vscode.notebooks.createNotebookController(
    Notebooks.controller,
    Notebooks.type,
    'PuppetDB',
  );
  private executionOrder = 0;
  /** What was typed for each notebook's parameters, offered again the next time it is asked. */
  private readonly typedParameters = new WeakMap<vscode.NotebookDocument, Map<string, string>>();
  // a PQL notebook has one kind of cell to run: its controller is chosen without asking
  private readonly affinity = vscode.workspace.onDidOpenNotebookDocument((notebook) =>
    this.prefer(notebook),
  );

  constructor(private readonly services: Services) {
    this.controller.supportedLanguages = [PqlLanguageId];
    this.controller.supportsExecutionOrder = true;
    this.controller.description = vscode.l10n.t('Runs PQL on your PuppetDB connections');
    this.controller.executeHandler = async (cells) => {
      // a parameter asked for is asked once for all the cells of one Run All
      const answers = new Map<string, ParameterValue>();
      for (const cell of cells) {
        if (cell.kind === vscode.NotebookCellKind.Code) await this.run(cell, answers);
      }
    };
    vscode.workspace.notebookDocuments.forEach((notebook) => this.prefer(notebook));
  }

  private prefer(notebook: vscode.NotebookDocument): void {
    if (notebook.notebookType === Notebooks.type) {
      this.controller.updateNotebookAffinity(notebook, vscode.NotebookControllerAffinity.Preferred);
    }
  }

  /**
   * Runs one cell; resolves with its output once the run has ended (undefined: the user pressed
   * Escape when asked for a parameter, and the cell keeps its output).
   */
  async run(
    cell: vscode.NotebookCell,
    answers = new Map<string, ParameterValue>(),
  ): Promise<PqlBookOutput | undefined> {
    const execution = this.controller.createNotebookCellExecution(cell);
    execution.executionOrder = ++this.executionOrder;
    execution.start(Date.now());
    const target = cellConnection(this.services, cell);
    const parameters = this.services.trust.isTrusted
      ? parameterCellOf(cell.document.getText())
      : undefined;
    if (parameters) {
      // a parameter cell runs nothing: it shows the values it sets, or why a line sets none
      const [problem] = parameters.problems;
      const output: PqlBookOutput = problem
        ? { error: problem.message }
        : { rows: parameterRows(parameters) };
      await execution.replaceOutput(cellOutput(output));
      execution.end(!problem, Date.now());
      return output;
    }
    const refusal = this.refusal(target, cell);
    if (refusal) {
      const output: PqlBookOutput = { error: refusal };
      await execution.replaceOutput(cellOutput(output));
      execution.end(false, Date.now());
      if (!this.services.trust.isTrusted) this.offerTrust(refusal);
      return output;
    }
    const connection = target.connection!;
    const typed = this.typedParameters.get(cell.notebook) ?? new Map<string, string>();
    this.typedParameters.set(cell.notebook, typed);
    const query = await substitutedQuery(
      cell,
      splitQueries(cell.document.getText())[0]!.text,
      answers,
      typed,
      execution.token,
    );
    if (query === undefined) {
      execution.end(undefined, Date.now());
      return undefined;
    }
    if (target.connections && target.connections.length > 1) {
      return runOnSeveralConnections(this.services, execution, target.connections, query);
    }
    const abort = new AbortController();
    const cancelled = execution.token.onCancellationRequested(() => abort.abort());
    const budget = new ResultBudget(this.services.settings.resultLimits());
    const rows: unknown[] = [];
    // the rows packed for the renderer as they come (cellRows.ts), not all at the end
    const packer = new CellRowsPacker();
    const started = performance.now();
    const base = { connection: connection.name, ranAt: new Date().toISOString() };
    let output: PqlBookOutput;
    const painter = new StreamPainter(execution, base);
    try {
      await execution.clearOutput();
      const client = await this.services.store.client(connection.id);
      const stream = client.stream('pql', { query, signal: abort.signal });
      let truncated: PqlBookOutput['truncated'];
      for await (const batch of stream.batches()) {
        const taken = budget.take(batch);
        rows.push(...taken.rows);
        packer.add(taken.rows);
        if (taken.truncated) {
          // leaving the loop ends the request: nothing more is held
          truncated = taken.truncated.limit;
          break;
        }
        painter.offer(rows);
      }
      await painter.settled();
      output = { ...base, rows, elapsedMs: Math.round(performance.now() - started) };
      if (truncated) output.truncated = truncated;
      await execution.replaceOutput(cellOutput(output, packer));
      execution.end(true, Date.now());
    } catch (error) {
      // a paint still to come would cover the failure
      await painter.settled();
      const aborted = abort.signal.aborted;
      output = {
        ...base,
        rows,
        error: aborted
          ? vscode.l10n.t('Stopped: {0} rows had arrived.', rows.length)
          : describeRunError(error).message,
        elapsedMs: Math.round(performance.now() - started),
      };
      if (!aborted) this.services.errors.logged(`PQL notebook cell on ${connection.name}`, error);
      await execution.replaceOutput(cellOutput(output, packer));
      execution.end(aborted ? undefined : false, Date.now());
    } finally {
      cancelled.dispose();
    }
    return output;
  }

  /** Why the cell cannot run now (no connection, no query, Restricted Mode), or undefined. */
  private refusal(target: CellConnection, cell: vscode.NotebookCell): string | undefined {
    if (!this.services.trust.isTrusted) {
      return target.name
        ? vscode.l10n.t(
            'Restricted Mode: this notebook would run on the PuppetDB connection "{0}". Trust this workspace to run it.',
            inert(target.name),
          )
        : vscode.l10n.t('Restricted Mode: trust this workspace to run this notebook.');
    }
    if (!target.connection) {
      if (target.source === 'active') {
        return vscode.l10n.t('No PuppetDB connection yet: add one first.');
      }
      const name = inert(target.name ?? '');
      switch (target.source) {
        case 'line':
          return vscode.l10n.t(
            'No PuppetDB connection is named "{0}" (the cell\'s "# @connection" line): the cell did not run.',
            name,
          );
        case 'cell':
          return vscode.l10n.t(
            'No PuppetDB connection is named "{0}" (the cell\'s connection): the cell did not run.',
            name,
          );
        default:
          return vscode.l10n.t(
            'No PuppetDB connection is named "{0}" (the notebook\'s connection): the cell did not run.',
            name,
          );
      }
    }
    const queries = splitQueries(cell.document.getText()).length;
    if (queries !== 1) {
      return vscode.l10n.t('A PQL cell holds one query; this one holds {0}.', queries);
    }
    return undefined;
  }

  private offerTrust(message: string): void {
    void vscode.window
      .showWarningMessage(message, vscode.l10n.t('Manage Workspace Trust'))
      .then((answer) => (answer ? this.services.trust.manage() : undefined));
  }

  dispose(): void {
    this.affinity.dispose();
    this.controller.dispose();
  }
}
