/**
 * The export handshake's host half: a picture is written only to a file the user chose in the
 * save dialog for it, once, with the token given for that choice.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ExportGate } from '../../../../src/extension/graph/exportGate';

/** A save dialog that answers `file` (undefined: cancelled), counting how often it opened. */
function dialog(file: string | undefined) {
  const opened = { count: 0 };
  return { opened, choose: () => (opened.count++, Promise.resolve(file)) };
}

describe('export gate', () => {
  test('a picture nobody asked for goes nowhere', () => {
    const gate = new ExportGate<string>();
    const taken = gate.take('0'.repeat(32), 'svg');
    assert.deepEqual(taken, { problem: 'no export was asked for in the save dialog' });
  });

  test('the file chosen in the dialog takes one picture, with its token, once', async () => {
    const gate = new ExportGate<string>();
    const { opened, choose } = dialog('/home/me/graph.svg');
    const asked = await gate.ask('svg', choose);
    assert.equal(opened.count, 1);
    assert.equal(asked.outcome, 'granted');
    const { token } = asked as { token: string };
    assert.match(token, /^[0-9a-f]{32}$/);
    assert.deepEqual(gate.take(token, 'svg'), { target: '/home/me/graph.svg' });
    // the same token again: written once already
    assert.ok('problem' in gate.take(token, 'svg'));
  });

  test('a cancelled dialog gives no token: a picture sent anyway goes nowhere', async () => {
    const gate = new ExportGate<string>();
    assert.deepEqual(await gate.ask('png', dialog(undefined).choose), { outcome: 'cancelled' });
    assert.ok('problem' in gate.take('anything', 'png'));
  });

  test('a wrong token, or the other format, is refused and uses the choice up', async () => {
    for (const [token, format] of [
      ['f'.repeat(32), 'png'],
      [undefined, 'svg'],
    ] as const) {
      const gate = new ExportGate<string>();
      const asked = await gate.ask('png', dialog('/tmp/x.png').choose);
      const given = (asked as { token: string }).token;
      const taken = gate.take(token ?? given, format);
      assert.ok('problem' in taken, JSON.stringify(taken));
      // not even the right one after that
      assert.ok('problem' in gate.take(given, 'png'));
    }
  });

  test('no second dialog over an open one; a new request withdraws the token before it', async () => {
    const gate = new ExportGate<string>();
    const first = await gate.ask('svg', dialog('/tmp/a.svg').choose);
    let answer: (file: string | undefined) => void = () => undefined;
    const pending = gate.ask('svg', () => new Promise((resolve) => (answer = resolve)));
    // while the dialog is open: the first token is withdrawn, and no other dialog opens
    const { opened, choose } = dialog('/tmp/c.svg');
    assert.deepEqual(await gate.ask('svg', choose), { outcome: 'busy' });
    assert.equal(opened.count, 0);
    assert.ok('problem' in gate.take((first as { token: string }).token, 'svg'));
    answer('/tmp/b.svg');
    const second = await pending;
    assert.equal(second.outcome, 'granted');
    assert.deepEqual(gate.take((second as { token: string }).token, 'svg'), {
      target: '/tmp/b.svg',
    });
  });

  test('a dialog that fails leaves the gate open for the next request', async () => {
    const gate = new ExportGate<string>();
    await assert.rejects(gate.ask('svg', () => Promise.reject(new Error('no dialog'))));
    assert.equal((await gate.ask('svg', dialog('/tmp/d.svg').choose)).outcome, 'granted');
  });
});
