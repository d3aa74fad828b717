import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  MergedRun,
  OWN_CONNECTION_COLUMN,
  connectionLabels,
  taggedRow,
} from '../../../src/shared/multiConnection/mergedRun';

describe('a query merged across connections', () => {
  it('tags each row with its connection, first, keeping its own fields in order', () => {
    const row = taggedRow('dc-east', { certname: 'a.example', count: 3 });
    assert.deepEqual(Object.keys(row), ['connection', 'certname', 'count']);
    assert.deepEqual(row, { connection: 'dc-east', certname: 'a.example', count: 3 });
  });

  it('keeps a row’s own `connection` field apart, and wraps a value that is not an object', () => {
    assert.deepEqual(taggedRow('east', { connection: 'ssh' }), {
      connection: 'east',
      [OWN_CONNECTION_COLUMN]: 'ssh',
    });
    assert.deepEqual(taggedRow('east', 42), { connection: 'east', value: 42 });
    assert.deepEqual(taggedRow('east', null), { connection: 'east', value: null });
    assert.deepEqual(taggedRow('east', [1]), { connection: 'east', value: [1] });
  });

  it('numbers connections that share a name, so every row still says where it came from', () => {
    assert.deepEqual(connectionLabels(['east', 'west', 'east', 'east']), [
      'east',
      'west',
      'east (2)',
      'east (3)',
    ]);
    // a numbered label never takes another connection's own name
    assert.deepEqual(connectionLabels(['a', 'a', 'a (2)']), ['a', 'a (3)', 'a (2)']);
  });

  it('counts rows and totals per connection, and the whole', () => {
    const run = new MergedRun(['east', 'west']);
    const east = run.add(0, [{ certname: 'e1' }, { certname: 'e2' }]);
    const west = run.add(1, [{ certname: 'w1' }]);
    assert.deepEqual(
      [...east, ...west].map((row) => row.connection),
      ['east', 'east', 'west'],
    );
    assert.equal(run.state, 'running');
    run.end(0, { state: 'done', total: 40 });
    assert.equal(run.state, 'running');
    assert.equal(run.total, 40, 'the answered connections’ totals');
    run.end(1, { state: 'done', total: 12 });
    assert.equal(run.state, 'done');
    assert.equal(run.rows, 3);
    assert.equal(run.total, 52);
    assert.deepEqual(
      run.tallies.map(({ name, rows, total }) => ({ name, rows, total })),
      [
        { name: 'east', rows: 2, total: 40 },
        { name: 'west', rows: 1, total: 12 },
      ],
    );
  });

  it('shows a failing connection’s error beside the others’ rows: the run is done, not failed', () => {
    const run = new MergedRun(['east', 'down']);
    run.add(0, [{ certname: 'e1' }]);
    run.end(1, { state: 'error', error: 'connect ECONNREFUSED 127.0.0.1:1' });
    run.end(0, { state: 'done' });
    assert.equal(run.state, 'done');
    assert.equal(run.rows, 1);
    assert.deepEqual(
      run.failed.map(({ name, error }) => ({ name, error })),
      [{ name: 'down', error: 'connect ECONNREFUSED 127.0.0.1:1' }],
    );
    assert.equal(run.total, undefined, 'no total when the answering one gave none');
  });

  it('fails as a whole only when every connection failed', () => {
    const run = new MergedRun(['a', 'b']);
    run.end(0, { state: 'error', error: 'one' });
    run.end(1, { state: 'error', error: 'two' });
    assert.equal(run.state, 'error');
  });

  it('cancels what still runs, keeping how the others ended; a later end changes nothing', () => {
    const run = new MergedRun(['a', 'b', 'c']);
    run.end(0, { state: 'done', total: 1 });
    run.end(1, { state: 'error', error: 'refused' });
    run.cancelRunning();
    assert.deepEqual(
      run.tallies.map((tally) => tally.state),
      ['done', 'error', 'cancelled'],
    );
    assert.equal(run.state, 'cancelled');
    run.end(2, { state: 'done', total: 5 });
    assert.equal(run.tallies[2]!.state, 'cancelled');
  });

  it('stops what still runs at the panel’s limit as truncated, not cancelled', () => {
    const run = new MergedRun(['a', 'b']);
    run.add(0, [{}, {}]);
    run.end(0, { state: 'done', total: 2 });
    run.truncateRunning();
    assert.equal(run.state, 'done');
    assert.deepEqual(run.tallies[1], { name: 'b', state: 'done', rows: 0, truncated: true });
  });
});
