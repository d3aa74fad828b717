/**
 * The options every public call accepts, and what each option's value must be.
 *
 * The client is called from plain JavaScript as well as TypeScript, so a misspelt option
 * (`limt`), the reference's snake_case name (`request_method`) or a value of the wrong type
 * (`limit: '5'`) would otherwise be ignored or sent as is. Every operation checks its options
 * object against its row of `OPERATION_OPTIONS` before anything is sent, and fails with an
 * ImproperlyConfiguredError that names the call and the option.
 */
import { ImproperlyConfiguredError } from './errors';
import { QueryNode } from './queryBuilder';

/** GET or POST, in any letter case: the reference upper-cases the method it is given. */
export type RequestMethod = 'GET' | 'POST' | 'get' | 'post';

interface ValueRule {
  /** What the value must be, as the error message says it. */
  expected: string;
  accepts(value: unknown): boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (!isObject(value) || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};
const isValidDate = (value: unknown): value is Date =>
  value instanceof Date && !Number.isNaN(value.getTime());

const RULES = {
  string: { expected: 'a string', accepts: (value) => typeof value === 'string' },
  text: {
    expected: 'a non-empty string',
    accepts: (value) => typeof value === 'string' && value.length > 0,
  },
  object: {
    expected: 'an object',
    accepts: (value) => isObject(value) && !Array.isArray(value),
  },
  boolean: { expected: 'true or false', accepts: (value) => typeof value === 'boolean' },
  count: {
    expected: 'a whole number of at least 0',
    accepts: (value) => Number.isInteger(value) && (value as number) >= 0,
  },
  pageSize: {
    expected: 'a whole number of at least 1',
    accepts: (value) => Number.isInteger(value) && (value as number) >= 1,
  },
  seconds: {
    expected: 'a positive number of seconds',
    accepts: (value) => isFiniteNumber(value) && value > 0,
  },
  waitSeconds: {
    expected: 'a number of seconds of at least 0',
    accepts: (value) => isFiniteNumber(value) && value >= 0,
  },
  hoursOrNull: {
    expected: 'a number of hours of at least 0, or null',
    accepts: (value) => value === null || (isFiniteNumber(value) && value >= 0),
  },
  date: { expected: 'a valid Date', accepts: isValidDate },
  signal: {
    expected: 'an AbortSignal',
    // by shape, not instanceof: a signal may come from another realm (a VS Code extension host)
    accepts: (value) =>
      isObject(value) &&
      typeof value.aborted === 'boolean' &&
      typeof value.addEventListener === 'function',
  },
  method: {
    expected: '"GET" or "POST"',
    accepts: (value) => typeof value === 'string' && /^(?:get|post)$/i.test(value),
  },
  query: {
    expected: 'a query string, a query AST array or a query builder object',
    accepts: (value) =>
      value === null ||
      typeof value === 'string' ||
      Array.isArray(value) ||
      value instanceof QueryNode,
  },
  orderBy: {
    expected: 'a JSON string or an array of { field, order } objects',
    accepts: (value) =>
      typeof value === 'string' ||
      (Array.isArray(value) &&
        value.every(
          (item) =>
            isObject(item) &&
            typeof item.field === 'string' &&
            (item.order === undefined || item.order === 'asc' || item.order === 'desc'),
        )),
  },
  path: {
    expected: 'a string or an array of strings',
    accepts: (value) =>
      typeof value === 'string' ||
      (Array.isArray(value) && value.every((item) => typeof item === 'string')),
  },
  port: {
    expected: 'a whole number from 1 to 65535',
    accepts: (value) =>
      Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 65535,
  },
  sslVerify: {
    expected: 'true, false or the path of a CA certificate file',
    accepts: (value) => typeof value === 'boolean' || typeof value === 'string',
  },
  metricVersion: {
    expected: '"v1" or "v2"',
    accepts: (value) => value === 'v1' || value === 'v2',
  },
  number: { expected: 'a number', accepts: isFiniteNumber },
  dispatcher: {
    expected: 'an undici Dispatcher',
    accepts: (value) => isObject(value) && typeof value.dispatch === 'function',
  },
  urls: {
    expected: 'an array of URL strings',
    accepts: (value) => Array.isArray(value) && value.every((item) => typeof item === 'string'),
  },
  function: { expected: 'a function', accepts: (value) => typeof value === 'function' },
  // its values are checked one by one (checkPayload), so that the message names the bad one
  payload: {
    expected: 'an object of PuppetDB parameter names and their values',
    accepts: isPlainObject,
  },
} satisfies Record<string, ValueRule>;

type Rule = keyof typeof RULES;

/** Options whose values must never appear in a message (messages end up in logs). */
const SECRET_OPTIONS: ReadonlySet<string> = new Set(['password', 'token']);
type OptionTable = Readonly<Record<string, Rule>>;

/** What every call that sends a query takes (the payload goes to the same query step). */
const REQUEST: OptionTable = {
  signal: 'signal',
  requestMethod: 'method',
  method: 'method',
  payload: 'payload',
};
const QUERY: OptionTable = {
  ...REQUEST,
  query: 'query',
  orderBy: 'orderBy',
  limit: 'count',
  offset: 'count',
  includeTotal: 'boolean',
  pageSize: 'pageSize',
};
const COUNTS: OptionTable = { summarizeBy: 'string', countBy: 'string', countFilter: 'query' };
const NODE_STATUS: OptionTable = {
  unreported: 'hoursOrNull',
  withStatus: 'boolean',
  withEventNumbers: 'boolean',
  now: 'date',
};
const SIGNAL_ONLY: OptionTable = { signal: 'signal' };

/** Each public call and the options it takes (frozen: callers may read it, never widen it). */
export const OPERATION_OPTIONS = deepFreeze({
  connect: {
    host: 'string',
    port: 'port',
    sslVerify: 'sslVerify',
    sslKey: 'string',
    sslCert: 'string',
    timeout: 'seconds',
    protocol: 'string',
    urlPath: 'string',
    username: 'string',
    password: 'string',
    token: 'string',
    metricApiVersion: 'metricVersion',
    apiVersion: 'number',
    compress: 'boolean',
    userAgent: 'string',
    dispatcher: 'dispatcher',
    serverUrls: 'urls',
    failbackSeconds: 'waitSeconds',
    onRequest: 'function',
    maxListRows: 'pageSize',
  },
  query: { ...QUERY, ...COUNTS, path: 'path' },
  stream: { ...QUERY, ...COUNTS, path: 'path' },
  nodes: { ...QUERY, ...NODE_STATUS },
  node: { ...REQUEST, ...NODE_STATUS },
  facts: { ...QUERY, name: 'string', value: 'string' },
  factsets: QUERY,
  factContents: QUERY,
  factPaths: QUERY,
  factNames: REQUEST,
  resources: { ...QUERY, type: 'string', title: 'string' },
  catalog: REQUEST,
  catalogs: QUERY,
  edges: QUERY,
  environments: QUERY,
  reports: QUERY,
  events: QUERY,
  eventCounts: { ...QUERY, ...COUNTS },
  aggregateEventCounts: { ...REQUEST, ...COUNTS, query: 'query' },
  inventory: QUERY,
  packages: QUERY,
  packageInventory: QUERY,
  pql: {
    ...REQUEST,
    ...NODE_STATUS,
    limit: 'count',
    offset: 'count',
    orderBy: 'orderBy',
    includeTotal: 'boolean',
  },
  pqlAst: REQUEST,
  status: SIGNAL_ONLY,
  currentVersion: SIGNAL_ONLY,
  serverTime: SIGNAL_ONLY,
  metric: { ...SIGNAL_ONLY, version: 'metricVersion' },
  command: { ...SIGNAL_ONLY, waitSeconds: 'waitSeconds' },
} satisfies Record<string, OptionTable>);

export type Operation = keyof typeof OPERATION_OPTIONS;

/** The caller's options with `requestMethod`/`method` resolved to one upper-case `method`. */
export type CheckedOptions<T> = Omit<T, 'requestMethod' | 'method'> & {
  method?: 'GET' | 'POST';
};

/**
 * Checks a call's options against its row of the table: an object, only known names, each
 * value of its type (`undefined` counts as not given). Returns them with the request method
 * resolved, so that the rest of the client reads one upper-case `method`.
 */
export function checkOptions<T extends object>(
  operation: Operation,
  options: T | undefined,
): CheckedOptions<T> {
  if (options === undefined) return {} as CheckedOptions<T>;
  const call = `${operation}()`;
  if (!isObject(options) || Array.isArray(options)) {
    throw new ImproperlyConfiguredError(
      `The options of ${call} must be an object, not ${describeValue(options)}.`,
    );
  }
  const table: OptionTable = OPERATION_OPTIONS[operation];
  for (const [name, value] of Object.entries(options)) {
    const rule = Object.hasOwn(table, name) ? table[name] : undefined;
    if (rule === undefined) throw unknownOption(call, name, Object.keys(table));
    if (value === undefined) continue;
    if (!RULES[rule].accepts(value)) {
      // a credential given in the wrong type is still a credential: say only what type it was
      const given = SECRET_OPTIONS.has(name) ? describeType(value) : describeValue(value);
      throw new ImproperlyConfiguredError(
        `${call}: ${name} must be ${RULES[rule].expected}, not ${given}.`,
      );
    }
    if (rule === 'payload') checkPayload(call, value as Record<string, unknown>);
  }
  const { requestMethod, method, ...rest } = options as {
    requestMethod?: string;
    method?: string;
  };
  if (requestMethod !== undefined && method !== undefined) {
    if (requestMethod.toUpperCase() !== method.toUpperCase()) {
      throw new ImproperlyConfiguredError(
        `${call}: requestMethod is "${requestMethod}" but its alias method is "${method}"; give one of them.`,
      );
    }
  }
  const chosen = requestMethod ?? method;
  return {
    ...rest,
    ...(chosen === undefined ? {} : { method: chosen.toUpperCase() as 'GET' | 'POST' }),
  } as CheckedOptions<T>;
}

/**
 * Checks a positional argument (a certname, a metric or command name, a payload) with the same
 * rules as options, so that a JavaScript caller's `node()` or `node(42)` is a clear error rather
 * than a TypeError from deep inside the request building.
 */
export function checkArgument(
  operation: Operation,
  name: string,
  value: unknown,
  rule: 'string' | 'text' | 'object',
): void {
  if (!RULES[rule].accepts(value)) {
    throw new ImproperlyConfiguredError(
      `${operation}(): ${name} must be ${RULES[rule].expected}, not ${value === undefined ? 'undefined' : describeValue(value)}.`,
    );
  }
}

/**
 * A payload's values are sent as text or as JSON (queryStep.ts), so each must be text, a finite
 * number, true or false, a Date, a query builder, or arrays and plain objects of JSON values (a
 * Date among them goes as its ISO text). `undefined` and `null` are not sent. Anything else (a
 * function, NaN, a Map, a cycle) would be sent as something the caller did not write.
 */
function checkPayload(call: string, payload: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(payload)) {
    if (key === '') {
      throw new ImproperlyConfiguredError(`${call}: payload has a parameter without a name.`);
    }
    if (value === undefined || value instanceof QueryNode) continue;
    const problem = jsonProblem(value, `payload.${key}`, new Set());
    if (problem) throw new ImproperlyConfiguredError(`${call}: ${problem}`);
  }
}

