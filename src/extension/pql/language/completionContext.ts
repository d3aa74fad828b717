/**
 * What the cursor of a PQL query expects, read from the tokens before it: an entity, a field
 * of the entity in scope, an operator, a value (of which field), a keyword after a complete
 * condition, or the next segment of a dotted path. A small state machine over a stack of
 * brackets; it never throws and degrades to `none` on input it cannot follow.
 */
import { tokenize, stringValue, type Token } from './pqlLexer';
import { FUNCTIONS, entityInfo, isEntity } from './pqlSchema';

export type CompletionContext =
  | { kind: 'entity'; prefix: string; subquery: boolean }
  | { kind: 'projection'; entity: string; prefix: string }
  | { kind: 'condition'; entity: string; prefix: string }
  | { kind: 'operator'; entity: string; field: string; prefix: string }
  | {
      kind: 'value';
      entity: string;
      field: string;
      prefix: string;
      quote: '"' | "'" | undefined;
      /** The text typed since the opening quote, as written (escapes not decoded). */
      typed: string;
    }
  | { kind: 'afterCondition'; entity: string; prefix: string }
  | { kind: 'orderBy'; entity: string; prefix: string; afterField: boolean }
  | { kind: 'groupBy'; entity: string; prefix: string }
  | { kind: 'path'; entity: string; root: string; segments: string[]; prefix: string }
  /** After `is`: `null` or `not null`. */
  | { kind: 'isTail'; prefix: string }
  | { kind: 'none' };

type Expect =
  | 'entity'
  | 'entityOpen'
  | 'projection'
  | 'filterOpen'
  | 'condition'
  | 'operator'
  | 'isTail'
  | 'value'
  | 'inTarget'
  | 'afterCondition'
  | 'groupKeyword'
  | 'orderKeyword'
  | 'groupBy'
  | 'orderBy'
  | 'orderDirection'
  | 'number'
  | 'done';

interface Frame {
  bracket: '[' | '{' | '(';
  role: 'projection' | 'filter' | 'list' | 'fieldList' | 'group' | 'arguments';
  entity: string;
  /** What to expect after this frame closes. */
  after: Expect;
}

interface Path {
  root: string;
  segments: string[];
  /** A `.` was just read: the next word or string is a segment. */
  open: boolean;
}

const FUNCTION_NAMES = new Set(FUNCTIONS.map((item) => item.name));

export function completionContext(query: string, offset: number): CompletionContext {
  const tokens = tokenize(query.slice(0, offset)).filter((token) => token.kind !== 'comment');
  let prefix = '';
  let quote: '"' | "'" | undefined;
  let typed = '';
  const last = tokens.at(-1);
  if (last && last.end === offset) {
    if (last.kind === 'word') {
      prefix = last.text;
      tokens.pop();
    } else if (last.kind === 'string' && !last.terminated) {
      quote = last.text[0] as '"' | "'";
      prefix = stringValue(last);
      typed = last.text.slice(1);
      tokens.pop();
    }
  }
  const state = walk(tokens);
  if (!state) return { kind: 'none' };
  const { expect, entity, field, path, frame } = state;
  if (quote && expect !== 'value') {
    if (path?.open) {
      return { kind: 'path', entity, root: path.root, segments: path.segments, prefix };
    }
    return { kind: 'none' };
  }
  if (path?.open) return { kind: 'path', entity, root: path.root, segments: path.segments, prefix };
  switch (expect) {
    case 'entity':
      return { kind: 'entity', prefix, subquery: frame !== undefined };
    case 'inTarget':
      return { kind: 'entity', prefix, subquery: true };
    case 'projection':
      return { kind: 'projection', entity, prefix };
    case 'condition':
      return { kind: 'condition', entity, prefix };
    case 'operator':
      return { kind: 'operator', entity, field: field ?? '', prefix };
    case 'value':
      return {
        kind: 'value',
        entity,
        field: field ?? '',
        prefix,
        quote,
        typed: quote ? typed : prefix,
      };
    case 'afterCondition':
    case 'filterOpen':
      return expect === 'afterCondition'
        ? { kind: 'afterCondition', entity, prefix }
        : { kind: 'none' };
    case 'isTail':
      return { kind: 'isTail', prefix };
    case 'groupBy':
      return { kind: 'groupBy', entity, prefix };
    case 'orderBy':
      return { kind: 'orderBy', entity, prefix, afterField: false };
    case 'orderDirection':
      return { kind: 'orderBy', entity, prefix, afterField: true };
    default:
      return { kind: 'none' };
  }
}

interface WalkState {
  expect: Expect;
  entity: string;
  field: string | undefined;
  path: Path | undefined;
  frame: Frame | undefined;
}

