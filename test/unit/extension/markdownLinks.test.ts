/**
 * A command link's arguments, encoded whole: nothing in them (a manifest's class name, a .pql
 * file's fact) can end the link and start another that the same trusted command would run.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { encodedCommandArguments } from '../../../src/extension/markdownLinks';

const HOSTILE = [
  ') [x](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%22%7D)',
  "it's (quoted) *bold* !important",
  '$(alert) <img src=x onerror=alert(1)> \\ ` ~',
  'Grüße 😀 \u202e',
];

describe('command link arguments', () => {
  test('only letters, digits, "-_.~" and percent escapes: no ")" or space ends the link', () => {
    for (const value of HOSTILE) {
      assert.match(encodedCommandArguments([{ name: value }]), /^[A-Za-z0-9%._~-]*$/, value);
    }
  });

  test('VS Code gets the same arguments back, and the link target is the whole of them', () => {
    for (const value of HOSTILE) {
      const args = [{ connectionId: 'a', kind: 'class', name: value }, 42];
      const link = `[Show](command:x.show?${encodedCommandArguments(args)})`;
      // a markdown link's destination ends at the first ")" or space
      const [, target] = /\]\(([^)\s]*)\)/.exec(link)!;
      const query = target!.slice(target!.indexOf('?') + 1);
      assert.deepEqual(JSON.parse(decodeURIComponent(query)), args);
      assert.equal([...link.matchAll(/\]\(/g)].length, 1, link);
    }
  });
});