/** What makes `value` (at `where`) something JSON cannot say, or undefined when it can. */
function jsonProblem(value: unknown, where: string, ancestors: Set<object>): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (isFiniteNumber(value) || isValidDate(value)) return undefined;
  if (Array.isArray(value) || isPlainObject(value)) {
    if (ancestors.has(value)) return `${where} contains itself, which JSON cannot hold.`;
    ancestors.add(value);
    const items: Array<[string, unknown]> = Array.isArray(value)
      ? Array.from(value, (item, index) => [`${where}[${index}]`, item])
      : Object.entries(value).map(([key, item]) => [`${where}.${key}`, item]);
    for (const [itemWhere, item] of items) {
      // JSON has no undefined: an object drops it, an array writes null, as JSON.stringify does
      if (item === undefined) continue;
      const problem = jsonProblem(item, itemWhere, ancestors);
      if (problem) return problem;
    }
    ancestors.delete(value);
    return undefined;
  }
  // a Map or a class instance would go as "{}": name its class rather than "an object"
  const className =
    isObject(value) && !(value instanceof Date)
      ? (value.constructor as { name?: unknown } | undefined)?.name
      : undefined;
  const given =
    typeof className === 'string' && className && className !== 'Object'
      ? `an instance of ${className}`
      : describeValue(value);
  return (
    `${where} must be text, a finite number, true, false, null, a Date, a query builder, ` +
    `or an array or plain object of those, not ${given}.`
  );
}