function walk(tokens: readonly Token[]): WalkState | undefined {
  const stack: Frame[] = [];
  let expect: Expect = 'entity';
  let pendingEntity = '';
  let field: string | undefined;
  let path: Path | undefined;
  let previousWord = '';
  const top = () => stack.at(-1);
  const entity = () => top()?.entity ?? pendingEntity;
  const dottedRoots = () => entityInfo(entity())?.dottedRoots ?? [];

  for (const token of tokens) {
    const { kind, text } = token;
    if (path?.open && (kind === 'word' || kind === 'string')) {
      path.segments.push(kind === 'string' ? stringValue(token) : text);
      path.open = false;
      field = `${path.root}.${path.segments.join('.')}`;
      previousWord = text;
      continue;
    }
    if (kind === 'punctuation' && text === '.') {
      if (path) path.open = true;
      else if (field && dottedRoots().includes(field)) {
        path = { root: field, segments: [], open: true };
      } else return undefined;
      continue;
    }
    if (path && kind === 'punctuation' && (text === '[' || text === '(')) {
      // match("re") and [n] inside a path: skip to the closing bracket
      stack.push({ bracket: text, role: 'group', entity: entity(), after: 'operator' });
      continue;
    }
    if (kind === 'word') {
      const word = text;
      const lower = word.toLowerCase();
      switch (expect) {
        case 'entity':
        case 'inTarget':
          if (!isEntity(word)) return undefined;
          pendingEntity = word;
          expect = 'entityOpen';
          break;
        case 'condition':
          if (isEntity(word) && !entityInfo(entity())?.fields.some((item) => item.name === word)) {
            pendingEntity = word;
            expect = 'entityOpen';
          } else if (
            word === 'group' ||
            word === 'order' ||
            word === 'limit' ||
            word === 'offset'
          ) {
            expect = afterModifierWord(word);
          } else {
            field = word;
            path = undefined;
            expect = 'operator';
          }
          break;
        case 'operator':
          path = undefined;
          if (lower === 'in') expect = 'inTarget';
          else if (lower === 'is') expect = 'isTail';
          else return undefined;
          break;
        case 'isTail':
          if (lower === 'null') expect = 'afterCondition';
          else if (lower !== 'not') return undefined;
          break;
        case 'value':
          expect = 'afterCondition';
          if (top()?.role === 'list') expect = 'value';
          break;
        case 'afterCondition':
        case 'orderDirection':
          if (lower === 'and' || lower === 'or') expect = 'condition';
          else if (expect === 'orderDirection' && (lower === 'asc' || lower === 'desc')) {
            expect = 'orderDirection';
          } else if (['group', 'order', 'limit', 'offset'].includes(lower)) {
            expect = afterModifierWord(lower);
          } else return undefined;
          break;
        case 'groupKeyword':
        case 'orderKeyword':
          if (lower !== 'by') return undefined;
          expect = expect === 'groupKeyword' ? 'groupBy' : 'orderBy';
          break;
        case 'groupBy':
          expect = 'groupBy';
          break;
        case 'orderBy':
          expect = 'orderDirection';
          break;
        case 'projection':
          expect = 'projection';
          break;
        default:
          return undefined;
      }
      previousWord = word;
      continue;
    }
    if (kind === 'number') {
      if (expect === 'value') expect = top()?.role === 'list' ? 'value' : 'afterCondition';
      else if (expect === 'number') expect = 'afterCondition';
      else if (!path) return undefined;
      continue;
    }
    if (kind === 'string') {
      if (expect === 'value') expect = top()?.role === 'list' ? 'value' : 'afterCondition';
      else if (top()?.role !== 'arguments' && top()?.role !== 'group') return undefined;
      continue;
    }
    if (kind === 'operator') {
      if (text === '!' && expect === 'condition') continue;
      if (expect !== 'operator') return undefined;
      path = undefined;
      expect = 'value';
      continue;
    }
    if (kind !== 'punctuation') return undefined;
    switch (text) {
      case '[':
        if (expect === 'entityOpen') {
          stack.push({
            bracket: '[',
            role: 'projection',
            entity: pendingEntity,
            after: 'filterOpen',
          });
          expect = 'projection';
        } else if (expect === 'value' || expect === 'inTarget') {
          stack.push({ bracket: '[', role: 'list', entity: entity(), after: 'afterCondition' });
          expect = 'value';
        } else if (expect === 'condition') {
          stack.push({ bracket: '[', role: 'fieldList', entity: entity(), after: 'operator' });
          expect = 'projection';
        } else return undefined;
        break;
      case '{':
        if (expect !== 'entityOpen' && expect !== 'filterOpen') return undefined;
        stack.push({
          bracket: '{',
          role: 'filter',
          entity: pendingEntity,
          after: stack.length === 0 ? 'done' : 'afterCondition',
        });
        expect = 'condition';
        break;
      case '(':
        if (FUNCTION_NAMES.has(previousWord) && (expect === 'projection' || expect === 'groupBy')) {
          stack.push({ bracket: '(', role: 'arguments', entity: entity(), after: expect });
          expect = 'projection';
        } else if (expect === 'condition') {
          stack.push({ bracket: '(', role: 'group', entity: entity(), after: 'afterCondition' });
        } else return undefined;
        break;
      case ']':
      case '}':
      case ')': {
        const frame = stack.pop();
        if (!frame) return undefined;
        if (frame.role === 'projection') pendingEntity = frame.entity;
        if (frame.role === 'fieldList') field = 'in';
        expect = frame.after;
        if (frame.role === 'group' && path) expect = 'operator';
        break;
      }
      case ',': {
        const frame = top();
        if (expect === 'orderDirection') expect = 'orderBy';
        else if (expect === 'groupBy') expect = 'groupBy';
        else if (frame?.role === 'list') expect = 'value';
        else if (frame?.role === 'projection' || frame?.role === 'fieldList') expect = 'projection';
        else if (frame?.role === 'arguments') expect = 'projection';
        else return undefined;
        break;
      }
      default:
        return undefined;
    }
    previousWord = '';
  }
  return { expect, entity: entity(), field, path, frame: top() };
}

function afterModifierWord(word: string): Expect {
  if (word === 'group') return 'groupKeyword';
  if (word === 'order') return 'orderKeyword';
  return 'number';
}
