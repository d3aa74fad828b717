import * as vscode from 'vscode';
import { completionContext, type CompletionContext } from './language/completionContext';
import {
  ENTITIES,
  FUNCTIONS,
  KEYWORDS,
  OPERATORS,
  entityInfo,
  fieldInfo,
  type FieldInfo,
} from './language/pqlSchema';
import { queryAt, splitQueries } from './language/querySplitter';
import { valueInsertion } from './language/valueInsertion';
import type { LiveValueKind, LiveValues } from './liveValues';
import { resolveConnection } from './connectionResolver';
import type { Services } from '../services';
import { parameterCompletions } from './parameterCompletions';

const Kind = vscode.CompletionItemKind;

/**
 * Completion for .pql files and PQL notebook cells: what the cursor's place in the query expects,
 * live values included, and in a cell the parameters set above it.
 */
export class PqlCompletionProvider implements vscode.CompletionItemProvider {
  constructor(
    private readonly services: Services,
    private readonly liveValues: LiveValues,
  ) {}

  async provideCompletionItems(
    document: vscode.TextDocument,
    position: vscode.Position,
  ): Promise<vscode.CompletionItem[]> {
    const parameters = parameterCompletions(document, position);
    if (parameters?.typingReference) return parameters.items();
    const offset = document.offsetAt(position);
    const text = document.getText();
    const query = queryAt(splitQueries(text), offset);
    // a query's text ends at its last token: the spaces typed after it (`status = `) are still it
    const gap = query && offset > query.end ? text.slice(query.end, offset) : '';
    const inQuery =
      query !== undefined &&
      offset > query.start &&
      (offset <= query.end || (/^\s*$/.test(gap) && !/\n[ \t]*\n/.test(gap)));
    const context = inQuery
      ? completionContext(query.text + gap, offset - query.start)
      : completionContext('', 0);
    const items = await this.itemsFor(context, query?.connection);
    if (context.kind === 'value') {
      placeValues(items, context, document, position);
      // where a literal may stand, so may a notebook's parameter
      items.push(...(parameters?.items() ?? []));
    }
    const prefix = 'prefix' in context ? context.prefix : '';
    const range = new vscode.Range(
      position.translate(0, -Math.min(prefix.length, position.character)),
      position,
    );
    for (const item of items) item.range ??= range;
    return items;
  }

  private async itemsFor(
    context: CompletionContext,
    connectionHint: string | undefined,
  ): Promise<vscode.CompletionItem[]> {
    switch (context.kind) {
      case 'entity':
        return entityItems(context.subquery);
      case 'projection':
        return [...fieldItems(context.entity), ...functionItems()];
      case 'groupBy':
        return [...fieldItems(context.entity), ...functionItems()];
      case 'condition':
        return [
          ...fieldItems(context.entity, true),
          ...entityItems(true).map((item) => withSnippet(item, `${String(item.label)} { $0 }`)),
          keywordItem('!', vscode.l10n.t('Negate the next condition'), Kind.Operator),
        ];
      case 'operator':
        return operatorItems(fieldInfo(context.entity, context.field));
      case 'isTail':
        return [
          keywordItem('null', vscode.l10n.t('is null')),
          keywordItem('not null', vscode.l10n.t('is not null')),
        ];
      case 'value':
        return this.valueItems(context, connectionHint);
      case 'afterCondition':
        return ['and', 'or', 'group by', 'order by', 'limit', 'offset'].map((word) =>
          keywordItem(word, docOf(word)),
        );
      case 'orderBy':
        return context.afterField
          ? ['asc', 'desc'].map((word) => keywordItem(word, docOf(word)))
          : fieldItems(context.entity);
      case 'path':
        return this.pathItems(context, connectionHint);
      case 'none':
        return [];
    }
  }

  private async valueItems(
    context: Extract<CompletionContext, { kind: 'value' }>,
    connectionHint: string | undefined,
  ): Promise<vscode.CompletionItem[]> {
    const field = fieldInfo(context.entity, context.field);
    // a placeholder: placeValues() makes each value one closed literal in the right place
    const quoted = (value: string) => value;
    const items: vscode.CompletionItem[] = [];
    for (const value of field?.values ?? []) {
      items.push(
        valueItem(value, quoted(value), vscode.l10n.t('{0} value', context.field), Kind.EnumMember),
      );
    }
    if (field?.type === 'boolean' && !context.quote) {
      items.push(valueItem('true', 'true', 'boolean'), valueItem('false', 'false', 'boolean'));
    }
    if (field?.type === 'timestamp') {
      const dayAgo = new Date(Date.now() - 86_400_000).toISOString().replace(/\.\d+Z$/, 'Z');
      items.push(
        valueItem(dayAgo, quoted(dayAgo), vscode.l10n.t('24 hours ago (ISO-8601)'), Kind.Constant),
      );
    }
    const kind = liveKindOf(context.entity, context.field);
    if (kind) {
      const connectionId = resolveConnection(this.services, connectionHint).connection?.id;
      if (connectionId) {
        for (const [value] of await this.liveValues.get(connectionId, kind)) {
          if (value !== undefined) {
            items.push(valueItem(value, quoted(value), liveLabel(kind), Kind.Value));
          }
        }
      }
    }
    return items;
  }

