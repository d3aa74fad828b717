/**
 * The Content Security Policy of every view's page, as the host writes it: strict, with
 * `base-uri 'none'` and `form-action 'none'` (which `default-src` does not cover).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { webviewPage } from '../../../../src/extension/webviews/webviewPage';
import { viewSchemas, type WebviewEntry } from '../../../../src/shared/protocol';

/** Every view (the schema map must name each entry of the protocol, or it does not compile). */
const ENTRIES = Object.keys(viewSchemas) as WebviewEntry[];
const CSP_SOURCE = 'https://file+.vscode-resource.vscode-cdn.net';

/** The page of `entry` as webviewHtml writes it, its files' text stood in for. */
function page(entry: WebviewEntry, nonce: string): string {
  return webviewPage({
    entry,
    title: `A title with "quotes" & <markup>`,
    panelId: '0b7c6a9e-4f1d-4c2b-9a3e-5d6f7a8b9c0d',
    nonce,
    cspSource: CSP_SOURCE,
    asset: (...path) => `${CSP_SOURCE}/ext/${path.join('/')}`,
    fileText: (...path) => `/* ${path.join('/')} */`,
  });
}

/** The directives of the page's CSP meta element, by name. */
function policyOf(html: string): Map<string, string> {
  const metas = [
    ...html.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/g),
  ];
  assert.equal(metas.length, 1, 'one CSP');
  return new Map(
    metas[0]![1]!.split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name!, sources.join(' ')];
    }),
  );
}

describe('webview Content Security Policy', () => {
  test('every view has one', () => {
    assert.deepEqual([...ENTRIES].sort(), [
      'blastRadius',
      'compareRuns',
      'connectionsOverview',
      'events',
      'factExplorer',
      'graph',
      'inventory',
      'overview',
      'report',
      'results',
      'runs',
    ]);
  });

  for (const entry of ENTRIES) {
    test(`${entry}: no <base> and no form target; the strict directives kept`, () => {
      const nonce = `nonce-of-${entry}`;
      const policy = policyOf(page(entry, nonce));
      assert.equal(policy.get('base-uri'), "'none'");
      assert.equal(policy.get('form-action'), "'none'");
      assert.deepEqual(Object.fromEntries(policy), {
        'default-src': "'none'",
        'img-src': `${CSP_SOURCE} data: blob:`,
        'style-src': `${CSP_SOURCE} 'nonce-${nonce}'`,
        'font-src': CSP_SOURCE,
        'script-src': `'nonce-${nonce}'`,
        'connect-src': CSP_SOURCE,
        'worker-src': 'blob:',
        'base-uri': "'none'",
        'form-action': "'none'",
      });
    });
  }
});
