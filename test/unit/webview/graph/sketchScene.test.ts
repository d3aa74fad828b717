import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { DrawnEdge, DrawnNode } from '../../../../src/webview/graph/drawnGraph';
import {
  placeMarks,
  sketchSource,
  SketchScene,
  type SketchMarks,
} from '../../../../src/webview/graph/sketchScene';
import { darkPalette } from '../../../fixtures/graph/palette';

const palette = darkPalette;

const node = (id: string, x: number, y: number, diff: DrawnNode['diff'] = 'same'): DrawnNode => ({
  id,
  type: id.slice(0, id.indexOf('[')),
  label: id,
  members: 1,
  diff,
  width: 100,
  height: 20,
  x,
  y,
});
const edge = (source: string, target: string, group: DrawnEdge['group']): DrawnEdge => ({
  id: `${source} ${group} ${target}`,
  source,
  target,
  relationship: group === 'contains' ? 'contains' : group === 'refresh' ? 'notifies' : 'before',
  group,
  diff: 'same',
});

// three resources in a row, 200 apart; the fourth far off to the right
const nodes = [
  node('Class[Base]', 0, 0),
  node('Package[nginx]', 200, 0),
  node('Service[nginx]', 400, 0, 'removed'),
  node('File[/far]', 5000, 0),
];
const edges = [
  edge('Class[Base]', 'Package[nginx]', 'contains'),
  edge('Package[nginx]', 'Service[nginx]', 'refresh'),
  edge('Service[nginx]', 'File[/far]', 'ordering'),
  // an end that is not drawn (a hidden type): no line
  edge('Class[Base]', 'User[gone]', 'ordering'),
];
const source = sketchSource(nodes, edges);
const parts = new SketchScene(source.parts);
/** The scene as the far view uses it: the user's marks, by id, turned into places. */
type Batches = SketchScene['batches'];
const scene = {
  batches: (
    palette: Parameters<Batches>[0],
    viewport: Parameters<Batches>[1],
    size: Parameters<Batches>[2],
    marks: SketchMarks,
    options?: Parameters<Batches>[4],
  ) => parts.batches(palette, viewport, size, placeMarks(source.placeOf, marks), options),
};
const none: SketchMarks = { selected: undefined, matches: new Set() };
/** 1:1, the graph's origin at (100, 100) of a 600 × 300 view: x from -100 to 500 in view. */
const view = { zoom: 1, pan: { x: 100, y: 100 } };
const size = { width: 600, height: 300 };

/** Each batch as its colour and how many lines or boxes it has. */
function summary(
  batches: Array<{ look: { colour: string; fill?: string }; coordinates: number[] }>,
) {
  return batches.map(({ look, coordinates }) => ({
    colour: look.colour,
    fill: look.fill,
    count: coordinates.length / 4,
  }));
}

