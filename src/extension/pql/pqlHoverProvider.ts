import * as vscode from 'vscode';
import { formatFactPath } from '../../shared/factExplorer';
import { Commands } from '../ids';
import type { Services } from '../services';
import { resolveConnection } from './connectionResolver';
import { factAtToken, type FactTarget } from './factAtToken';
import { completionContext } from './language/completionContext';
import { tokenize } from './language/pqlLexer';
import { FUNCTIONS, KEYWORDS, OPERATORS, entityInfo, fieldInfo } from './language/pqlSchema';
import { queryAt, splitQueries } from './language/querySplitter';

/** Documentation for the entity, field, operator, function or keyword under the mouse. */
export class PqlHoverProvider implements vscode.HoverProvider {
  constructor(private readonly services: Services) {}

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const offset = document.offsetAt(position);
    const query = queryAt(splitQueries(document.getText()), offset);
    if (!query || offset < query.start || offset > query.end) return undefined;
    const relative = offset - query.start;
    const tokens = tokenize(query.text);
    const index = tokens.findIndex((item) => item.start <= relative && relative <= item.end);
    const token = tokens[index];
    if (!token || token.kind === 'comment') return undefined;
    const fact = factAtToken(query.text, tokens, index);
    const described =
      token.kind === 'string' || token.kind === 'number'
        ? undefined
        : describe(query.text, tokens, index);
    const explore = fact && this.explore(fact, query.connection);
    const markdown = [described, explore?.markdown].filter(Boolean).join('\n\n');
    if (!markdown) return undefined;
    const range = new vscode.Range(
      document.positionAt(query.start + token.start),
      document.positionAt(query.start + token.end),
    );
    const content = new vscode.MarkdownString(markdown, explore?.link === true);
    // the one command the link may run; its argument is JSON the command checks again
    if (explore?.link) content.isTrusted = { enabledCommands: [Commands.exploreFact] };
    return new vscode.Hover(content, range);
  }

  /**
   * "Explore the values of `os.release.major` across the fleet" (the fact explorer), on the
   * connection the query runs on: the one its `# @connection` line names, resolved as a run
   * resolves it (not followed in Restricted Mode: then the hover says why, with no link).
   * Without that line the explorer takes the active connection when clicked.
   */
  private explore(
    fact: FactTarget,
    connectionHint: string | undefined,
  ): { markdown: string; link: boolean } {
    const shown = 'fact' in fact ? fact.fact : formatFactPath(fact.path);
    const named = connectionHint ? resolveConnection(this.services, connectionHint) : undefined;
    if (named && !named.connection) {
      return { markdown: escapeMarkdown(named.problem ?? ''), link: false };
    }
    const target = named?.connection ? { connectionId: named.connection.id, ...fact } : fact;
    const argument = encodeURIComponent(JSON.stringify([target]));
    const label = named?.connection
      ? vscode.l10n.t('Explore the values of {0} on {1}', shown, named.connection.name)
      : vscode.l10n.t('Explore the values of {0} across the fleet', shown);
    return {
      markdown: `[$(graph) ${escapeMarkdown(label)}](command:${Commands.exploreFact}?${argument})`,
      link: true,
    };
  }
}

/** Markdown from the editor's text: a fact or connection name must not add links or markup. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!<>|]/g, '\\$&');
}

function describe(
  text: string,
  tokens: ReturnType<typeof tokenize>,
  index: number,
): string | undefined {
  const token = tokens[index]!;
  const word = token.text;
  const next = tokens[index + 1];
  if (token.kind === 'operator') {
    const operator = OPERATORS.find((item) => item.name === word);
    return operator && `**\`${word}\`** — ${operator.doc}`;
  }
  const entity = entityInfo(word);
  if (entity && (next?.text === '{' || next?.text === '[')) {
    const fields = entity.fields.map((field) => `\`${field.name}\``).join(', ');
    const heading = entity.astOnly
      ? vscode.l10n.t('**{0}** (PQL entity) — *AST only*', entity.name)
      : vscode.l10n.t('**{0}** (PQL entity)', entity.name);
    return `${heading}\n\n${entity.doc}${fields ? `\n\n${vscode.l10n.t('Fields: {0}', fields)}` : ''}`;
  }
  const fn = FUNCTIONS.find((item) => item.name === word);
  if (fn && next?.text === '(') return `**\`${fn.syntax}\`** (function)\n\n${fn.doc}`;
  const lower = word.toLowerCase();
  const context = completionContext(text, token.start);
  const scope = 'entity' in context ? context.entity : undefined;
  const field = fieldInfo(scope, word);
  if (field) {
    const values = field.values
      ? `\n\nValues: ${field.values.map((value) => `\`${value}\``).join(', ')}`
      : '';
    return `**${scope}.${field.name}**: \`${field.type}\`\n\n${field.doc}${values}`;
  }
  const phrase = lower === 'group' || lower === 'order' ? `${lower} by` : lower;
  const keyword = [...KEYWORDS, ...OPERATORS].find((item) => item.name === phrase);
  return keyword && `**${keyword.name}** — ${keyword.doc}`;
}
