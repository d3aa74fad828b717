/**
 * External text is inert on every VS Code surface that parses it: the regular expressions below
 * are VS Code's own (a notification's links: base/common/linkedText.ts; icons:
 * base/common/iconLabels.ts), so the test fails if the neutraliser lets either parse.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { INERT_JOINER, INERT_MAX_CHARS, inert } from '../../../src/extension/inertText';

const VSCODE_LINK =
  /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/gi;
const VSCODE_ICON = /(\\)?\$\((\$|[a-z0-9-]+?(?:~[a-z0-9-]*?)?)\)/gi;

/** Our own words around external text, as l10n.t puts them together. */
const TEMPLATES = [
  '{0}',
  'Failed: {0}',
  '[{0}',
  '{0}](command:x)',
  '$(warning) {0}',
  '{0}({1})',
  '{0}{1}',
];

const HOSTILE = [
  '[x](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%22%7D)',
  '[open](https://evil.example/) and [file](file:///etc/passwd)',
  '$(alert) $(loading~spin) \\$(check)',
  '<img src=x onerror=alert(1)>',
  'line one\nline two\r\n[x](command:y)',
  '\u202eevil\u202c',
  'x'.repeat(10_000),
];

describe('inert text', () => {
  test('a link or an icon never parses, alone or between our words', () => {
    for (const value of HOSTILE) {
      for (const template of TEMPLATES) {
        for (const other of HOSTILE) {
          const text = template.replace('{0}', inert(value)).replace('{1}', inert(other));
          const ours = template.replace('{0}', '').replace('{1}', '');
          // only what our own template spells may parse
          assert.equal(countMatches(VSCODE_LINK, text), countMatches(VSCODE_LINK, ours), text);
          assert.equal(countMatches(VSCODE_ICON, text), countMatches(VSCODE_ICON, ours), text);
        }
      }
    }
  });

  test('it reads the same: only invisible joiners are added', () => {
    const value = 'Package[openssl] $(alert) [x](command:y) (x)';
    assert.equal(inert(value).replaceAll(INERT_JOINER, ''), value);
    // invisible, and no place to break a line
    assert.equal(INERT_JOINER, '\u2060');
  });

  test('one line, no control or bidirectional characters', () => {
    assert.equal(inert('a\nb\r\nc\td\u0007e'), 'a b c d e');
    assert.equal(inert('\u202eevil\u2066x\u2069'), 'evilx');
    assert.equal(inert('a\r\nb\n\tc', { multiline: true }), 'a\nb\n c');
  });

  test('a long line is cut on a whole character and says so', () => {
    assert.equal(Array.from(inert('x'.repeat(10_000))).length, INERT_MAX_CHARS);
    assert.ok(inert('x'.repeat(10_000)).endsWith('…'));
    const emoji = inert('😀'.repeat(20), { maxChars: 5 });
    assert.equal(emoji, '😀😀😀😀…');
    assert.equal(inert('short', { maxChars: 5 }), 'short');
  });

  test('anything becomes text', () => {
    assert.equal(inert(undefined), 'undefined');
    assert.equal(inert(42), '42');
    assert.equal(inert({ toString: () => '$(x)' }), '$\u2060(x)');
  });
});

function countMatches(pattern: RegExp, text: string): number {
  return [...text.matchAll(pattern)].length;
}
