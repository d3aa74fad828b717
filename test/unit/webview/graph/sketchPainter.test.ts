import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { SketchRequest } from '../../../../src/webview/graph/sketchMessages';
import {
  SketchWorkers,
  type SketchWorker,
  type TransferableCanvas,
} from '../../../../src/webview/graph/sketchPainter';
import { sketchSource, type SketchDraw } from '../../../../src/webview/graph/sketchScene';
import { darkPalette } from '../../../fixtures/graph/palette';

/** A stand-in sketch worker: records what it is sent; answers a draw when the test says. */
class FakeWorker implements SketchWorker {
  onmessage: SketchWorker['onmessage'] = null;
  onerror: SketchWorker['onerror'] = null;
  onmessageerror: SketchWorker['onmessageerror'] = null;
  readonly sent: SketchRequest[] = [];
  readonly transferred: unknown[][] = [];
  terminated = false;

  terminate(): void {
    this.terminated = true;
  }

  postMessage(message: SketchRequest, transfer: Parameters<SketchWorker['postMessage']>[1]): void {
    this.sent.push(message);
    this.transferred.push(transfer);
  }
  /** The worker drew the last draw it was sent for `scene`. */
  drawn(scene = 0): void {
    const draw = this.sent
      .filter((message) => message.type === 'draw' && message.scene === scene)
      .at(-1);
    assert.ok(draw?.type === 'draw', 'a draw was sent');
    this.onmessage?.({ data: { type: 'drawn', scene, draw: draw.draw } });
  }
  draws(): number[] {
    return this.sent.flatMap((message) =>
      message.type === 'draw' ? [message.request.viewport.zoom] : [],
    );
  }
}

/** A canvas whose hand-over is recorded (or fails, as a canvas with a context of its own does). */
function canvas(fails = false): TransferableCanvas & { handedOver: number } {
  const offscreen = { offscreen: true } as unknown as ReturnType<
    TransferableCanvas['transferControlToOffscreen']
  >;
  return {
    handedOver: 0,
    transferControlToOffscreen() {
      if (fails) throw new Error('InvalidStateError');
      this.handedOver++;
      return offscreen;
    },
  };
}

