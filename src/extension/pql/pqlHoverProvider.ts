import * as vscode from 'vscode';
import { formatFactPath } from '../../shared/factExplorer';
import { Commands } from '../ids';
import { inert } from '../inertText';
import { encodedCommandArguments } from '../markdownLinks';
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
    if (!described && !fact) return undefined;
    const range = new vscode.Range(
      document.positionAt(query.start + token.start),
      document.positionAt(query.start + token.end),
    );
    // theme icons for the link's own $(graph); appendText escapes any in the file's words
    const content = new vscode.MarkdownString(undefined, true);
    if (described) content.appendMarkdown(described);
    if (fact) {
      if (described) content.appendMarkdown('\n\n');
      this.appendExplore(content, fact, query.connection);
    }
    return new vscode.Hover(content, range);
  }

  /**
   * "Explore the values of `os.release.major` across the fleet" (the fact explorer), on the
   * connection the query runs on: the one its `# @connection` line names, resolved as a run
   * resolves it (not followed in Restricted Mode: then the hover says why, with no link).
   * Without that line the explorer takes the active connection when clicked.
   */
  private appendExplore(
    content: vscode.MarkdownString,
    fact: FactTarget,
    connectionHint: string | undefined,
  ): void {
    // the fact and the connection are the file's words: text, never markdown or a link
    const shown = 'fact' in fact ? fact.fact : formatFactPath(fact.path);
    content.appendMarkdown('**').appendText(inert(shown)).appendMarkdown('**\n\n');
    const named = connectionHint ? resolveConnection(this.services, connectionHint) : undefined;
    if (named && !named.connection) {
      content.appendText(named.problem ?? '');
      return;
    }
    const target = named?.connection ? { connectionId: named.connection.id, ...fact } : fact;
    const link = `command:${Commands.exploreFact}?${encodedCommandArguments([target])}`;
    if (named?.connection) {
      content.appendMarkdown(`[$(graph) ${vscode.l10n.t('Explore its values')}](${link}) `);
      content.appendText(vscode.l10n.t('on {0}', inert(named.connection.name)));
    } else {
      content.appendMarkdown(
        `[$(graph) ${vscode.l10n.t('Explore its values across the fleet')}](${link})`,
      );
    }
    // the one command the link may run; its argument is JSON the command checks again
    content.isTrusted = { enabledCommands: [Commands.exploreFact] };
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
  // only the schema's own words are markdown: the file's words are used to look them up
  if (token.kind === 'operator') {
    const operator = OPERATORS.find((item) => item.name === word);
    return operator && `**\`${operator.name}\`** — ${operator.doc}`;
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
  const fieldEntity = entityInfo(scope ?? '');
  if (field && fieldEntity) {
    const values = field.values ? `\n\nValues: \`${field.values.join('`, `')}\`` : '';
    return `**${fieldEntity.name}.${field.name}**: \`${field.type}\`\n\n${field.doc}${values}`;
  }
  const phrase = lower === 'group' || lower === 'order' ? `${lower} by` : lower;
  const keyword = [...KEYWORDS, ...OPERATORS].find((item) => item.name === phrase);
  return keyword && `**${keyword.name}** — ${keyword.doc}`;
}
