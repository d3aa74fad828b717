import * as vscode from 'vscode';
import { completionContext } from './language/completionContext';
import { tokenize } from './language/pqlLexer';
import { FUNCTIONS, KEYWORDS, OPERATORS, entityInfo, fieldInfo } from './language/pqlSchema';
import { queryAt, splitQueries } from './language/querySplitter';

/** Documentation for the entity, field, operator, function or keyword under the mouse. */
export class PqlHoverProvider implements vscode.HoverProvider {
  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const offset = document.offsetAt(position);
    const query = queryAt(splitQueries(document.getText()), offset);
    if (!query || offset < query.start || offset > query.end) return undefined;
    const relative = offset - query.start;
    const tokens = tokenize(query.text);
    const index = tokens.findIndex((item) => item.start <= relative && relative <= item.end);
    const token = tokens[index];
    if (!token || token.kind === 'string' || token.kind === 'number' || token.kind === 'comment') {
      return undefined;
    }
    const markdown = describe(query.text, tokens, index);
    if (!markdown) return undefined;
    const range = new vscode.Range(
      document.positionAt(query.start + token.start),
      document.positionAt(query.start + token.end),
    );
    return new vscode.Hover(new vscode.MarkdownString(markdown), range);
  }
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
