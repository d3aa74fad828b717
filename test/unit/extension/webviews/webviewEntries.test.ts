/**
 * Every webview entry (a src/webview/<entry>/main.ts) is a whole view: the build bundles it, the
 * protocol lists it with its schema, ids.ts gives it a view type whose `onWebviewPanel:`
 * activation event package.json has (VS Code activates the extension to revive it), the
 * composition root gives it a panel definition (its reviver), and its page carries the CSP. And
 * nothing of a view is left without its entry.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import ts from 'typescript';
import { webviewEntries } from '../../../../scripts/build/webviewEntries.mjs';
import { WebviewPanels } from '../../../../src/extension/ids';
import { contentSecurityPolicy, webviewPage } from '../../../../src/extension/webviews/webviewPage';
import { viewSchemas, type WebviewEntry } from '../../../../src/shared/protocol';

const ENTRIES = webviewEntries();
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  activationEvents: string[];
};

/** The views the composition root defines panels for: the keys of its registerPanels map. */
function definedPanels(): string[] {
  const file = 'src/extension/extension.ts';
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022);
  const keys: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      node.expression.getText(source) === 'registerPanels' &&
      node.arguments[1] &&
      ts.isObjectLiteralExpression(node.arguments[1])
    ) {
      for (const property of node.arguments[1].properties) {
        if (property.name) keys.push(property.name.getText(source));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return keys.sort();
}

describe('Every webview entry is a whole view', () => {
  test('the build has entries (the walk works)', () => {
    assert.ok(ENTRIES.length >= 8, ENTRIES.join(', '));
    assert.ok(!ENTRIES.includes('common') && !ENTRIES.includes('components'));
  });

  test('each entry is in the protocol, with its schema; and the protocol has no other', () => {
    assert.deepEqual(Object.keys(viewSchemas).sort(), ENTRIES);
    for (const entry of ENTRIES as WebviewEntry[]) {
      const schema = viewSchemas[entry];
      assert.equal(typeof schema.restore, 'function', `${entry}: its restore schema`);
      assert.equal(typeof schema.shown, 'function', `${entry}: its kept content's schema`);
      assert.ok(schema.toHost.ready, `${entry}: its messages' schema takes "ready"`);
      assert.ok(schema.toHost.showLog, `${entry}: … and the error banner's Show Log`);
      assert.ok(schema.toHost.editConnection, `${entry}: … and its Edit Connection`);
    }
  });

  test('each entry has a view type in ids.ts, and its activation event in package.json', () => {
    assert.deepEqual(Object.keys(WebviewPanels).sort(), ENTRIES);
    const events = manifest.activationEvents.filter((event) => event.startsWith('onWebviewPanel:'));
    assert.deepEqual(
      events.sort(),
      ENTRIES.map((entry) => `onWebviewPanel:${WebviewPanels[entry as WebviewEntry]}`).sort(),
    );
  });

  test('each entry has a panel definition (its reviver) in the composition root', () => {
    assert.deepEqual(definedPanels(), ENTRIES);
  });

  test('the build bundles each entry (esbuild.mjs takes its list from the same walk)', () => {
    const build = readFileSync('esbuild.mjs', 'utf8');
    assert.match(build, /const webviewEntries = webviewEntriesOf\(\);/);
    assert.match(
      build,
      /webviewEntries\.map\(\(name\) => \[name, `src\/webview\/\$\{name\}\/main\.ts`\]\)/,
    );
  });

  test("each entry's page carries the CSP and runs only its own bundle", () => {
    for (const entry of ENTRIES as WebviewEntry[]) {
      const nonce = 'bm9uY2U=';
      const page = webviewPage({
        entry,
        title: entry,
        panelId: '0b7c6a9e-4f1d-4c2b-9a3e-5d6f7a8b9c0d',
        nonce,
        cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
        asset: (...path) => `https://assets/${path.join('/')}`,
        fileText: (...path) => `/* ${path.join('/')} */`,
      });
      const policy = contentSecurityPolicy('https://file+.vscode-resource.vscode-cdn.net', nonce);
      assert.ok(
        page.includes(`<meta http-equiv="Content-Security-Policy" content="${policy}">`),
        `${entry}: the CSP`,
      );
      assert.ok(page.includes(`/* dist/webview/${entry}.js */`), `${entry}: its bundle`);
      assert.ok(page.includes(`data-entry="${entry}"`), entry);
    }
  });
});