const { parts } = sketchSource(
  [{ id: 'Class[a]', type: 'Class', members: 1, diff: 'same', width: 80, height: 20, x: 0, y: 0 }],
  [],
);
const draw = (zoom: number): SketchDraw => ({
  palette: darkPalette,
  viewport: { zoom, pan: { x: 0, y: 0 } },
  size: { width: 300, height: 200 },
  marks: { selected: -1, matches: [] },
  lines: true,
  near: false,
  labels: false,
  fontFamily: 'sans-serif',
});
/** Lets the promise callbacks queued so far run. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('sketch painters on the sketch worker', () => {
  test('the canvas and scene go to the worker once it has started; a paint resolves when it is drawn', async () => {
    const worker = new FakeWorker();
    const workers = new SketchWorkers(async () => worker);
    const target = canvas();
    const failures: string[] = [];
    const painter = workers.painter(target, parts, () => failures.push('failed'));
    let painted = false;
    const paint = painter.paint(draw(1)).then(() => (painted = true));
    await settled();
    assert.equal(target.handedOver, 1);
    assert.deepEqual(
      worker.sent.map((message) => message.type),
      ['scene', 'draw'],
    );
    const scene = worker.sent[0]!;
    assert.ok(scene.type === 'scene');
    assert.equal(scene.parts, parts, 'the scene parts as worked out');
    assert.deepEqual(
      worker.transferred[0],
      [
        scene.canvas,
        ...[parts.boxes, parts.nodeKindOf, parts.lines, parts.edgeKindOf, parts.ends].map(
          (array) => array.buffer,
        ),
      ],
      'the canvas and the arrays of the scene are handed over, not copied',
    );
    assert.equal(painted, false, 'not drawn yet');
    worker.drawn();
    await paint;
    assert.equal(painted, true);
    assert.deepEqual(failures, []);
  });

  test('draws asked for before the worker started: only the newest is sent', async () => {
    let started!: (worker: FakeWorker) => void;
    const worker = new FakeWorker();
    const painter = new SketchWorkers(
      () => new Promise<FakeWorker>((resolve) => (started = resolve)),
    ).painter(canvas(), parts, () => {});
    const paints = [painter.paint(draw(1)), painter.paint(draw(2))];
    await settled();
    started(worker);
    await settled();
    assert.deepEqual(worker.draws(), [2]);
    worker.drawn();
    await Promise.all(paints);
  });

  test('one draw in flight at a time: the newest waits, the ones it replaces are never sent', async () => {
    const worker = new FakeWorker();
    const painter = new SketchWorkers(async () => worker).painter(canvas(), parts, () => {});
    const done: number[] = [];
    const paint = (zoom: number) => painter.paint(draw(zoom)).then(() => done.push(zoom));
    const paints = [paint(1)];
    await settled();
    paints.push(paint(2), paint(3), paint(4));
    await settled();
    assert.deepEqual(worker.draws(), [1], 'the first draw only, while it is drawn');
    worker.drawn();
    await settled();
    assert.deepEqual(done, [1]);
    assert.deepEqual(worker.draws(), [1, 4], 'then the newest');
    worker.drawn();
    await Promise.all(paints);
    assert.deepEqual(done, [1, 2, 3, 4], 'each paint resolves once a draw as new is on the canvas');
  });

  test('a worker that does not start: each painter says so, and its paints resolve', async () => {
    const workers = new SketchWorkers(async () => {
      throw new Error('the sketch worker did not load (404)');
    });
    const target = canvas();
    const failures: number[] = [];
    const first = workers.painter(target, parts, () => failures.push(1));
    await first.paint(draw(1));
    assert.deepEqual(failures, [1]);
    assert.equal(target.handedOver, 0, 'the canvas stays on the page');
    // a later drawing's painter fails at once
    const second = workers.painter(canvas(), parts, () => failures.push(2));
    await second.paint(draw(1));
    assert.deepEqual(failures, [1, 2]);
  });

  test('a worker that fails later: every painter on it says so, a paint in flight resolves', async () => {
    const worker = new FakeWorker();
    const workers = new SketchWorkers(async () => worker);
    const failures: number[] = [];
    const first = workers.painter(canvas(), parts, () => failures.push(1));
    const second = workers.painter(canvas(), parts, () => failures.push(2));
    const inFlight = first.paint(draw(1));
    await settled();
    worker.onerror?.({ message: 'the worker crashed' });
    await inFlight;
    assert.deepEqual(failures, [1, 2]);
    assert.ok(worker.terminated, 'the failed worker is stopped');
    assert.ok(workers.failed, 'the next drawing can start a fresh one');
    const sent = worker.sent.length;
    await second.paint(draw(2));
    assert.equal(worker.sent.length, sent, 'nothing more is sent to a failed worker');
  });

  test('a canvas that cannot be handed over: its painter fails, the others go on', async () => {
    const worker = new FakeWorker();
    const workers = new SketchWorkers(async () => worker);
    const failures: string[] = [];
    const refused = workers.painter(canvas(true), parts, () => failures.push('refused'));
    await refused.paint(draw(1));
    assert.deepEqual(failures, ['refused']);
    const other = workers.painter(canvas(), parts, () => failures.push('other'));
    const paint = other.paint(draw(1));
    await settled();
    worker.drawn(1);
    await paint;
    assert.deepEqual(failures, ['refused']);
  });

  test('a removed drawing: the worker is told to let it go, and a late answer is ignored', async () => {
    const worker = new FakeWorker();
    const painter = new SketchWorkers(async () => worker).painter(canvas(), parts, () => {});
    const paint = painter.paint(draw(1));
    await settled();
    painter.dispose();
    await paint;
    await settled();
    assert.deepEqual(worker.sent.at(-1), { type: 'forget', scene: 0 });
    worker.drawn();
    await painter.paint(draw(2));
    assert.deepEqual(worker.draws(), [1], 'a removed drawing draws nothing more');
  });
});
