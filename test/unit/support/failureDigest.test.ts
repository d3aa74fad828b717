/**
 * The digest of a failed e2e process (test/e2e/support/failureDigest.ts), which runAll.ts prints
 * again at the end of the run: each failed check with its reason, and only those; or, when no
 * check failed by name, the process's last lines.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { failureDigest } from '../../e2e/support/failureDigest';

describe('the digest of a failed e2e process', () => {
  test('keeps each failed check and its reason, and no passed check', () => {
    const output = [
      '== e2e: a11y.e2e.ts, hiera.e2e.ts (one process)',
      "the extension's log, its last lines:",
      '  ✔ dark: overview: no serious or critical axe violation',
      '  ✘ dark: events: every control shows its focus',
      'TimeoutError: locator.waitFor: Timeout 30000ms exceeded.',
      'Call log:',
      "  - waiting for locator('vscode-table')",
      '  ✔ light: overview: no serious or critical axe violation',
      '  ✘ the nodes cell shows the 39 active nodes on the grid',
      'AssertionError: 38 !== 39',
      'e2e notebook: 12 passed, 1 failed',
    ].join('\n');
    assert.deepEqual(failureDigest(output), [
      '  ✘ dark: events: every control shows its focus',
      'TimeoutError: locator.waitFor: Timeout 30000ms exceeded.',
      'Call log:',
      "  - waiting for locator('vscode-table')",
      '  ✘ the nodes cell shows the 39 active nodes on the grid',
      'AssertionError: 38 !== 39',
    ]);
  });

  test('cuts a long reason, saying how much it left out', () => {
    const reason = Array.from({ length: 20 }, (_, index) => `  at frame ${index}`);
    const digest = failureDigest(['  ✘ a check', 'Error: no', ...reason].join('\n'));
    assert.equal(digest.length, 13);
    assert.equal(digest[0], '  ✘ a check');
    assert.equal(digest.at(-1), '    … 10 more lines above');
  });

  test('without a failed check, keeps the last lines: a thrown error or a crash ends there', () => {
    const lines = Array.from({ length: 40 }, (_, index) => `line ${index}`);
    const output = `${lines.join('\r\n')}\nError: the workbench did not start\n`;
    const digest = failureDigest(output);
    assert.equal(digest.length, 30);
    assert.equal(digest.at(-1), 'Error: the workbench did not start');
    assert.equal(digest[0], 'line 11');
  });
});
