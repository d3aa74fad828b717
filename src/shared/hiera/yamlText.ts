/**
 * YAML as Puppet reads it: Ruby's Psych, YAML 1.1 (`yes`, `on`, `off` are booleans, in any case),
 * except that Psych does not take `y` and `n` for booleans as the YAML 1.1 schema of the `yaml`
 * package does: a level named `n` or a value `y` stays text, as on the Puppet server. A timestamp
 * stays text too (Puppet's safe_load refuses to make a Date of it; a view shows the text), and a
 * key written twice is allowed, the later one winning, as in Psych.
 */
import { parseDocument, type ScalarTag, type Tags } from 'yaml';

const BOOL = 'tag:yaml.org,2002:bool';
const TIMESTAMP = 'tag:yaml.org,2002:timestamp';

const PSYCH_BOOLEANS: ScalarTag[] = [
  {
    identify: (value) => value === true,
    default: true,
    tag: BOOL,
    test: /^(?:yes|true|on)$/i,
    resolve: () => true,
  },
  {
    identify: (value) => value === false,
    default: true,
    tag: BOOL,
    test: /^(?:no|false|off)$/i,
    resolve: () => false,
  },
];

function psychTags(tags: Tags): Tags {
  return [
    ...PSYCH_BOOLEANS,
    ...tags.filter((tag) => typeof tag === 'string' || (tag.tag !== BOOL && tag.tag !== TIMESTAMP)),
  ];
}

/**
 * The data of a YAML text, read as Psych reads it, or the problems that stop it: bad YAML, an
 * alias bomb (more than 1,000 aliases), or values Puppet's safe_load refuses (a `!!set`, an
 * `!!omap`, a `!ruby/object`), which are named; binary values become their bytes' text.
 * Whatever comes back is plain data: hashes, arrays, text, numbers, booleans and null.
 */
export function yamlData(text: string): { value?: unknown; problems: string[] } {
  const document = parseDocument(text, {
    version: '1.1',
    customTags: psychTags,
    uniqueKeys: false,
  });
  const firstLine = (message: string) => message.split('\n')[0]!.trim();
  if (document.errors.length > 0) {
    return {
      problems: document.errors.map((error) => `not valid YAML: ${firstLine(error.message)}`),
    };
  }
  const problems = document.warnings.map((warning) => `YAML: ${firstLine(warning.message)}`);
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: 1000 });
  } catch (error) {
    return { problems: [`not read: ${firstLine((error as Error).message)}`] };
  }
  return { value: plainData(value, problems), problems };
}

/** Plain JSON-like data, each value of another kind named as a problem. */
function plainData(value: unknown, problems: string[]): unknown {
  if (value === null || typeof value !== 'object') {
    return typeof value === 'bigint' ? Number(value) : value;
  }
  if (Array.isArray(value)) return value.map((element) => plainData(element, problems));
  if (value instanceof Uint8Array) return bytesText(value);
  const kind = Object.prototype.toString.call(value);
  if (kind !== '[object Object]') {
    problems.push(`a ${kind.slice(8, -1)} value (a YAML !!set or !!omap): Puppet refuses it`);
    return null;
  }
  const result: Record<string, unknown> = {};
  for (const [key, element] of Object.entries(value)) {
    Object.defineProperty(result, key, {
      value: plainData(element, problems),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return result;
}

/** Bytes as text, one character a byte (Psych gives a binary string), in chunks the stack takes. */
function bytesText(bytes: Uint8Array): string {
  let text = '';
  for (let at = 0; at < bytes.length; at += 8192) {
    text += String.fromCharCode(...bytes.subarray(at, at + 8192));
  }
  return text;
}
