/**
 * Puppetboard's query presets file read into library queries: its documented shape, the entries
 * it skips (each named, the rest kept), hostile names, and YAML that is odd or is no list at all.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  MAX_PRESET_NAME_CHARS,
  PresetsFileError,
  readPuppetboardPresets,
} from '../../../../src/shared/queryLibrary/puppetboardPresets';

describe("Puppetboard's query presets", () => {
  test('the documented list: name, description, multi-line query, endpoint pql, raw_json', () => {
    const { presets, problems } = readPuppetboardPresets(`# === Node Queries ===
- name: "All Nodes"
  description: "List all nodes with basic info"
  query: 'nodes[certname, catalog_timestamp] {}'
  endpoint: pql
  raw_json: false

- name: "Node Count by Environment"
  query: |
    nodes[count(), catalog_environment] {
      group by catalog_environment
    }
`);
    assert.deepEqual(problems, []);
    assert.deepEqual(presets, [
      {
        name: 'All Nodes',
        description: 'List all nodes with basic info',
        query: 'nodes[certname, catalog_timestamp] {}',
      },
      {
        name: 'Node Count by Environment',
        query: 'nodes[count(), catalog_environment] {\n  group by catalog_environment\n}',
      },
    ]);
  });

  test('invalid entries are named with their reason, and the valid ones still come', () => {
    const { presets, problems } = readPuppetboardPresets(`
- name: Good
  query: nodes[certname] {}
- just a string
- name: No query
- query: nodes[certname] {}
- name: AST
  query: '"=", "facts.os.name", "Ubuntu"'
  endpoint: nodes
- name: Empty
  query: "   "
- name: good
  query: nodes[certname] { limit 1 }
- name: Listed query
  query: [a, b]
- name: Described by a list
  query: nodes {}
  description: [x]
`);
    assert.deepEqual(
      presets.map((preset) => preset.name),
      ['Good'],
    );
    assert.deepEqual(problems, [
      { position: 2, reason: 'it is not a preset (a mapping with "name" and "query")' },
      { position: 3, name: 'No query', reason: 'it has no "query"' },
      { position: 4, reason: 'it has no "name"' },
      {
        position: 5,
        name: 'AST',
        reason: 'its endpoint is "nodes", not "pql": only PQL queries can be run from the library',
      },
      { position: 6, name: 'Empty', reason: '"query" is empty' },
      { position: 7, name: 'good', reason: 'an earlier preset has this name' },
      { position: 8, name: 'Listed query', reason: '"query" is not text' },
      { position: 9, name: 'Described by a list', reason: '"description" is not text' },
    ]);
  });

  test('hostile names stay text: links, icons, line breaks become one line, an overlong name is refused', () => {
    const long = 'x'.repeat(MAX_PRESET_NAME_CHARS + 1);
    const { presets, problems } = readPuppetboardPresets(`
- name: "[click](command:workbench.action.quit) $(alert)"
  query: nodes {}
- name: "two\\nlines\\t here"
  query: nodes {}
- name: ${long}
  query: nodes {}
- name: 404
  query: nodes {}
- name: yes
  query: nodes {}
`);
    assert.deepEqual(
      presets.map((preset) => preset.name),
      ['[click](command:workbench.action.quit) $(alert)', 'two lines here', '404', 'true'],
    );
    assert.equal(problems.length, 1);
    assert.match(problems[0]!.reason, /longer than 200 characters/);
  });

  test('a map of name to preset is read too, its key the name unless it has one', () => {
    const { presets, problems } = readPuppetboardPresets(`
Failed:
  query: nodes[certname] { latest_report_status = "failed" }
Other:
  name: Renamed
  query: nodes {}
Broken: 3
`);
    assert.deepEqual(
      presets.map((preset) => preset.name),
      ['Failed', 'Renamed'],
    );
    assert.deepEqual(problems, [
      {
        position: 3,
        name: 'Broken',
        reason: 'it is not a preset (a mapping with "name" and "query")',
      },
    ]);
  });

  test('a file with no presets at all is refused whole, saying why', () => {
    assert.throws(() => readPuppetboardPresets(''), PresetsFileError);
    assert.throws(() => readPuppetboardPresets('# only a comment\n'), /empty/);
    assert.throws(() => readPuppetboardPresets('just text'), /YAML list of presets/);
    assert.throws(() => readPuppetboardPresets('- name: [unclosed\n'), /not valid YAML/);
    assert.throws(() => readPuppetboardPresets('{"a": 1'), /not valid YAML/);
  });

  test('odd YAML: anchors and aliases, a billion laughs, tags, duplicate keys', () => {
    const { presets } = readPuppetboardPresets(`
- &base
  name: Base
  query: nodes {}
- <<: *base
  name: Derived
- name: Twice
  name: Second
  query: nodes {}
`);
    assert.deepEqual(
      presets.map((preset) => preset.name),
      ['Base', 'Derived', 'Second'],
    );
    const laughs = [
      'a: &a ["x","x","x","x","x","x","x","x","x","x"]',
      ...Array.from({ length: 8 }, (_, level) => {
        const name = String.fromCharCode(98 + level);
        const previous = String.fromCharCode(97 + level);
        return `${name}: &${name} [${Array(10).fill(`*${previous}`).join(',')}]`;
      }),
    ].join('\n');
    assert.throws(() => readPuppetboardPresets(laughs), PresetsFileError);
    const tagged = readPuppetboardPresets('- name: !!binary aGVsbG8=\n  query: nodes {}\n');
    assert.deepEqual(tagged.presets, [{ name: 'hello', query: 'nodes {}' }]);
  });
});
