import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  failingSince,
  feedPage,
  MAX_WALKED_RUNS,
  START,
  type FailingSinceState,
  type RunSummary,
} from '../../../../src/shared/history';
import { assertProperty } from '../../properties/support/property';
import { history } from './runs';

/** Feeds pages of `pageSize` until the walk is done, as the service does; returns the pages read. */
function walk(runs: readonly RunSummary[], pageSize: number) {
  let state: FailingSinceState = START;
  let pages = 0;
  for (let offset = 0; !state.done; offset += pageSize) {
    pages++;
    state = feedPage(state, runs.slice(offset, offset + pageSize), pageSize);
  }
  return { answer: failingSince(state), pages, state };
}

describe('failing since', () => {
  test('finds the first bad run, the last good one and the bad runs since', () => {
    const runs = history('FFFCUFFU');
    const { answer } = walk(runs, 100);
    assert.equal(answer.failing, true);
    assert.equal(answer.firstBad, runs[2]);
    assert.equal(answer.lastGood, runs[3]);
    assert.deepEqual(answer.badRuns, runs.slice(0, 3));
    assert.equal(answer.failingAsFarBackAsKept, false);
  });

  test('a node whose latest run is good is not failing, and one page is enough', () => {
    const { answer, pages } = walk(history('CFFF'), 2);
    assert.deepEqual(
      { failing: answer.failing, firstBad: answer.firstBad, lastGood: answer.lastGood },
      { failing: false, firstBad: undefined, lastGood: undefined },
    );
    assert.equal(pages, 1);
  });

  test('stops at the page that holds the last good run', () => {
    const runs = history(`${'F'.repeat(25)}U${'U'.repeat(100)}`);
    const { answer, pages, state } = walk(runs, 10);
    assert.equal(pages, 3);
    assert.equal(state.runsRead, 26);
    assert.equal(answer.badRuns.length, 25);
    assert.equal(answer.lastGood, runs[25]);
  });

  test('a history that ends while failing says so, and has no last good run', () => {
    const runs = history('FFFFF');
    const { answer, pages } = walk(runs, 5);
    // a full page may not be the end: one more (empty) page says it is
    assert.equal(pages, 2);
    assert.equal(answer.failingAsFarBackAsKept, true);
    assert.equal(answer.lastGood, undefined);
    assert.equal(answer.firstBad, runs[4]);
  });

  test('a server whose pages never end is walked no further than MAX_WALKED_RUNS runs', () => {
    // full pages of failed runs, each new, without end
    const runs = history('F'.repeat(MAX_WALKED_RUNS + 1000));
    let state: FailingSinceState = START;
    let pages = 0;
    while (!state.done && pages <= MAX_WALKED_RUNS / 100) {
      state = feedPage(state, runs.slice(pages * 100, pages * 100 + 100), 100);
      pages++;
    }
    assert.equal(pages, MAX_WALKED_RUNS / 100);
    assert.equal(state.runsRead, MAX_WALKED_RUNS);
    const answer = failingSince(state);
    assert.equal(answer.walkStopped, true);
    assert.equal(answer.failingAsFarBackAsKept, false, 'it is not the end of the history');
    assert.equal(answer.badRuns.length, MAX_WALKED_RUNS);
    assert.equal(answer.lastGood, undefined);
  });

  test('a page that crosses MAX_WALKED_RUNS is read up to it', () => {
    const runs = history('F'.repeat(MAX_WALKED_RUNS + 1000));
    let state: FailingSinceState = START;
    for (let pages = 0; !state.done && pages < MAX_WALKED_RUNS / 100; pages++) {
      state = feedPage(state, runs.slice(pages * 300, pages * 300 + 300), 300);
    }
    assert.equal(state.done, true);
    assert.equal(state.runsRead, MAX_WALKED_RUNS);
    assert.equal(failingSince(state).walkStopped, true);
  });

  test('runs sent again count once, and a full page of nothing new ends the walk', () => {
    // a server that ignores the page's bound: the same full page, over and over
    const page = history('FFFFF');
    let state: FailingSinceState = START;
    let pages = 0;
    while (!state.done && pages < 10) {
      state = feedPage(state, page, page.length);
      pages++;
    }
    assert.equal(pages, 2, 'the second page brought nothing new');
    assert.equal(state.runsRead, 5);
    const answer = failingSince(state);
    assert.deepEqual(answer.badRuns, page);
    assert.equal(answer.walkStopped, true);
    assert.equal(answer.failingAsFarBackAsKept, false, 'it is not the end of the history');
    // a page half of runs already read goes on with the new ones
    const next = feedPage(
      feedPage(START, page, 5),
      [...page.slice(3), ...history('FFFFFFFF').slice(5)],
      5,
    );
    assert.equal(next.runsRead, 8);
    assert.equal(next.done, false);
  });

  test('a good run at the last run the walk reads still ends the streak', () => {
    const runs = history(`${'F'.repeat(MAX_WALKED_RUNS - 1)}U`);
    const { answer } = walk(runs, 100);
    assert.equal(answer.walkStopped, false);
    assert.equal(answer.lastGood, runs.at(-1));
    assert.equal(answer.badRuns.length, MAX_WALKED_RUNS - 1);
  });

  test('a page fed after the answer changes nothing', () => {
    const done = feedPage(START, history('FU'), 10);
    assert.equal(feedPage(done, history('FFFF'), 10), done);
  });

  test('what a bad run is can be asked (a failing resource)', () => {
    const runs = history('FFFF');
    const failingResourceIn = new Set([runs[0]!.hash, runs[1]!.hash]);
    const state = feedPage(START, runs, 10, (run) => failingResourceIn.has(run.hash));
    const answer = failingSince(state);
    assert.equal(answer.firstBad, runs[1]);
    assert.equal(answer.lastGood, runs[2]);
  });

  test('property: any page size gives the answer of one scan of the whole history', (t) => {
    assertProperty(
      t,
      fc.property(
        fc.array(fc.constantFrom('F', 'C', 'U'), { maxLength: 60 }),
        fc.integer({ min: 1, max: 70 }),
        (letters, pageSize) => {
          const runs = history(letters.join(''));
          const { answer, state } = walk(runs, pageSize);
          const streak = runs.findIndex((candidate) => candidate.status !== 'failed');
          const bad = streak < 0 ? runs : runs.slice(0, streak);
          assert.deepEqual(answer.badRuns, bad);
          assert.equal(answer.failing, bad.length > 0);
          assert.equal(answer.lastGood, bad.length > 0 && streak >= 0 ? runs[streak] : undefined);
          assert.equal(answer.failingAsFarBackAsKept, bad.length > 0 && streak < 0);
          // never reads past the page that decided it
          const needed = streak < 0 ? runs.length : streak + 1;
          assert.ok(state.runsRead <= Math.ceil(needed / pageSize) * pageSize);
        },
      ),
    );
  });
});
