import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  changeKind,
  commitOf,
  commitPattern,
  commitRange,
  isUnchangedWithErrors,
  lastSuccessfulRun,
  noSuccessWithin,
  runSummaryOf,
} from '../../../../src/shared/history';
import { history, run } from './runs';

describe('health signals', () => {
  test('the last successful run is the newest that did not fail, noop and cached ones too', () => {
    const runs = history('FFUF');
    assert.equal(lastSuccessfulRun(runs), runs[2]);
    assert.equal(lastSuccessfulRun(history('FF')), undefined);
  });

  test('no successful run within a threshold, or none kept at all', () => {
    const runs = history('FFU'); // the good run ended an hour before the newest
    const newest = Date.parse(runs[0]!.endTime);
    assert.equal(noSuccessWithin(runs, 2, new Date(newest)), false);
    assert.equal(noSuccessWithin(runs, 0.5, new Date(newest)), true);
    assert.equal(noSuccessWithin(history('F'), 1000, new Date(newest)), true);
  });

  test('unchanged with errors: not failed, and an err-level line', () => {
    const errors = [{ level: 'notice' }, { level: 'err' }];
    assert.equal(isUnchangedWithErrors(run(0, 'unchanged'), errors), true);
    assert.equal(isUnchangedWithErrors(run(0, 'changed'), errors), true);
    assert.equal(isUnchangedWithErrors(run(0, 'failed'), errors), false);
    assert.equal(isUnchangedWithErrors(run(0, 'unchanged'), [{ level: 'warning' }]), false);
  });

  test('corrective, intentional, and unknown when PuppetDB stored nothing', () => {
    assert.equal(changeKind(true), 'corrective');
    assert.equal(changeKind(false), 'intentional');
    assert.equal(changeKind(null), 'unknown');
    assert.equal(changeKind(undefined), 'unknown');
    assert.equal(runSummaryOf({ certname: 'a', hash: 'h', end_time: 't' })?.correctiveChange, null);
    assert.equal(runSummaryOf({ certname: 'a', hash: 'h' }), undefined);
  });
});

describe('commits of configuration versions', () => {
  test('a hex id is a commit (a timestamp is not); anything else only through a pattern', () => {
    assert.equal(
      commitOf('9FCEB02D0AE598E95DC970B74767F19372D61AF8'),
      '9fceb02d0ae598e95dc970b74767f19372d61af8',
    );
    // Puppet's default: the compile time, not a commit
    assert.equal(commitOf('1732864057'), undefined);
    assert.equal(commitOf('production-9fceb02'), undefined);
    const pattern = commitPattern('-([0-9a-f]+)$');
    assert.ok(pattern instanceof RegExp);
    assert.equal(commitOf('production-9fceb02', pattern), '9fceb02');
    assert.equal(commitOf('production-xyz', pattern), undefined);
    assert.deepEqual(commitPattern('('), { error: commitPatternError('(') });
  });

  test('a range between two different commits', () => {
    assert.deepEqual(commitRange('abcdef1', 'abcdef2'), { from: 'abcdef1', to: 'abcdef2' });
    assert.equal(commitRange('abcdef1', 'ABCDEF1'), undefined);
    assert.equal(commitRange(null, 'abcdef2'), undefined);
  });
});

function commitPatternError(source: string): string {
  try {
    new RegExp(source);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}
