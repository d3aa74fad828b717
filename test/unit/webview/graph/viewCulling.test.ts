import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import cytoscape, { type Core, type SingularElementArgument } from 'cytoscape';
import { ViewCulling } from '../../../../src/webview/graph/viewCulling';

type Element = SingularElementArgument;
type ZSorted = Element[] & { nondrag: Element[]; drag: Element[]; interactive: Element[] };

/** A row of 100×20 boxes 200 apart along y = 0, each joined to the next. */
function row(count: number): Core {
  const nodes = Array.from({ length: count }, (_, index) => ({
    group: 'nodes' as const,
    data: { id: `n${index}`, width: 100, height: 20 },
    position: { x: index * 200, y: 0 },
  }));
  const edges = nodes.slice(1).map((_, index) => ({
    group: 'edges' as const,
    data: { id: `e${index}`, source: `n${index}`, target: `n${index + 1}` },
  }));
  return cytoscape({
    headless: true,
    styleEnabled: false,
    layout: { name: 'preset' },
    elements: [...nodes, ...edges],
  });
}

interface StandIn {
  getCachedZSortedEles(): ZSorted;
  render(options?: { forcedContext?: unknown }): void;
  findNearestElements(x: number, y: number, interactiveOnly: boolean, isTouch: boolean): Element[];
  drawLayeredElements(context: unknown, eles: unknown, pxRatio: number, extent: unknown): void;
  drawCachedElements(context: unknown, eles: unknown, pxRatio: number, extent: unknown): void;
}

/**
 * The parts of cytoscape's canvas renderer ViewCulling steps into, recording what each was
 * handed: render() and findNearestElements() ask for the z-sorted list as cytoscape's do.
 */
function standInRenderer(cy: Core, view = { x1: 150, y1: -100, x2: 650, y2: 100 }) {
  const all = cy.elements().toArray() as ZSorted;
  all.nondrag = [...all];
  all.drag = [];
  all.interactive = [...all];
  const seen: {
    rendered?: ZSorted;
    askedAgain?: ZSorted;
    hitTested?: Element[];
    layered?: unknown;
    cached?: unknown;
  } = {};
  const forced = { count: 0 };
  /** What cytoscape's list is now: it makes a new one after a change of z-order. */
  const list = { current: all };
  const renderer: StandIn = {
    getCachedZSortedEles: () => list.current,
    render(options) {
      const rendered = this.getCachedZSortedEles();
      seen.rendered = rendered;
      seen.askedAgain = this.getCachedZSortedEles();
      this.drawLayeredElements(options?.forcedContext, rendered.nondrag, 1, undefined);
    },
    findNearestElements() {
      seen.hitTested = this.getCachedZSortedEles().interactive;
      return [];
    },
    drawLayeredElements: (_context, eles) => void (seen.layered = eles),
    drawCachedElements: (_context, eles) => void (seen.cached = eles),
  };
  const culled = Object.assign(Object.create(cy) as Core, {
    renderer: () => renderer,
    extent: () => view,
    zoom: () => 1,
    forceRender: () => {
      forced.count++;
      return culled;
    },
  });
  return { renderer, seen, all, culled, forced, list };
}

const ids = (elements: readonly Element[] | undefined) => elements?.map((element) => element.id());

describe("cytoscape's renderer looks only where it looks (ViewCulling)", () => {
  test('a frame on screen gets the elements in view, in their order, drawn without layers', () => {
    const cy = row(10);
    const { renderer, seen, culled } = standInRenderer(cy);
    assert.equal(ViewCulling.attach(culled), true);
    renderer.render();
    // the view spans x 150–650: boxes n1–n3 (n1 ends at 250), n0's and n3's lines into it
    assert.deepEqual(ids(seen.rendered), ['n1', 'n2', 'n3', 'e0', 'e1', 'e2', 'e3']);
    assert.deepEqual(ids(seen.rendered?.nondrag), ids(seen.rendered));
    assert.deepEqual(ids(seen.cached as Element[]), ids(seen.rendered));
    assert.equal(
      seen.layered,
      undefined,
      'no layer textures for a list that changes with each move',
    );
  });

  test('with its edges drawn elsewhere, a frame gets the nodes in view only; a hit test the edges too', () => {
    const cy = row(10);
    const { renderer, seen, culled } = standInRenderer(cy);
    assert.equal(ViewCulling.attach(culled, { edges: false }), true);
    renderer.render();
    assert.deepEqual(ids(seen.rendered), ['n1', 'n2', 'n3']);
    assert.deepEqual(ids(seen.cached as Element[]), ['n1', 'n2', 'n3']);
    // a hit test near (400, 0): n2, and the edges into and out of it
    renderer.findNearestElements(400, 0, false, false);
    assert.deepEqual(ids(seen.hitTested), ['n2', 'e1', 'e2']);
  });

  test('a list sorted again (a change of z-order) is cut the same, in its own order', () => {
    const cy = row(10);
    const { renderer, seen, culled, all, list } = standInRenderer(cy);
    ViewCulling.attach(culled);
    renderer.render();
    const resorted = [...all].reverse() as ZSorted;
    resorted.nondrag = [...resorted];
    resorted.drag = [];
    resorted.interactive = [...resorted];
    list.current = resorted;
    renderer.render();
    assert.deepEqual(ids(seen.rendered), ['e3', 'e2', 'e1', 'e0', 'n3', 'n2', 'n1']);
  });

  test('a drawing into another canvas (an export, a snapshot) gets every element, with layers', () => {
    const cy = row(10);
    const { renderer, seen, culled, all } = standInRenderer(cy);
    ViewCulling.attach(culled);
    renderer.render({ forcedContext: {} });
    assert.equal(seen.rendered, all);
    assert.equal(seen.layered, all.nondrag);
    // and outside a frame or a hit test, the list is cytoscape's own
    assert.equal(renderer.getCachedZSortedEles(), all);
  });

  test('a frame shows so many elements for the first time, the middle first; the next ones the rest', async () => {
    const cy = row(400);
    // all 799 elements in view, from x 0 to 79,800
    const { renderer, seen, culled, forced } = standInRenderer(cy, {
      x1: 0,
      y1: -100,
      x2: 79_800,
      y2: 100,
    });
    ViewCulling.attach(culled);
    renderer.render();
    const first = ids(seen.rendered)!;
    assert.ok(first.length > 0 && first.length < 400, `${first.length} shown at first`);
    assert.ok(first.includes('n200') && !first.includes('n0') && !first.includes('n399'));
    assert.equal(seen.askedAgain, seen.rendered, 'asked twice in a frame, the same list');
    // the next frames are asked for, and show the rest
    const shown = new Set(first);
    for (let frame = 0; frame < 50; frame++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (forced.count === frame) break;
      renderer.render();
      for (const id of ids(seen.rendered)!) shown.add(id);
    }
    assert.equal(shown.size, 799);
    assert.equal(seen.rendered?.length, 799, 'the last frame shows everything in view');
  });

  test('a hit test gets what is near the pointer', () => {
    const cy = row(10);
    const { renderer, seen, culled } = standInRenderer(cy);
    ViewCulling.attach(culled);
    renderer.findNearestElements(1_000, 0, true, false);
    assert.deepEqual(ids(seen.hitTested), ['n5', 'e4', 'e5']);
  });

  test('a renderer it was not written against is left alone', () => {
    assert.equal(ViewCulling.attach(row(2)), false, 'headless: no renderer');
    const cy = row(2);
    const odd = Object.assign(Object.create(cy) as Core, { renderer: () => ({ render() {} }) });
    assert.equal(ViewCulling.attach(odd), false);
  });
});
