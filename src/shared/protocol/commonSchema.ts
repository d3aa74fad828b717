/**
 * The pieces every view's schema (`<view>Schema.ts`) is made of: what a view's schema is, the
 * text limits, the error banner's actions and the loose check of kept content. Checked against
 * the protocol's types: a field of the wrong kind does not compile.
 */
import { anyRecord, count, optional, text, type Check, type MessageSchema } from '../messageSchema';
import { MESSAGE_TEXT_MAX_CHARS, type EveryPageToHost, type ViewProtocol } from './common';

/**
 * One view's run-time checks: of every message its webview may post (`toHost`, by type), of the
 * host's record of a panel (`restore`: one written by an older version may not fit), and of what
 * its webview kept to show after a window reload (`shown`: loosely, it is only shown).
 */
export interface ViewSchema<P extends ViewProtocol> {
  toHost: MessageSchema<P['toHost']>;
  restore: Check<P['restore']>;
  shown: Check<P['shown']>;
}

/** Certnames, report hashes, resource ids: short text. */
export const name = text(4096);
/** A whole query, a message, an exported picture. */
export const longText = text(MESSAGE_TEXT_MAX_CHARS);

/** What every page may post besides its view's own messages: `ready` and the error banner's actions. */
const everyPageToHost: MessageSchema<EveryPageToHost> = {
  ready: { renews: optional((value) => (value === true ? undefined : 'expected true')) },
  renewed: {},
  showLog: {},
  editConnection: {},
};

/** A view's schema: its own messages, with what every page may post added. */
export function viewSchema<P extends ViewProtocol>(schema: {
  toHost: MessageSchema<Exclude<P['toHost'], EveryPageToHost>>;
  restore: Check<P['restore']>;
  shown: Check<P['shown']>;
}): ViewSchema<P> {
  const toHost = { ...everyPageToHost, ...schema.toHost } as MessageSchema<P['toHost']>;
  return { ...schema, toHost };
}

/** The page painted rows the host streamed (RowsShown). */
export const rowsShown = { rows: count, loaded: count };

/** Whether a value is true or false. */
export const flag: Check<boolean> = (value) =>
  typeof value === 'boolean' ? undefined : 'expected true or false';

/**
 * Loose checks of kept content: the fields the host reads are checked; the rest is data the
 * webview shows as text, whatever it holds.
 */
export function shaped<T>(fields: { [K in keyof T]?: Check<T[K]> }): Check<T> {
  return (value) => {
    const problem = anyRecord(value);
    if (problem) return problem;
    for (const [key, check] of Object.entries(fields) as Array<[string, Check<unknown>]>) {
      const fieldProblem = check((value as Record<string, unknown>)[key]);
      if (fieldProblem) return `field "${key}": ${fieldProblem}`;
    }
    return undefined;
  };
}

/** An object the webview only shows (an event row, a log line): any fields. */
export const dataRecord = <T>() => anyRecord as unknown as Check<T>;
