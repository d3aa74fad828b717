/**
 * A notebook as a Markdown report (src/shared/notebook/markdownExport.ts) and its charts as SVG
 * (chartSvg.ts): hostile values from PuppetDB stay text — rendered by markdown-it with raw HTML
 * and linkify on (the most a viewer allows) they make no link, tag, image or extra table cell
 * (fast-check), an SVG stays well-formed XML with the text as it was — and the report's shape:
 * fences no backtick run closes, the row cap said, the chart beside the report.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { chartSvg } from '../../../src/shared/notebook/chartSvg';
import {
  fenced,
  markdownText,
  MAX_EXPORTED_ROWS,
  notebookMarkdown,
} from '../../../src/shared/notebook/markdownExport';
import type { PqlBook } from '../../../src/shared/notebook/pqlBook';
import { assertProperty, trickyText } from '../properties/support/property';

interface MarkdownIt {
  render(text: string): string;
}
const require = createRequire(__filename);
const MarkdownItClass = require('markdown-it') as new (options: object) => MarkdownIt;
const markdownIt = new MarkdownItClass({ html: true, linkify: true });

const HOSTILE = [
  '[click](command:puppetdbExplorer.deactivateNode)',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '| a | b |',
  '`code` ``` ~~~',
  'line one\nline two\r\nthree',
  'https://evil.example/x www.evil.example mail@evil.example',
  '&lt;b&gt; &amp; &#60;',
  '**bold** _em_ ~~strike~~ # heading',
  '![i](http://evil.example/i.png)',
  'back\\slash\\|pipe',
  '\u0000\u0007\u001b[31m',
];

/** The text of a rendered cell: tags removed, the entities markdown-it writes decoded. */
function textOf(html: string): string {
  return html
    .replace(/<br>/g, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const hostileText = fc.oneof(
  trickyText({ maxLength: 20 }),
  fc.constantFrom(...HOSTILE),
  fc
    .array(
      fc.constantFrom(
        '[',
        ']',
        '(',
        ')',
        '<',
        '>',
        '`',
        '|',
        '\\',
        '*',
        '_',
        '!',
        'a',
        ':',
        '/',
        '\n',
        '&',
        '#',
        ';',
        ' ',
      ),
      {
        maxLength: 20,
      },
    )
    .map((parts) => parts.join('')),
);

describe('a notebook exported as Markdown', () => {
  test('hostile values render as text: no link, tag or image, one cell each (fast-check)', (t) => {
    assertProperty(
      t,
      fc.property(hostileText, hostileText, (first, second) => {
        const book: PqlBook = {
          cells: [
            {
              kind: 'pql',
              source: 'nodes[certname, x] {}',
              output: { rows: [{ certname: first, x: second }], connection: second },
            },
          ],
        };
        const html = markdownIt.render(notebookMarkdown(book, 'report').markdown);
        assert.doesNotMatch(
          html,
          /<(?!\/?(?:p|em|strong|table|thead|tbody|tr|th|td|br|pre|code)[ >])/,
          html,
        );
        const cells = [...html.matchAll(/<td>([\s\S]*?)<\/td>/g)].map((match) => match[1]!);
        assert.equal(cells.length, 2, html);
        const expected = (value: string) =>
          value
            // control characters are what this pattern is about
            // eslint-disable-next-line no-control-regex
            .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '\uFFFD')
            .replace(/\r\n|[\r\u0085\u2028\u2029]/g, '\n');
        // markdown-it trims a cell, and reads an entity (or NUL) the escaping left as text the same
        assert.equal(textOf(cells[0]!).trim(), expected(first).trim());
        assert.equal(textOf(cells[1]!).trim(), expected(second).trim());
      }),
    );
  });

  test('markdownText escapes every piece of Markdown syntax', () => {
    assert.equal(markdownText('[x](command:y)'), '\\[x\\]\\(command\\:y\\)');
    assert.equal(markdownText('a|b\nc'), 'a\\|b<br>c');
    assert.equal(markdownText('<b>&amp;'), '\\<b\\>\\&amp\\;');
  });

  test('a query is fenced so that no backtick run in it closes the fence', () => {
    assert.equal(fenced('nodes {}', 'pql'), '```pql\nnodes {}\n```');
    const inner = 'facts { name = "````" }';
    const block = fenced(inner, 'pql');
    assert.ok(block.startsWith('`````pql\n'));
    assert.match(
      markdownIt.render(block),
      /<pre><code class="language-pql">facts \{ name = &quot;````&quot; \}\n<\/code><\/pre>/,
    );
  });

  test('markdown cells as they are, each PQL cell, its rows, the rows left out, its chart beside it', () => {
    const rows = Array.from({ length: MAX_EXPORTED_ROWS + 3 }, (_, index) => ({
      certname: `node-${index}`,
    }));
    const book: PqlBook = {
      cells: [
        { kind: 'markdown', source: '# Failed nodes\n\nWhat failed *today*.' },
        {
          kind: 'pql',
          source: 'nodes[certname] {}',
          output: { rows, rowsOmitted: 7, connection: 'prod', ranAt: '2026-11-29T20:00:00.000Z' },
        },
        {
          kind: 'pql',
          source: 'nodes[latest_report_status, count()] { group by latest_report_status }',
          output: {
            rows: [
              { latest_report_status: 'failed', count: 3 },
              { latest_report_status: '<x>&"', count: 5 },
            ],
          },
        },
        { kind: 'pql', source: 'reports {}', output: { error: 'PuppetDB said: *no*' } },
        { kind: 'pql', source: 'events {}' },
      ],
    };
    const { markdown, charts } = notebookMarkdown(book, 'my report');
    assert.ok(
      markdown.startsWith(
        '# Failed nodes\n\nWhat failed *today*.\n\n```pql\nnodes[certname] {}\n```\n\n',
      ),
    );
    assert.match(markdown, /\*510 rows \(ran on prod at 2026\\-11\\-29T20\\:00\\:00\\\.000Z\)\.\*/);
    assert.match(markdown, /\| node\\-499 \|\n\n\*10 more rows not shown\.\*/);
    assert.doesNotMatch(markdown, /node\\-500/);
    assert.match(markdown, /!\[count by latest\\_report\\_status\]\(my%20report\.chart-3\.svg\)/);
    assert.match(markdown, /> \*\*Error\*\*: PuppetDB said\\: \\\*no\\\*/);
    assert.match(markdown, /```pql\nevents \{\}\n```\n\n\*Not run\.\*\n$/);
    assert.equal(charts.length, 1);
    assert.equal(charts[0]!.fileName, 'my report.chart-3.svg');
  });

  test('a chart is well-formed SVG whose hostile labels stay text', () => {
    const svg = chartSvg({
      kind: 'bar',
      chart: {
        measure: 'count',
        groups: ['name'],
        bars: [
          { label: '<script>alert(1)</script>', value: 2 },
          { label: ']]><x/>&amp;\u0001"\'', value: 1 },
        ],
      },
    });
    // eslint-disable-next-line no-control-regex
    assert.doesNotMatch(svg, /<script|<x\/>|\u0001/);
    assert.match(svg, /&#60;script&#62;alert\(1\)&#60;\/script&#62;/);
    assert.match(svg, /\]\]&#62;&#60;x\/&#62;&#38;amp;\uFFFD&#34;&#39;/);
    // every element is one the chart draws
    const elements = new Set([...svg.matchAll(/<([a-z]+)/g)].map((match) => match[1]));
    assert.deepEqual([...elements].sort(), ['g', 'rect', 'svg', 'text', 'title']);
  });

  test('rows with a time column are exported as a time series of how many fell in each hour', () => {
    const hour = Date.parse('2026-11-29T10:00:00Z');
    const rows = [0, 0, 1, 3].map((hours, index) => ({
      certname: index === 0 ? '<script>alert(1)</script>' : `node-${index}`,
      producer_timestamp: new Date(hour + hours * 3_600_000 + 60_000).toISOString(),
    }));
    const { markdown, charts } = notebookMarkdown(
      {
        cells: [
          { kind: 'pql', source: 'reports[certname, producer_timestamp] {}', output: { rows } },
        ],
      },
      'runs',
    );
    assert.match(
      markdown,
      /!\[rows per hour of producer\\_timestamp \\\(UTC\\\)\]\(runs\.chart-1\.svg\)/,
    );
    assert.equal(charts.length, 1);
    const svg = charts[0]!.svg;
    assert.doesNotMatch(svg, /<script/);
    // four hours: 2, 1, 0, 1 rows
    const points = /<polyline points="([^"]+)"/.exec(svg)![1]!.split(' ');
    assert.equal(points.length, 4);
    const heights = points.map((point) => Number(point.split(',')[1]));
    assert.ok(heights[0]! < heights[1]! && heights[1]! < heights[2]!, heights.join(' '));
    assert.equal(heights[1], heights[3]);
    const elements = new Set([...svg.matchAll(/<([a-z]+)/g)].map((match) => match[1]));
    assert.deepEqual([...elements].sort(), [
      'g',
      'path',
      'polyline',
      'rect',
      'svg',
      'text',
      'title',
    ]);
  });
});
