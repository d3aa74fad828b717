/**
 * The few Python behaviours the reference's wire format depends on: `urllib.parse.quote`,
 * `requests`' form encoding, `json.dumps` defaults, `repr()` of JSON-like values, and
 * `str.capitalize`. Each matches CPython byte for byte on the inputs the client produces.
 */

/** A number that Python would hold as a float (`4.0` prints as `4.0`, not `4`). */
export class PyFloat {
  constructor(readonly value: number) {}
  toJSON(): number {
    return this.value;
  }
}

export function pyFloat(value: number): PyFloat {
  return new PyFloat(value);
}

const UNRESERVED = /[A-Za-z0-9_.\-~]/;

function percentEncode(
  text: string,
  keep: (char: string) => boolean,
  spaceAsPlus: boolean,
): string {
  let out = '';
  for (const char of text) {
    if (keep(char)) out += char;
    else if (spaceAsPlus && char === ' ') out += '+';
    else {
      for (const byte of Buffer.from(char, 'utf8')) {
        out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
      }
    }
  }
  return out;
}

/** `urllib.parse.quote(text, safe='/')`: letters, digits, `_.-~` and `/` stay; the rest is %XX. */
export function pyQuote(text: string, safe = '/'): string {
  return percentEncode(text, (char) => UNRESERVED.test(char) || safe.includes(char), false);
}

/** `urllib.parse.quote_plus`: as `quote` with no safe characters, and space as `+`. */
export function pyQuotePlus(text: string): string {
  return percentEncode(text, (char) => UNRESERVED.test(char), true);
}

/** How `requests` encodes GET parameters (`urlencode` with `quote_plus`), in the given order. */
export function pyUrlencode(pairs: ReadonlyArray<readonly [string, string]>): string {
  return pairs.map(([key, value]) => `${pyQuotePlus(key)}=${pyQuotePlus(value)}`).join('&');
}

/** Python's `repr()` of a float: shortest round-trip digits, always with a `.` or exponent. */
export function pyFloatRepr(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return 'Infinity';
  if (value === -Infinity) return '-Infinity';
  if (Object.is(value, -0)) return '-0.0';
  const abs = Math.abs(value);
  if (abs !== 0 && (abs >= 1e16 || abs < 1e-4)) {
    // Python switches to exponent notation at 1e16 and below 1e-4, with a two-digit exponent.
    const [mantissa, exponent] = value.toExponential().split('e') as [string, string];
    const sign = exponent.startsWith('-') ? '-' : '+';
    const digits = exponent.replace(/^[+-]/, '').padStart(2, '0');
    return `${mantissa}e${sign}${digits}`;
  }
  const text = String(value);
  if (text.includes('e')) return Number(value).toFixed(20).replace(/0+$/, '').replace(/\.$/, '.0');
  return text.includes('.') ? text : `${text}.0`;
}

function pyNumber(value: number): string {
  return Number.isInteger(value) && Number.isFinite(value) ? String(value) : pyFloatRepr(value);
}

/**
 * How one of Python's writers spells JSON-like values: `json.dumps` and `repr()` walk them the
 * same way (numbers as Python prints them, lists and dicts with `, ` and `: `) and differ in these.
 */
interface PyDialect {
  none: string;
  true: string;
  false: string;
  string(text: string): string;
  /** What an object stands for when it is not a plain dict (a query's AST, a date), if anything. */
  standIn?(value: object): { value: unknown } | undefined;
  /** Whether a dict's undefined entries are written (as `none`) rather than left out. */
  writesUndefined: boolean;
  /** The TypeError's message for a value this writer can't write. */
  unsupported(type: string): string;
}

function pyWriter(dialect: PyDialect): (value: unknown) => string {
  const write = (value: unknown): string => {
    if (value === null || value === undefined) return dialect.none;
    if (value instanceof PyFloat) return pyFloatRepr(value.value);
    switch (typeof value) {
      case 'boolean':
        return value ? dialect.true : dialect.false;
      case 'number':
        return pyNumber(value);
      case 'string':
        return dialect.string(value);
      case 'object': {
        if (Array.isArray(value)) return `[${value.map(write).join(', ')}]`;
        const standIn = dialect.standIn?.(value);
        if (standIn) return write(standIn.value);
        const entries = Object.entries(value as Record<string, unknown>).filter(
          ([, item]) => dialect.writesUndefined || item !== undefined,
        );
        return `{${entries.map(([key, item]) => `${dialect.string(key)}: ${write(item)}`).join(', ')}}`;
      }
      default:
        throw new TypeError(dialect.unsupported(typeof value));
    }
  };
  return write;
}

/** `json.dumps(value)` with Python's defaults: `", "` and `": "`, ASCII only, float repr. */
export const pyJsonDumps = pyWriter({
  none: 'null',
  true: 'true',
  false: 'false',
  string: (text) => jsonString(text),
  standIn: (value) => {
    const withJsonData = value as { jsonData?: () => unknown };
    if (typeof withJsonData.jsonData === 'function') return { value: withJsonData.jsonData() };
    if (value instanceof Date) return { value: value.toISOString() };
    return undefined;
  },
  writesUndefined: false,
  unsupported: (type) => `Object of type ${type} is not JSON serializable`,
});

const JSON_ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

/** A JSON string as `json.dumps` writes it with `ensure_ascii=True` (UTF-16 units as \uXXXX). */
function jsonString(text: string): string {
  let out = '"';
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    const code = text.charCodeAt(index);
    if (JSON_ESCAPES[char]) out += JSON_ESCAPES[char];
    else if (code < 0x20 || code > 0x7e) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += char;
  }
  return `${out}"`;
}

/** Python's `repr()` of a JSON-like value (str, int, float, bool, None, list, dict). */
export const pyRepr = pyWriter({
  none: 'None',
  true: 'True',
  false: 'False',
  string: (text) => reprString(text),
  writesUndefined: true,
  unsupported: (type) => `Cannot repr a ${type}`,
});

/** Single quotes unless the text holds `'` and no `"`; escapes as CPython's unicode_repr. */
function reprString(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === quote || char === '\\') out += `\\${char}`;
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += char;
  }
  return out + quote;
}

/** `str.capitalize()`: the first character upper case, the rest lower case. */
export function pyCapitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
}

/** The reference's resource type normalisation: each `::` segment capitalised. */
export function normalizeResourceType(type: string): string {
  return type.split('::').map(pyCapitalize).join('::');
}

/**
 * Python's `str(datetime)` of the naive UTC datetime the reference's tests build:
 * `2016-06-11 00:00:00`, or `2016-06-11 01:02:03.450000` with a fraction. PuppetDB reads it as UTC.
 */
export function formatPyDatetime(date: Date): string {
  const iso = date.toISOString(); // 2016-06-11T01:02:03.450Z
  const [day, time] = iso.slice(0, -1).split('T') as [string, string];
  const [clock, millis] = time.split('.') as [string, string];
  return millis === '000' ? `${day} ${clock}` : `${day} ${clock}.${millis}000`;
}
