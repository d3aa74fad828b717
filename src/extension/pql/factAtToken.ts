/**
 * The fact a token of a PQL query names, for the hover's "Explore values" link: the string of
 * `name = "os"` in facts / fact_contents, or a dotted fact path (`facts.os.release.major` of
 * inventory and the like; the whole path, whichever segment is under the mouse).
 */
import type { FactPath } from '../../shared/factExplorer';
import { completionContext } from './language/completionContext';
import { stringValue, type Token } from './language/pqlLexer';

export type FactTarget = { fact: string } | { path: FactPath };

export function factAtToken(text: string, tokens: Token[], index: number): FactTarget | undefined {
  const token = tokens[index]!;
  if (token.kind === 'string') {
    const context = completionContext(text, token.start + 1);
    const namesFact =
      context.kind === 'value' &&
      context.field === 'name' &&
      (context.entity === 'facts' || context.entity === 'fact_contents');
    const name = stringValue(token);
    if (namesFact && name.length > 0) return { fact: name };
  }
  return dottedPath(tokens, index);
}

/** `facts.a.b.c` around the token: segments are words, strings or whole numbers after dots. */
function dottedPath(tokens: Token[], index: number): FactTarget | undefined {
  const isDot = (at: number) => tokens[at]?.kind === 'punctuation' && tokens[at]!.text === '.';
  const isSegment = (at: number) =>
    tokens[at]?.kind === 'word' || tokens[at]?.kind === 'string' || tokens[at]?.kind === 'number';
  if (!isSegment(index)) return undefined;
  let first = index;
  while (isDot(first - 1) && isSegment(first - 2)) first -= 2;
  let last = index;
  while (isDot(last + 1) && isSegment(last + 2)) last += 2;
  if (tokens[first]!.text !== 'facts' || last === first || index === first) return undefined;
  const path: FactPath = [];
  for (let at = first + 2; at <= last; at += 2) {
    const segment = tokens[at]!;
    if (segment.kind === 'string') path.push(stringValue(segment));
    else if (segment.kind === 'number' && /^\d+$/.test(segment.text)) {
      path.push(Number(segment.text));
    } else path.push(segment.text);
  }
  return path.length === 1 && typeof path[0] === 'string' ? { fact: path[0] } : { path };
}
