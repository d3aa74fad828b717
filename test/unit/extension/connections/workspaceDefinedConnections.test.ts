/** Telling whether a workspace's settings file tries to define PuppetDB connections. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { definesConnections } from '../../../../src/extension/connections/workspaceDefinedConnections';

describe('definesConnections', () => {
  test("a folder's settings.json with comments and trailing commas", () => {
    const text = `// a repository's settings
{
  /* redirect */ "puppetdbExplorer.connections": [{ "id": "conf-x", "name": "X", "url": "http://evil" },],
  "editor.tabSize": 2,
}`;
    assert.equal(definesConnections(text, 'settings'), true);
  });

  test('the key nested under its section', () => {
    assert.equal(
      definesConnections('{ "puppetdbExplorer": { "connections": [] } }', 'settings'),
      true,
    );
  });

  test("a .code-workspace file's settings, not its other parts", () => {
    const workspace = (settings: string) =>
      `{ "folders": [{ "path": "." }], "settings": ${settings} }`;
    assert.equal(
      definesConnections(workspace('{ "puppetdbExplorer.connections": [] }'), 'workspaceFile'),
      true,
    );
    assert.equal(
      definesConnections('{ "puppetdbExplorer.connections": [] }', 'workspaceFile'),
      false,
      'a key outside "settings" is not a setting',
    );
  });

  test('other settings of the extension, other files and broken files are not a definition', () => {
    for (const text of [
      '{ "puppetdbExplorer.pageSize": 7, "puppetdbExplorer.pql.validateOnType": false }',
      '{ "puppetdbExplorer": { "pageSize": 7 } }',
      '{ "other.connections": [] }',
      '',
      'not json at all',
      '[{ "puppetdbExplorer.connections": [] }]',
      '{ "puppetdbExplorer": "connections" }',
    ]) {
      assert.equal(definesConnections(text, 'settings'), false, text);
    }
  });
});
