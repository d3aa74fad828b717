/**
 * What a view keeps of what it shows for a window reload (see keepShown): the content itself up
 * to SHOWN_CONTENT_MAX_CHARS of JSON, above that only a note saying what was left out. A content
 * far over the limit (100,000 events) is found so without writing its JSON.
 */
import { SHOWN_CONTENT_MAX_CHARS } from '../../shared/protocol/common';

export interface Kept<C> {
  savedAt: string;
  content?: C;
  omitted?: string;
}

export function keptContent<C>(content: C, what: string, savedAt: string): Kept<C> {
  return jsonFits(content, SHOWN_CONTENT_MAX_CHARS)
    ? { savedAt, content }
    : {
        savedAt,
        omitted: `${what} were too large to keep across a window reload (more than the limit of ${megabytes(SHOWN_CONTENT_MAX_CHARS)}).`,
      };
}

const megabytes = (chars: number) => `${(chars / 1_048_576).toFixed(1)} MB`;

/**
 * Whether JSON.stringify(value) is at most `limit` characters. The least it can be is added up
 * first, stopping as soon as that passes the limit; only a value that may fit is written, so the
 * answer is exact and a value far over the limit costs about as much as one at the limit.
 */
export function jsonFits(value: unknown, limit: number): boolean {
  return leastJsonLength(value, limit) <= limit && JSON.stringify(value).length <= limit;
}

/**
 * At most the length of JSON.stringify(value) (strings counted unescaped, values JSON leaves out
 * or writes as null counted as nothing), and more than `limit` as soon as the walk finds it so.
 */
function leastJsonLength(root: unknown, limit: number): number {
  let total = 0;
  const visit = (value: unknown): void => {
    switch (typeof value) {
      case 'string':
        total += value.length + 2;
        return;
      case 'number':
        total += Number.isFinite(value) ? String(value).length : 4;
        return;
      case 'boolean':
        total += value ? 4 : 5;
        return;
      case 'object':
        break;
      default:
        // undefined, a function or a symbol: left out (null in an array, counted as nothing)
        return;
    }
    if (value === null) {
      total += 4;
      return;
    }
    if (value instanceof Number || value instanceof String || value instanceof Boolean) {
      visit(value.valueOf());
      return;
    }
    total += 2;
    if (Array.isArray(value)) {
      const items: unknown[] = value;
      for (let index = 0; index < items.length && total <= limit; index++) {
        total += index > 0 ? 1 : 0;
        visit(toJson(items[index], String(index)));
      }
      return;
    }
    let members = 0;
    for (const name of Object.keys(value)) {
      if (total > limit) return;
      const member = toJson((value as Record<string, unknown>)[name], name);
      if (member === undefined || typeof member === 'function' || typeof member === 'symbol') {
        continue;
      }
      total += (members++ > 0 ? 1 : 0) + name.length + 3;
      visit(member);
    }
  };
  visit(toJson(root, ''));
  return total;
}

/** What JSON.stringify writes for a value with a toJSON method (a Date): its result. */
function toJson(value: unknown, key: string): unknown {
  const toJSON = (value as { toJSON?: unknown } | null | undefined)?.toJSON;
  return typeof toJSON === 'function'
    ? (toJSON as (key: string) => unknown).call(value, key)
    : value;
}
