import * as vscode from 'vscode';
import {
  formatPqlBook,
  parsePqlBook,
  type PqlBook,
  type PqlBookCell,
} from '../../shared/notebook/pqlBook';
import { PqlLanguageId } from '../ids';
import { cellOutput, savedOutput } from './notebookOutput';

/**
 * `.pqlbook` files as notebooks: markdown and PQL cells, the notebook's and each cell's
 * connection (by name) in their metadata, saved outputs. A file that is not a notebook throws
 * (`PqlBookFormatError`): VS Code shows the message and offers to open it as text, and nothing
 * of it is lost.
 */
export class PqlBookSerializer implements vscode.NotebookSerializer {
  deserializeNotebook(content: Uint8Array): vscode.NotebookData {
    return notebookData(parsePqlBook(new TextDecoder().decode(content)));
  }

  serializeNotebook(data: vscode.NotebookData): Uint8Array {
    return new TextEncoder().encode(formatPqlBook(pqlBook(data)));
  }
}

export function notebookData(book: PqlBook): vscode.NotebookData {
  const data = new vscode.NotebookData(
    book.cells.map((cell) => {
      const markdown = cell.kind === 'markdown';
      const item = new vscode.NotebookCellData(
        markdown ? vscode.NotebookCellKind.Markup : vscode.NotebookCellKind.Code,
        cell.source,
        markdown ? 'markdown' : PqlLanguageId,
      );
      item.metadata = withoutUndefined({ connection: cell.connection, extra: cell.extra });
      if (cell.output) item.outputs = [cellOutput(cell.output)];
      if (cell.executionOrder !== undefined) {
        item.executionSummary = { executionOrder: cell.executionOrder };
      }
      return item;
    }),
  );
  data.metadata = withoutUndefined({ connection: book.connection, extra: book.extra });
  return data;
}

export function pqlBook(data: vscode.NotebookData): PqlBook {
  const book: PqlBook = {
    cells: data.cells.map((cell) => {
      const written: PqlBookCell = {
        kind: cell.kind === vscode.NotebookCellKind.Markup ? 'markdown' : 'pql',
        source: cell.value,
      };
      const connection = text(cell.metadata?.connection);
      if (connection !== undefined) written.connection = connection;
      const executionOrder = cell.executionSummary?.executionOrder;
      if (executionOrder !== undefined) written.executionOrder = executionOrder;
      const output = savedOutput(cell.outputs);
      if (output) written.output = output;
      const extra = record(cell.metadata?.extra);
      if (extra) written.extra = extra;
      return written;
    }),
  };
  const connection = text(data.metadata?.connection);
  if (connection !== undefined) book.connection = connection;
  const extra = record(data.metadata?.extra);
  if (extra) book.extra = extra;
  return book;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function withoutUndefined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined));
}
