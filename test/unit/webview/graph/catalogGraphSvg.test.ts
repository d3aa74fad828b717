import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import cytoscape from 'cytoscape';
import { darkPalette } from '../../../fixtures/graph/palette';
import { escapeXml } from '../../../../src/shared/xmlText';
import { toSvg } from '../../../../src/webview/graph/svgExport';

const palette = darkPalette;

/** A drawn graph as the renderer leaves it: positions, sizes and classes (headless cytoscape). */
function drawn() {
  const node = (id: string, type: string, x: number, y: number, classes: string[] = []) => ({
    group: 'nodes' as const,
    data: { id, label: id, type, width: 100, height: 20, colour: 0 },
    position: { x, y },
    classes,
  });
  const edge = (id: string, source: string, target: string, classes: string[]) => ({
    group: 'edges' as const,
    data: { id, source, target },
    classes,
  });
  return cytoscape({
    headless: true,
    styleEnabled: false,
    layout: { name: 'preset' },
    elements: [
      node('Class[Base]', 'Class', 0, 0),
      node('Notify[<img src=x onerror=alert(1)>]', 'Notify', 200, 0, ['added']),
      node('Service[ssh]', 'Service', 200, 100),
      edge('e0', 'Class[Base]', 'Notify[<img src=x onerror=alert(1)>]', ['contains']),
      edge('e1', 'Class[Base]', 'Service[ssh]', ['refresh']),
    ],
  });
}

describe('SVG export of the graph', () => {
  test('labels are escaped: a title with markup stays text', () => {
    const svg = toSvg(drawn(), palette);
    assert.ok(!svg.includes('<img'), 'no raw markup from a title');
    assert.ok(svg.includes('Notify[&#60;img src=x onerror=alert(1)&#62;]'));
    assert.equal((svg.match(/<text /g) ?? []).length, 3);
    assert.equal((svg.match(/<line /g) ?? []).length, 2);
  });

  test('edges run from box edge to box edge, styled by kind; nodes by type or diff', () => {
    const svg = toSvg(drawn(), palette);
    // Class[Base] (centre 0,0, 100×20) → Notify (centre 200,0): leaves at x=50, arrives at x=150
    assert.match(svg, /<line x1="50" y1="0" x2="150" y2="0" [^>]*stroke-opacity="0.3"/);
    const refresh = /<line [^>]*stroke-dasharray="6 3"[^>]*\/>/.exec(svg)?.[0] ?? '';
    assert.ok(refresh.includes('marker-end="url(#arrow)"'), refresh);
    assert.ok(!/stroke-opacity="0.3"[^>]*marker-end/.test(svg), 'containment has no arrowhead');
    // the added resource is outlined in the theme's "added" colour
    assert.match(svg, new RegExp(`<rect x="150" y="-10" [^>]*stroke="${palette.added}"`));
    assert.match(svg, new RegExp(`<rect x="-50" y="-10" [^>]*stroke="${palette.types[0]}"`));
  });

  test('the picture is framed around every node with a margin, on the theme background', () => {
    const svg = toSvg(drawn(), palette);
    assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="-70 -30 340 160"/);
    assert.ok(svg.includes(`fill="${palette.background}"`));
    assert.ok(svg.trimEnd().endsWith('</svg>'));
  });
});

/** XML 1.0's Char production: what a document may hold, raw or as a character reference. */
function assertXmlChars(xml: string): void {
  const allowed = (code: number) =>
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff);
  for (const character of xml) {
    const code = character.codePointAt(0)!;
    assert.ok(allowed(code), `U+${code.toString(16).toUpperCase()} is not an XML character`);
  }
  for (const [, number] of xml.matchAll(/&#(\d+);/g)) {
    assert.ok(allowed(Number(number)), `&#${number}; is not an XML character`);
  }
}

describe('SVG export: only characters XML allows', () => {
  const nasty =
    'Notify[a\u0000b\u0001\u0008\u000b\u000c\u001f\ufffe\uffff\ud800x\udc00y\tz\n\r😀é]';

  test('control characters, lone surrogates, U+FFFE/FFFF become U+FFFD; the rest stays', () => {
    const text = escapeXml(nasty);
    assertXmlChars(text);
    assert.equal(
      text,
      'Notify[a\ufffdb\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffdx\ufffdy\tz\n\r😀é]',
    );
  });

  test('a catalog title with them still gives a document of XML characters only', () => {
    const graph = cytoscape({
      headless: true,
      styleEnabled: false,
      elements: [
        {
          group: 'nodes',
          data: { id: nasty, label: nasty, type: 'Notify', width: 80, height: 20 },
          position: { x: 0, y: 0 },
        },
      ],
    });
    const svg = toSvg(graph, palette);
    assertXmlChars(svg);
    assert.ok(svg.includes('😀é'));
  });
});
