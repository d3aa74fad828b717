import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { zoomedAbout } from '../../../../src/webview/graph/viewport';

const range = { min: 0.02, max: 4 };

/** Where a graph point is drawn with a camera. */
const onScreen = (
  camera: { zoom: number; pan: { x: number; y: number } },
  x: number,
  y: number,
) => ({
  x: x * camera.zoom + camera.pan.x,
  y: y * camera.zoom + camera.pan.y,
});

describe("zoomedAbout (the sketch's camera while the elements go in)", () => {
  test('the point zoomed about stays where it is on screen', () => {
    const camera = { zoom: 0.1, pan: { x: 30, y: -40 } };
    const about = { x: 400, y: 250 };
    // the graph point under `about` before the zoom
    const graph = {
      x: (about.x - camera.pan.x) / camera.zoom,
      y: (about.y - camera.pan.y) / camera.zoom,
    };
    const zoomed = zoomedAbout(camera, 1.25, about, range);
    assert.equal(zoomed.zoom, 0.125);
    const after = onScreen(zoomed, graph.x, graph.y);
    assert.ok(Math.abs(after.x - about.x) < 1e-9 && Math.abs(after.y - about.y) < 1e-9);
  });

  test("the zoom stays in the view's range, and so does the point", () => {
    const camera = { zoom: 3.5, pan: { x: 0, y: 0 } };
    const zoomed = zoomedAbout(camera, 2, { x: 100, y: 100 }, range);
    assert.equal(zoomed.zoom, 4);
    const out = zoomedAbout({ zoom: 0.03, pan: { x: 5, y: 5 } }, 0.1, { x: 0, y: 0 }, range);
    assert.equal(out.zoom, 0.02);
    assert.deepEqual(zoomedAbout(camera, 1, { x: 7, y: 9 }, range), camera);
  });
});