function deepFreeze<T extends Record<string, object>>(tables: T): Readonly<T> {
  for (const table of Object.values(tables)) Object.freeze(table);
  return Object.freeze(tables);
}

function unknownOption(call: string, name: string, known: string[]): ImproperlyConfiguredError {
  const suggestion = closestName(name, known);
  const hint = suggestion
    ? `did you mean ${suggestion}?`
    : `it takes ${known.length ? known.join(', ') : 'no options'}.`;
  return new ImproperlyConfiguredError(`${call}: unknown option "${name}"; ${hint}`);
}

/**
 * The known name a caller most likely meant: the camelCase form of a snake_case name
 * (`request_method` → `requestMethod`, `type_` → `type`), the same name in another letter
 * case, or one at most two edits away (`limt` → `limit`).
 */
export function closestName(name: string, known: readonly string[]): string | undefined {
  const camel = name
    .replace(/_+$/, '')
    .replace(/_([a-z0-9])/gi, (_, letter: string) => letter.toUpperCase());
  const folded = camel.toLowerCase();
  const sameLetters = known.find((candidate) => candidate.toLowerCase() === folded);
  if (sameLetters) return sameLetters;
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(folded, candidate.toLowerCase());
    if (distance <= 2 && (!best || distance < best.distance)) best = { name: candidate, distance };
  }
  return best?.name;
}

/** Levenshtein distance; option names are short, so the plain dynamic programme will do. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return `${JSON.stringify(value)} (a string)`;
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'an invalid Date' : 'a Date';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'function') return 'a function';
  return `${String(value)} (a ${typeof value})`;
}
