/**
 * Whether the results panel may page a query with the URL's limit/offset: not when the query
 * pages, groups or counts itself (its own `limit`/`offset`, `group by`, or an aggregate
 * projection), where the server's answer is already what the user asked for.
 */
import { tokenize } from './pqlLexer';
import { FUNCTIONS } from './pqlSchema';

const AGGREGATES = new Set(FUNCTIONS.map((fn) => fn.name).filter((name) => name !== 'to_string'));

export function pagingOf(query: string): boolean {
  const tokens = tokenize(query);
  return !tokens.some(
    (token, index) =>
      token.kind === 'word' &&
      (['limit', 'offset', 'group'].includes(token.text) ||
        (AGGREGATES.has(token.text) && tokens[index + 1]?.text === '(')),
  );
}
