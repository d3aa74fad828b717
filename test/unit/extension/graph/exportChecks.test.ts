/**
 * The host's checks of a graph export before it writes it: the real SVG exporter's output (run
 * here on headless cytoscape) is accepted, and the same output with each construct a subverted
 * page could slip in is refused; a PNG must be one.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import cytoscape from 'cytoscape';
import { checkedExport, svgProblem } from '../../../../src/extension/graph/exportChecks';
import { toSvg } from '../../../../src/webview/graph/svgExport';
import type { Palette } from '../../../../src/webview/graph/palette';
import { darkPalette } from '../../../fixtures/graph/palette';

/** A drawn graph with every kind of element and class the exporter styles, and hostile titles. */
function drawnGraph() {
  const node = (id: string, type: string, x: number, y: number, classes: string[] = []) => ({
    group: 'nodes' as const,
    data: { id, label: id, type, width: 120.5, height: 24, colour: 0 },
    position: { x, y },
    classes,
  });
  const edge = (id: string, source: string, target: string, classes: string[] = []) => ({
    group: 'edges' as const,
    data: { id, source, target },
    classes,
  });
  return cytoscape({
    headless: true,
    styleEnabled: false,
    elements: [
      node('Class[Base]', 'Class', -10.25, 3),
      node('Notify[<script>alert(1)</script>]', 'Notify', 200, 0, ['added']),
      node('File[/tmp/"quoted" & \'single\' <svg onload=x>]', 'File', 200, 100, ['removed']),
      node('Exec[a\u0000b\ud800 ]]> <!DOCTYPE x> &amp; &#60;]', 'Exec', 400, 50, ['changed']),
      node('Service[😀 é]', 'Service', -300, -1e-7),
      edge('e0', 'Class[Base]', 'Notify[<script>alert(1)</script>]', ['contains']),
      edge('e1', 'Class[Base]', 'Service[😀 é]', ['refresh']),
      edge('e2', 'Service[😀 é]', 'Exec[a\u0000b\ud800 ]]> <!DOCTYPE x> &amp; &#60;]', ['added']),
      edge('e3', 'Notify[<script>alert(1)</script>]', 'Class[Base]', ['removed', 'refresh']),
    ],
  });
}

/** A light theme and a high-contrast one, with colours as getComputedStyle may give them. */
const palettes: Palette[] = [
  darkPalette,
  {
    ...darkPalette,
    foreground: '#3b3b3b',
    muted: 'rgba(59, 59, 59, 0.7)',
    background: '#ffffff',
    nodeBackground: '#f8f8f8ee',
    types: ['#0063b1', 'hsl(120, 50%, 40%)', 'rgb(200 100 0 / 80%)', 'purple'],
  },
  { ...darkPalette, background: '#000', foreground: '#fff', highContrast: true },
];

/** What the real exporter writes for the graph. */
const exported = (palette: Palette = darkPalette) => toSvg(drawnGraph(), palette);

