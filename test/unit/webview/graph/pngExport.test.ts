import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import cytoscape, { type Collection, type Core } from 'cytoscape';
import {
  EXPORT_DETAILED,
  exportPng,
  exportScale,
  PNG_MAX_PIXELS,
  PNG_MAX_SIDE,
} from '../../../../src/webview/graph/pngExport';

const LOTS = Number.MAX_SAFE_INTEGER;
const dataUrl = async (blob: Blob) =>
  `data:image/png;base64,${Buffer.from(await blob.arrayBuffer()).toString('base64')}`;

interface Drawn {
  scale: number;
  detailedNodes: number;
  detailedEdges: number;
}

/**
 * Boxes at the given places, each joined to the next. Its png() records what it was asked and
 * answers `charsPerPixel` characters per pixel of the picture asked for.
 */
function graph(places: Array<[number, number]>, charsPerPixel = 0) {
  const cy: Core = cytoscape({
    headless: true,
    styleEnabled: false,
    layout: { name: 'preset' },
    elements: [
      ...places.map(([x, y], index) => ({
        group: 'nodes' as const,
        data: { id: `n${index}` },
        position: { x, y },
      })),
      ...places.slice(1).map((_, index) => ({
        group: 'edges' as const,
        data: { id: `e${index}`, source: `n${index}`, target: `n${index + 1}` },
      })),
    ],
  });
  const drawn: Drawn[] = [];
  const box = cy.elements().boundingBox();
  (cy as unknown as { png: (options: { scale: number }) => Promise<Blob> }).png = ({ scale }) => {
    drawn.push({
      scale,
      detailedNodes: cy.nodes(`.${EXPORT_DETAILED}`).length,
      detailedEdges: cy.edges(`.${EXPORT_DETAILED}`).length,
    });
    const pixels = Math.ceil(box.w) * scale * Math.ceil(box.h) * scale;
    // what a PNG of that many bytes is as a data URL: four characters for three bytes
    return Promise.resolve(
      new Blob([new Uint8Array(Math.round((pixels * charsPerPixel * 3) / 4))]),
    );
  };
  const restyled: number[] = [];
  const restyle = (elements: Collection, work: () => void) => {
    restyled.push(elements.length);
    cy.batch(work);
  };
  /** The picture, as a big graph's (with `restyle`) unless `small`. */
  const exported = (maxChars = LOTS, small = false) =>
    exportPng(cy, { background: '#000', maxChars, restyle: small ? undefined : restyle, dataUrl });
  return { cy, drawn, restyle, restyled, exported };
}

describe('the PNG export', () => {
  test('is capped by its area, not each side, so a wide graph is drawn large enough for labels', async () => {
    const scale = exportScale({ w: 16_000, h: 8_000 });
    assert.ok(Math.abs(16_000 * scale * 8_000 * scale - PNG_MAX_PIXELS) < 1e3);
    // 8,000 px a side would have drawn it at half size, its labels 5.5 px tall
    assert.ok(scale > 0.7);
  });

  test('keeps each side within what Chromium draws', async () => {
    assert.equal(exportScale({ w: 20_000, h: 100 }), PNG_MAX_SIDE / 20_000);
  });

  test('a picture too small for labels anyway is at most 8,000 px a side', async () => {
    assert.equal(exportScale({ w: 40_000, h: 20_000 }), 8000 / 40_000);
  });

  test('blows a small graph up at most four times', async () => {
    assert.equal(exportScale({ w: 300, h: 200 }), 4);
  });

  test("a big graph's picture has every arrowhead and, at a legible scale, every label; the screen keeps its own", async () => {
    // about 12,000 × 4,000 at zoom 1: drawn at 0.8, where an 11 px label is 8.8 px tall
    const { cy, drawn, restyled, exported } = graph([
      [0, 0],
      [6_000, 4_000],
      [12_000, 0],
    ]);
    cy.$('#n1').addClass('detailed');
    const picture = (await exported())!;
    assert.equal(picture.labelled, true);
    assert.deepEqual(
      drawn.map(({ detailedNodes, detailedEdges }) => ({ detailedNodes, detailedEdges })),
      [{ detailedNodes: 3, detailedEdges: 2 }],
    );
    assert.equal(drawn[0]!.scale, picture.scale);
    assert.deepEqual(restyled, [5, 5], 'given and taken back in one batch each');
    assert.equal(cy.$(`.${EXPORT_DETAILED}`).length, 0);
    assert.ok(cy.$('#n1').hasClass('detailed'), 'what the level of detail gave stays');
  });

  test('labels too small to read stay out of the picture, and it says so', async () => {
    // 30,000 × 20,000: drawn at a quarter of its size, an 11 px label under 3 px tall
    const { cy, drawn, exported } = graph([
      [0, 0],
      [30_000, 0],
      [0, 20_000],
    ]);
    const picture = (await exported())!;
    assert.equal(picture.labelled, false);
    assert.ok(picture.scale < 0.64);
    assert.deepEqual(
      { nodes: drawn[0]!.detailedNodes, edges: drawn[0]!.detailedEdges },
      { nodes: 0, edges: 2 },
    );
    assert.equal(cy.$(`.${EXPORT_DETAILED}`).length, 0);
  });

  test("a small graph's style has every detail: its classes are left alone", async () => {
    const { drawn, exported } = graph([
      [0, 0],
      [400, 200],
    ]);
    const picture = (await exported(LOTS, true))!;
    assert.equal(picture.labelled, true);
    assert.equal(drawn[0]!.detailedNodes + drawn[0]!.detailedEdges, 0);
  });

  test('a picture longer than the host takes is drawn again, smaller, until it fits', async () => {
    const { cy, drawn, exported } = graph(
      [
        [0, 0],
        [6_000, 4_000],
        [12_000, 0],
      ],
      0.5,
    );
    const maxChars = 5_000_000;
    const picture = (await exported(maxChars))!;
    assert.ok(drawn.length > 1, 'drawn again');
    assert.ok(picture.data.length <= maxChars);
    assert.ok(picture.scale < drawn[0]!.scale);
    assert.equal(picture.scale, drawn.at(-1)!.scale);
    assert.equal(picture.labelled, picture.scale >= 0.64);
    assert.equal(cy.$(`.${EXPORT_DETAILED}`).length, 0);
  });

  test('none at all when even a tenth of the size is too long', async () => {
    const { cy, exported } = graph(
      [
        [0, 0],
        [6_000, 4_000],
      ],
      0.5,
    );
    assert.equal(await exported(10), undefined);
    assert.equal(cy.$(`.${EXPORT_DETAILED}`).length, 0);
  });
});