describe('graph sketch scene', () => {
  test('draws the boxes and lines in view, each look as one batch, and leaves out the rest', () => {
    const { lines, boxes } = scene.batches(palette, view, size, none);
    // File[/far] is out of view; its line from Service[nginx] crosses the view, so it is drawn
    assert.equal(
      boxes.reduce((sum, batch) => sum + batch.coordinates.length / 4, 0),
      3,
    );
    assert.deepEqual(
      lines.map((batch) => batch.coordinates),
      [
        [0, 0, 200, 0],
        [200, 0, 400, 0],
        [400, 0, 5000, 0],
      ],
    );
    // box coordinates are left, top, width and height
    assert.ok(boxes.some((batch) => batch.coordinates.join() === [-50, -10, 100, 20].join()));
  });

  test('looks come from the palette: containment faint, refresh dashed, a removed box faded', () => {
    const { lines, boxes } = scene.batches(palette, view, size, none);
    const [contains, refresh, ordering] = lines.map((batch) => batch.look);
    assert.equal(contains!.alpha, 0.3);
    assert.deepEqual(refresh!.dash, [6, 3]);
    assert.deepEqual(ordering!.dash, []);
    const removed = boxes.find((batch) => batch.look.colour === palette.removed)!;
    assert.equal(removed.look.alpha, 0.75);
    assert.equal(removed.coordinates.length, 4);
  });

  test('the selected resource is filled in the focus colour, over the rest; its edges too', () => {
    const marks: SketchMarks = { selected: 'Package[nginx]', matches: new Set(['Class[Base]']) };
    const { lines, boxes } = scene.batches(palette, view, size, marks);
    assert.deepEqual(summary(boxes).slice(-2), [
      { colour: palette.focus, fill: undefined, count: 1 },
      { colour: palette.focus, fill: palette.focus, count: 1 },
    ]);
    // both of its edges, last (over the others), in the focus colour
    assert.deepEqual(summary(lines).at(-1), { colour: palette.focus, fill: undefined, count: 2 });
    assert.equal(summary(lines).length, 2, 'the ordering edge, then the marked ones');
  });

  test('a selected removed resource keeps its faintness', () => {
    const marks: SketchMarks = { selected: 'Service[nginx]', matches: new Set() };
    const selected = scene.batches(palette, view, size, marks).boxes.at(-1)!;
    assert.equal(selected.look.fill, palette.focus);
    assert.equal(selected.look.alpha, 0.75);
  });

  test('while the camera moves, only the boxes', () => {
    const { lines, boxes } = scene.batches(palette, view, size, none, { lines: false });
    assert.deepEqual(lines, []);
    assert.equal(boxes.length > 0, true);
  });

  test('zoomed out, everything is in view; panned away, nothing is', () => {
    const far = scene.batches(palette, { zoom: 0.1, pan: { x: 10, y: 100 } }, size, none);
    assert.equal(
      far.boxes.reduce((sum, batch) => sum + batch.coordinates.length / 4, 0),
      4,
    );
    const away = scene.batches(palette, { zoom: 1, pan: { x: -20_000, y: 0 } }, size, none);
    assert.deepEqual([away.lines, away.boxes], [[], []]);
  });

  test('near, the lines with their arrowheads, and the boxes over them', () => {
    const { lines, arrows, boxes, labels } = scene.batches(palette, view, size, none, {
      lines: true,
      near: true,
    });
    assert.equal(
      boxes.reduce((sum, batch) => sum + batch.coordinates.length / 4, 0),
      3,
    );
    assert.deepEqual(labels, [], 'no labels unless asked for (the camera still moves)');
    assert.equal(lines.length, 3);
    // a containment has no arrowhead; the refresh and ordering edges one each, in their line's look
    assert.deepEqual(
      arrows.map(({ look, coordinates }) => ({ dash: look.dash, count: coordinates.length / 6 })),
      [
        { dash: [6, 3], count: 1 },
        { dash: [], count: 1 },
      ],
    );
    // cytoscape's triangle, 0.7 × 29 = 20.3 units: its tip mid-edge, pointing at the target, its
    // base 0.3 of that back along the edge and as wide
    const [tipX, tipY, leftX, leftY, rightX, rightY] = arrows[0]!.coordinates;
    assert.deepEqual([tipX, tipY], [300, 0]);
    assert.ok(Math.abs(leftX! - (300 - 6.09)) < 1e-9 && Math.abs(rightX! - leftX!) < 1e-9);
    assert.ok(Math.abs(Math.abs(leftY! - rightY!) - 6.09) < 1e-9);
  });

  test("near, the selected resource's edges and arrowheads are in the focus colour, over the rest", () => {
    const marks: SketchMarks = { selected: 'Service[nginx]', matches: new Set() };
    const { lines, arrows } = scene.batches(palette, view, size, marks, {
      lines: true,
      near: true,
    });
    assert.deepEqual(summary(lines).at(-1), { colour: palette.focus, fill: undefined, count: 2 });
    assert.deepEqual(
      arrows.map((batch) => [batch.look.colour, batch.coordinates.length / 6]),
      [[palette.focus, 2]],
    );
  });

  test('far, no arrowheads and no labels (too small to see)', () => {
    const far = scene.batches(palette, view, size, none, { lines: true, labels: true });
    assert.deepEqual([far.arrows, far.labels], [[], []]);
  });

  test('near with labels, each box in view gets its label at its centre, as text; the selection in its own colour', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const titled = sketchSource(
      [{ ...node('Notify[x]', 0, 0), label: hostile }, ...nodes.slice(1)],
      edges,
    );
    const near = new SketchScene(titled.parts).batches(
      palette,
      view,
      size,
      placeMarks(titled.placeOf, { selected: 'Package[nginx]', matches: new Set() }),
      { lines: true, near: true, labels: true },
    );
    assert.deepEqual(
      near.labels.map(({ colour, bold, labels }) => ({ colour, bold, labels })),
      [
        {
          colour: palette.foreground,
          bold: false,
          labels: [
            { text: hostile, x: 0, y: 0 },
            { text: 'Service[nginx]', x: 400, y: 0 },
          ],
        },
        {
          colour: palette.selectionForeground,
          bold: false,
          labels: [{ text: 'Package[nginx]', x: 200, y: 0 }],
        },
      ],
    );
  });

  test("near with labels, a collapsed container's label is bold", () => {
    const collapsed = sketchSource([{ ...node('Class[Base]', 0, 0), members: 4 }], []);
    const near = new SketchScene(collapsed.parts).batches(
      palette,
      view,
      size,
      placeMarks(collapsed.placeOf, none),
      {
        lines: true,
        near: true,
        labels: true,
      },
    );
    assert.deepEqual(
      near.labels.map(({ bold, labels }) => [bold, labels.map(({ text }) => text)]),
      [[true, ['Class[Base]']]],
    );
  });

  test('another palette gives other looks', () => {
    const light = { ...palette, muted: '#616161', types: palette.types.map(() => '#000000') };
    const { lines, boxes } = scene.batches(light, view, size, none);
    assert.equal(lines[0]!.look.colour, '#616161');
    assert.ok(boxes.some((batch) => batch.look.colour === '#000000'));
  });
});
