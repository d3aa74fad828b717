import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SliceSizer } from '../../../../src/webview/graph/sliceSizer';

describe('slice sizer', () => {
  test('starts with the first size, then fits the budget at the cost seen, at most doubling', () => {
    const sizer = new SliceSizer(50, 25);
    assert.equal(sizer.next(), 50);
    sizer.took(50, 5); // 0.1 ms an element: 250 would fit
    assert.equal(sizer.next(), 100);
    sizer.took(100, 10);
    assert.equal(sizer.next(), 200);
    sizer.took(200, 20);
    assert.equal(sizer.next(), 250);
  });

  test('a costlier slice shrinks the next one at once; a cheaper one lets it grow back halfway', () => {
    const sizer = new SliceSizer(100, 25);
    sizer.next();
    sizer.took(100, 10); // 0.1 ms
    assert.equal(sizer.next(), 200);
    sizer.took(200, 100); // 0.5 ms: a garbage collection, say
    assert.equal(sizer.next(), 50);
    sizer.took(50, 5); // 0.1 ms again: the estimate is halfway, 0.3 ms
    assert.equal(sizer.next(), 83);
  });

  test('never fewer than ten, however costly', () => {
    const sizer = new SliceSizer(50, 25);
    sizer.next();
    sizer.took(50, 5000);
    assert.equal(sizer.next(), 10);
  });
});
