/**
 * A tiny typed validator for messages that cross a trust boundary (a webview's posts, the state
 * VS Code gives back after a reload). Each check answers `undefined` when the value is fine, or
 * one short sentence saying what is wrong, so the caller can drop the message and log why.
 * Pure: no vscode, Node or DOM, so the host, the webviews and the unit tests share it.
 */

/** A check of one value; `T` is the type the value has when the check passes. */
export interface Check<T> {
  (value: unknown): string | undefined;
  /** Never set: it only carries `T`, so a schema whose fields do not match its type won't compile. */
  readonly __type?: T;
}

/** The checks of an object's fields; every field of `T` must have one. */
export type FieldChecks<T> = { [K in keyof T]-?: Check<T[K]> };

/** What crosses the boundary at most: no text field of a message is longer (64 MiB). */
const MAX_TEXT = 64 * 1024 * 1024;

const describe = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;

export function text(maxLength = 4096): Check<string> {
  const limit = Math.min(maxLength, MAX_TEXT);
  return (value) => {
    if (typeof value !== 'string') return `expected text, got ${describe(value)}`;
    return value.length > limit ? `text longer than ${limit} characters` : undefined;
  };
}

/** A non-negative safe integer (counts, ids). */
export const count: Check<number> = (value) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
    ? undefined
    : `expected a whole number ≥ 0, got ${typeof value === 'number' ? value : describe(value)}`;

/** A finite number ≥ 0 (durations). */
export const duration: Check<number> = (value) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0
    ? undefined
    : `expected a duration ≥ 0, got ${typeof value === 'number' ? value : describe(value)}`;

export function oneOf<const T extends readonly string[]>(...choices: T): Check<T[number]> {
  return (value) =>
    typeof value === 'string' && choices.includes(value)
      ? undefined
      : `expected one of ${choices.join(', ')}, got ${typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : describe(value)}`;
}

export function optional<T>(check: Check<T>): Check<T | undefined> {
  return (value) => (value === undefined ? undefined : check(value));
}

export function arrayOf<T>(check: Check<T>, maxItems = 10_000_000): Check<T[]> {
  return (value) => {
    if (!Array.isArray(value)) return `expected a list, got ${describe(value)}`;
    if (value.length > maxItems) return `a list of more than ${maxItems} items`;
    for (let index = 0; index < value.length; index++) {
      const problem = check(value[index]);
      if (problem) return `item ${index}: ${problem}`;
    }
    return undefined;
  };
}

/** Any plain object (its fields are not looked at: data to show, e.g. a PuppetDB row). */
export const anyRecord: Check<Record<string, unknown>> = (value) =>
  isPlainObject(value) ? undefined : `expected an object, got ${describe(value)}`;

/** Any JSON value (rows of a query are whatever PuppetDB answered). */
export const anyValue: Check<unknown> = () => undefined;

/**
 * An object with exactly these fields (optional ones may be missing): a missing field, a field
 * of the wrong type or any other field is a problem.
 */
export function object<T>(fields: FieldChecks<T>): Check<T> {
  const names = Object.keys(fields) as Array<keyof T & string>;
  return (value) => {
    if (!isPlainObject(value)) return `expected an object, got ${describe(value)}`;
    for (const key of Object.keys(value)) {
      if (!Object.hasOwn(fields, key)) return `unexpected field "${key.slice(0, 40)}"`;
    }
    for (const name of names) {
      const problem = (fields[name] as Check<unknown>)(value[name]);
      if (problem) return `field "${name}": ${problem}`;
    }
    return undefined;
  };
}

/** The fields of a message other than its `type`. */
type FieldsOf<M> = Omit<M, 'type'>;

/** A schema for each message of a union, keyed by `type`: a missing type does not compile. */
export type MessageSchema<M extends { type: string }> = {
  [K in M['type']]: FieldChecks<FieldsOf<Extract<M, { type: K }>>>;
};

/** Checks a message against its union's schema: a known `type`, then exactly its fields. */
export function checkMessage<M extends { type: string }>(
  schema: MessageSchema<M>,
  message: unknown,
): string | undefined {
  if (!isPlainObject(message)) return `not an object but ${describe(message)}`;
  const { type, ...rest } = message;
  if (typeof type !== 'string') return 'no "type" of type text';
  if (!Object.hasOwn(schema, type)) return `unknown type "${type.slice(0, 40)}"`;
  const fields = schema[type as M['type']] as FieldChecks<Record<string, unknown>>;
  const problem = object(fields)(rest);
  return problem && `"${type}": ${problem}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