  private async pathItems(
    context: Extract<CompletionContext, { kind: 'path' }>,
    connectionHint: string | undefined,
  ): Promise<vscode.CompletionItem[]> {
    if (context.root === 'parameters') return [];
    const connectionId = resolveConnection(this.services, connectionHint).connection?.id;
    if (!connectionId) return [];
    // inventory's `trusted.x` is the fact path `trusted.x`; `facts.x` is the path `x`
    const base = context.root === 'trusted' ? ['trusted', ...context.segments] : context.segments;
    const next = new Map<string, boolean>();
    for (const path of await this.liveValues.get(connectionId, 'factPaths')) {
      if (path.length <= base.length || !base.every((segment, index) => path[index] === segment)) {
        continue;
      }
      const segment = path[base.length]!;
      next.set(segment, (next.get(segment) ?? false) || path.length > base.length + 1);
    }
    return [...next].map(([segment, hasChildren]) => {
      const plain = /^[A-Za-z0-9_]+$/.test(segment);
      const item = new vscode.CompletionItem(segment, hasChildren ? Kind.Module : Kind.Field);
      item.insertText = plain ? segment : JSON.stringify(segment);
      item.detail = hasChildren ? vscode.l10n.t('structured fact') : vscode.l10n.t('fact path');
      return item;
    });
  }
}

function entityItems(subquery: boolean): vscode.CompletionItem[] {
  return ENTITIES.filter((entity) => !entity.astOnly).map((entity) => {
    const item = new vscode.CompletionItem(entity.name, Kind.Class);
    item.detail = subquery ? vscode.l10n.t('subquery entity') : vscode.l10n.t('entity');
    item.documentation = new vscode.MarkdownString(entity.doc);
    return item;
  });
}

function fieldItems(entity: string, withDottedRoots = false): vscode.CompletionItem[] {
  const info = entityInfo(entity);
  return (info?.fields ?? []).map((field) => {
    const item = new vscode.CompletionItem(field.name, Kind.Field);
    item.detail = `${entity}.${field.name}: ${field.type}`;
    item.documentation = new vscode.MarkdownString(field.doc);
    if (withDottedRoots && info?.dottedRoots?.includes(field.name)) {
      item.insertText = `${field.name}.`;
      item.command = {
        command: 'editor.action.triggerSuggest',
        title: vscode.l10n.t('Suggest paths'),
      };
    }
    return item;
  });
}

function functionItems(): vscode.CompletionItem[] {
  return FUNCTIONS.map((fn) => {
    const item = new vscode.CompletionItem(fn.name, Kind.Function);
    item.detail = fn.syntax;
    item.documentation = new vscode.MarkdownString(fn.doc);
    item.insertText = new vscode.SnippetString(
      fn.name === 'count' ? 'count($1)' : `${fn.name}($1)`,
    );
    return item;
  });
}

function operatorItems(field: FieldInfo | undefined): vscode.CompletionItem[] {
  return OPERATORS.filter((operator) => !['and', 'or', '!'].includes(operator.name))
    .filter((operator) => operator.name !== '~>' || field?.type === 'path')
    .map((operator) => {
      const item = new vscode.CompletionItem(operator.name, Kind.Operator);
      item.documentation = new vscode.MarkdownString(operator.doc);
      item.sortText = String(OPERATORS.indexOf(operator)).padStart(2, '0');
      return item;
    });
}

function keywordItem(word: string, doc: string, kind = Kind.Keyword): vscode.CompletionItem {
  const item = new vscode.CompletionItem(word, kind);
  item.documentation = new vscode.MarkdownString(doc);
  return item;
}

function valueItem(
  label: string,
  insert: string,
  detail: string,
  kind = Kind.Value,
): vscode.CompletionItem {
  const item = new vscode.CompletionItem(label, kind);
  item.insertText = insert;
  item.detail = detail;
  return item;
}

function withSnippet(item: vscode.CompletionItem, snippet: string): vscode.CompletionItem {
  item.insertText = new vscode.SnippetString(snippet);
  item.sortText = `z${String(item.label)}`;
  return item;
}

function docOf(word: string): string {
  return [...KEYWORDS, ...OPERATORS].find((item) => item.name === word)?.doc ?? '';
}

/** Which live values a field takes. */
export function liveKindOf(entity: string, field: string): LiveValueKind | undefined {
  if (field === 'certname') return 'certnames';
  if (field === 'environment' || field.endsWith('_environment')) return 'environments';
  if (field === 'name' && (entity === 'facts' || entity === 'fact_contents')) return 'factNames';
  if (field === 'type' && entity === 'resources') return 'resourceTypes';
  if (['resource_type', 'source_type', 'target_type'].includes(field)) return 'resourceTypes';
  return undefined;
}

function liveLabel(kind: LiveValueKind): string {
  return {
    factNames: vscode.l10n.t('fact name (live)'),
    factPaths: vscode.l10n.t('fact path (live)'),
    certnames: vscode.l10n.t('certname (live)'),
    environments: vscode.l10n.t('environment (live)'),
    resourceTypes: vscode.l10n.t('resource type (live)'),
  }[kind];
}

/**
 * Makes each value item insert one whole, closed string literal of its value (see
 * valueInsertion), over the open string and its auto-closed quote; `true`/`false` stay bare.
 */
function placeValues(
  items: vscode.CompletionItem[],
  context: Extract<CompletionContext, { kind: 'value' }>,
  document: vscode.TextDocument,
  position: vscode.Position,
): void {
  const line = document.lineAt(position.line).text;
  const next = line.charAt(position.character);
  for (const item of items) {
    const value = typeof item.insertText === 'string' ? item.insertText : undefined;
    if (value === undefined || (item.detail === 'boolean' && !context.quote)) continue;
    const insertion = valueInsertion(value, context.quote, context.typed, next);
    const before = Math.min(insertion.replaceBefore, position.character);
    item.insertText = insertion.text;
    item.filterText = insertion.filterText;
    item.range = new vscode.Range(
      position.translate(0, -before),
      position.translate(0, Math.min(insertion.replaceAfter, line.length - position.character)),
    );
  }
}
