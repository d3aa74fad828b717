/**
 * YAML as Puppet reads it: Ruby's Psych, YAML 1.1 (`yes`, `on`, `off` are booleans, in any case),
 * except that Psych does not take `y` and `n` for booleans as the YAML 1.1 schema of the `yaml`
 * package does: a level named `n` or a value `y` stays text, as on the Puppet server. A timestamp
 * stays text too (Puppet's safe_load refuses to make a Date of it; a view shows the text), and a
 * key written twice is allowed, the later one winning, as in Psych.
 */
import { parseDocument, type Document, type ScalarTag, type Tags } from 'yaml';

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

/** The YAML document of a text, read as Psych reads it. */
export function parseYamlDocument(text: string): Document.Parsed {
  return parseDocument(text, { version: '1.1', customTags: psychTags, uniqueKeys: false });
}
