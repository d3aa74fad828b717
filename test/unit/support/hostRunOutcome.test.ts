import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { judgeHostRuns, type HostRunReport } from '../../support/hostRunOutcome';

const run = (overrides: Partial<HostRunReport>): HostRunReport => ({
  name: 'trusted',
  code: 0,
  summary: 'vscode: 3 passed, 0 failed',
  grep: '',
  ...overrides,
});

describe('the extension-host run passes only when tests ran', () => {
  test('passing tests pass; a failing one fails', () => {
    assert.deepEqual(judgeHostRuns([run({})]), { code: 0, problems: [] });
    assert.equal(judgeHostRuns([run({ code: 1, summary: 'vscode: 2 passed, 1 failed' })]).code, 1);
  });

  test('a --grep that matches nothing fails', () => {
    const outcome = judgeHostRuns([
      run({ summary: 'vscode: 0 passed, 0 failed', grep: 'Renamed describe' }),
      run({ name: 'restricted', summary: 'vscode: 0 passed, 0 failed', grep: 'Renamed describe' }),
    ]);
    assert.equal(outcome.code, 1);
    assert.deepEqual(outcome.problems, ['no test matches --grep "Renamed describe"']);
  });

  test('a --grep that matches in one run only passes', () => {
    const outcome = judgeHostRuns([
      run({ grep: 'Load more' }),
      run({ name: 'restricted', summary: 'vscode: 0 passed, 0 failed', grep: 'Load more' }),
    ]);
    assert.deepEqual(outcome, { code: 0, problems: [] });
  });

  test('a run without a grep that found no test, or printed nothing, fails', () => {
    assert.equal(judgeHostRuns([run({ summary: 'vscode: 0 passed, 0 failed' })]).code, 1);
    const silent = judgeHostRuns([run({ summary: undefined })]);
    assert.equal(silent.code, 1);
    assert.deepEqual(silent.problems, [
      'the trusted run printed no result: its suites did not run',
    ]);
  });
});