describe('graph export checks: SVG', () => {
  test("the real exporter's output is accepted, in every theme, hostile titles and all", () => {
    for (const palette of palettes) {
      const svg = exported(palette);
      assert.equal(svgProblem(svg), undefined);
      const checked = checkedExport('svg', svg);
      assert.ok('bytes' in checked);
      assert.equal(new TextDecoder().decode(checked.bytes), svg, 'written as it came');
    }
    // an empty graph too (nothing drawn yet: just the frame)
    const empty = toSvg(cytoscape({ headless: true, styleEnabled: false }), darkPalette);
    assert.equal(svgProblem(empty), undefined);
  });

  /** The real output with `construct` put in before the closing tag (or as `edit` says). */
  const hostile: Array<[string, (svg: string) => string, RegExp]> = [
    [
      'a script element',
      (svg) => svg.replace('</svg>', '<script>alert(1)</script></svg>'),
      /<script>/,
    ],
    [
      'a script in another namespace',
      (svg) =>
        svg.replace(
          '</svg>',
          '<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script></svg>',
        ),
      /<svg:script>/,
    ],
    [
      'an upper-case SCRIPT',
      (svg) => svg.replace('</svg>', '<SCRIPT>alert(1)</SCRIPT></svg>'),
      /<SCRIPT>/,
    ],
    [
      'an onload attribute on the root',
      (svg) => svg.replace('<svg ', '<svg onload="alert(1)" '),
      /"onload"/,
    ],
    [
      'an onclick attribute on a box',
      (svg) => svg.replace('<rect ', '<rect onclick="alert(1)" '),
      /"onclick"/,
    ],
    [
      'an on* attribute with odd spacing',
      (svg) => svg.replace('<line ', '<line\n\tonmouseover="alert(1)" '),
      /"onmouseover"/,
    ],
    [
      'a foreignObject',
      (svg) =>
        svg.replace(
          '</svg>',
          '<foreignObject width="9" height="9"><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject></svg>',
        ),
      /<foreignObject>/,
    ],
    [
      'a link',
      (svg) =>
        svg.replace(
          '</svg>',
          '<a href="https://evil.example/"><text x="0" y="0">x</text></a></svg>',
        ),
      /<a>/,
    ],
    [
      'an external image',
      (svg) =>
        svg.replace(
          '</svg>',
          '<image href="https://evil.example/x.png" width="9" height="9"/></svg>',
        ),
      /<image>/,
    ],
    [
      'an xlink:href on a use',
      (svg) => svg.replace('</svg>', '<use xlink:href="https://evil.example/x.svg#a"/></svg>'),
      /<use>/,
    ],
    [
      'an href on an allowed element',
      (svg) => svg.replace('<rect ', '<rect href="https://evil.example/" '),
      /"href"/,
    ],
    [
      'an xlink:href on an allowed element',
      (svg) => svg.replace('<line ', '<line xlink:href="https://evil.example/" '),
      /"xlink:href"/,
    ],
    [
      'a fill from an external URL',
      (svg) => svg.replace(/fill="[^"]+"/, 'fill="url(https://evil.example/p.svg#g)"'),
      /"fill"/,
    ],
    [
      'an arrowhead from elsewhere',
      (svg) =>
        svg.replace('marker-end="url(#arrow)"', 'marker-end="url(https://evil.example/m.svg#a)"'),
      /"marker-end"/,
    ],
    [
      'a style element',
      (svg) =>
        svg.replace('</svg>', '<style>@import url(https://evil.example/x.css);</style></svg>'),
      /<style>/,
    ],
    [
      'a style attribute',
      (svg) => svg.replace('<rect ', '<rect style="fill:url(https://evil.example/)" '),
      /"style"/,
    ],
    [
      'a DOCTYPE with an entity',
      (svg) =>
        `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n${svg.replace('Base]', 'Base&x;]')}`,
      /declaration/,
    ],
    [
      'an entity reference in a label',
      (svg) => svg.replace('Class[Base]', 'Class[&x;]'),
      /reference/,
    ],
    ['a hexadecimal reference', (svg) => svg.replace('Class[Base]', 'Class[&#x3c;]'), /reference/],
    [
      'a reference to a character XML forbids',
      (svg) => svg.replace('Class[Base]', 'Class[&#0;]'),
      /reference/,
    ],
    ['an XML declaration', (svg) => `<?xml version="1.0"?>\n${svg}`, /declaration/],
    [
      'a stylesheet instruction',
      (svg) => `<?xml-stylesheet href="https://evil.example/x.css"?>${svg}`,
      /instruction/,
    ],
    ['a comment', (svg) => svg.replace('</svg>', '<!-- x --></svg>'), /comment/],
    ['CDATA in a label', (svg) => svg.replace('Class[Base]', '<![CDATA[x]]>'), /declaration/],
    [
      'a single-quoted attribute',
      (svg) => svg.replace('<rect ', `<rect onload='alert(1)' `),
      /markup our exporter never writes/,
    ],
    [
      'a raw markup character in a label',
      (svg) => svg.replace('Class[Base]', 'Class[a>b]'),
      /unescaped ">"/,
    ],
    [
      'a control character in a label',
      (svg) => svg.replace('Class[Base]', 'Class[\u0001]'),
      /U\+1/,
    ],
    ['text outside a label', (svg) => svg.replace('</svg>', 'hello</svg>'), /outside a label/],
    [
      'a second root',
      (svg) => `${svg}\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>`,
      /more than one/,
    ],
    [
      'an element out of place',
      (svg) => svg.replace('</svg>', '<path d="M 0 0 L 1 1" fill="#fff"/></svg>'),
      /stands where/,
    ],
    ['an unclosed element', (svg) => svg.replace('</svg>', ''), /never closed/],
    ['a mismatched end tag', (svg) => svg.replace('</defs>', '</marker></defs>'), /does not close/],
    ['an attribute twice', (svg) => svg.replace('<rect ', '<rect x="1" '), /twice/],
    [
      'another namespace',
      (svg) => svg.replace('http://www.w3.org/2000/svg', 'http://www.w3.org/1999/xhtml'),
      /"xmlns"/,
    ],
    [
      'a text that is not numbers where numbers go',
      (svg) => svg.replace(/ x="[^"]+"/, ' x="javascript:1"'),
      /"x"/,
    ],
  ];

  for (const [what, edit, reason] of hostile) {
    test(`refused: ${what}`, () => {
      const svg = edit(exported());
      assert.notEqual(svg, exported(), 'the edit changed the picture');
      const problem = svgProblem(svg);
      assert.ok(problem, `accepted: ${svg.slice(0, 200)}`);
      assert.match(problem, reason);
      assert.deepEqual(checkedExport('svg', svg), { problem });
    });
  }

  test('nothing that is not an SVG at all', () => {
    for (const text of ['', '   ', 'hello', '<html><body/></html>', '<svg']) {
      assert.ok(svgProblem(text), JSON.stringify(text));
    }
  });
});

describe('graph export checks: PNG', () => {
  const png = readFileSync('media/icon.png');
  const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

  test('a PNG data URL gives the PNG', () => {
    const checked = checkedExport('png', dataUrl(png));
    assert.ok('bytes' in checked);
    assert.deepEqual(Buffer.from(checked.bytes), png);
  });

  test('anything else is refused, and says why', () => {
    const svg = exported();
    const cases: Array<[string, RegExp]> = [
      [`data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, /not a base64 data URL/],
      [dataUrl(Buffer.from(svg)), /PNG signature/],
      [dataUrl(Buffer.concat([Buffer.from('GIF89a'), png])), /PNG signature/],
      [dataUrl(png.subarray(0, 20)), /PNG signature/],
      // the signature, then anything but the header chunk
      [
        dataUrl(
          Buffer.concat([png.subarray(0, 8), Buffer.from('\0\0\0\x0dtEXt'), png.subarray(16)]),
        ),
        /IHDR/,
      ],
      [`${dataUrl(png)}"><script>`, /not a base64 data URL/],
      [`data:image/png;base64,${png.toString('base64').slice(0, 40)}!!`, /not a base64 data URL/],
      [svg, /not a base64 data URL/],
    ];
    for (const [data, reason] of cases) {
      const checked = checkedExport('png', data);
      assert.ok('problem' in checked, data.slice(0, 60));
      assert.match(checked.problem, reason);
    }
  });
});
