import * as vscode from 'vscode';
import { parsePqlBook } from '../../shared/notebook/pqlBook';
import {
  starterText,
  parameterProblem,
  type StarterQuery,
} from '../../shared/queryLibrary/starterQueries';
import { inert } from '../inertText';
import { splitQueries, type PqlQuery } from '../pql/language/querySplitter';
import type { QueryEntry } from './queryEntries';

/**
 * The PQL text of an entry: a `.pql` file's text, a notebook's PQL cells (a blank line between
 * them), a library query's, or a starter's once the user gave its values; undefined when the
 * user dismissed a question.
 */
export async function entryText(entry: QueryEntry): Promise<string | undefined> {
  switch (entry.kind) {
    case 'pqlFile':
      return (await vscode.workspace.openTextDocument(entry.uri)).getText();
    case 'notebook': {
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(entry.uri));
      return parsePqlBook(text)
        .cells.filter((cell) => cell.kind === 'pql')
        .map((cell) => cell.source)
        .join('\n\n');
    }
    case 'library':
      return entry.query.query;
    case 'starter':
      return askedStarterText(entry.starter);
  }
}

/** A starter's PQL with the values it needs, asked one at a time (each checked as it is typed). */
async function askedStarterText(starter: StarterQuery): Promise<string | undefined> {
  const values: Record<string, string> = {};
  for (const parameter of starter.parameters) {
    const value = await vscode.window.showInputBox({
      title: inert(starter.name),
      prompt: inert(parameter.prompt),
      placeHolder: inert(parameter.placeholder),
      value: parameter.defaultValue,
      ignoreFocusOut: true,
      validateInput: (typed) => {
        const problem = parameterProblem(parameter, typed);
        return problem && inert(problem);
      },
    });
    if (value === undefined) return undefined;
    values[parameter.name] = value;
  }
  return starterText(starter, values, new Date());
}

/**
 * The query of `text` to run: its only one, or the one the user picks (each shown by its first
 * line); undefined when it holds none (said) or the user dismissed the pick.
 */
export async function pickQuery(name: string, text: string): Promise<PqlQuery | undefined> {
  const queries = splitQueries(text);
  if (queries.length === 0) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('“{0}” holds no query to run.', inert(name)),
    );
    return undefined;
  }
  if (queries.length === 1) return queries[0];
  const picked = await vscode.window.showQuickPick(
    queries.map((query) => ({
      label: inert(query.text.split('\n')[0]!.trim(), { maxChars: 120 }),
      detail: query.connection === undefined ? undefined : inert(`@connection ${query.connection}`),
      query,
    })),
    { title: vscode.l10n.t('Which query of “{0}”?', inert(name)), matchOnDetail: true },
  );
  return picked?.query;
}

/** A query as an untitled document shows it: its description first, as a comment. */
export function documentText(description: string | undefined, text: string): string {
  if (description === undefined || text.trimStart().startsWith('#')) return text;
  return `# ${description.replace(/\s+/g, ' ')}\n${text}`;
}
