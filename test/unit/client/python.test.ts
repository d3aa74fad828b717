/** The Python behaviours the wire format depends on, checked against CPython's own outputs. */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { detectPqlEntity, PuppetDBHTTPError } from '../../../src/client';
import {
  formatPyDatetime,
  normalizeResourceType,
  pyFloat,
  pyFloatRepr,
  pyJsonDumps,
  pyQuote,
  pyRepr,
  pyUrlencode,
} from '../../../src/client/internal/python';

const sha1 = (text: string) => createHash('sha1').update(text, 'utf8').digest('hex');

describe('Python compatibility', () => {
  test('quote() with safe="/"', () => {
    assert.equal(
      pyQuote("a b/c!'()*~:=,+;@&?#%é"),
      'a%20b/c%21%27%28%29%2A~%3A%3D%2C%2B%3B%40%26%3F%23%25%C3%A9',
    );
    assert.equal(
      pyQuote('test:special!/chars!!metric!"name'),
      'test%3Aspecial%21/chars%21%21metric%21%22name',
    );
  });

  test('requests form encoding', () => {
    assert.equal(
      pyUrlencode([
        ['query', '["=", "certname", "node1"]'],
        ['limit', '1'],
        ['include_total', 'true'],
      ]),
      'query=%5B%22%3D%22%2C+%22certname%22%2C+%22node1%22%5D&limit=1&include_total=true',
    );
    assert.equal(pyUrlencode([['q', '*~ ']]), 'q=%2A~+');
  });

  test('repr() and the reference command checksum vectors', () => {
    assert.equal(pyRepr({ certname: 'testnode' }), "{'certname': 'testnode'}");
    assert.equal(
      sha1(pyRepr({ certname: 'testnode' })),
      'b93d474970e54943aec050ee399dfb85d21e143a',
    );
    assert.equal(sha1(pyRepr({ certname: '' })), '1d150468bd137c6511986985d707dc451d093a9c');
    assert.equal(
      pyRepr(["it's", 'say "hi"', true, null, 1, pyFloat(2)]),
      `["it's", 'say "hi"', True, None, 1, 2.0]`,
    );
  });

  test('json.dumps defaults: separators, ASCII escapes, float repr', () => {
    assert.equal(
      pyJsonDumps({ a: [1, pyFloat(4), 'é𝄞'], b: null }),
      '{"a": [1, 4.0, "\\u00e9\\ud834\\udd1e"], "b": null}',
    );
    assert.deepEqual(
      [4, 0.1, 1e20, 1e-7, 1.5e16, 123456.5, Infinity, -0].map((value) => pyFloatRepr(value)),
      ['4.0', '0.1', '1e+20', '1e-07', '1.5e+16', '123456.5', 'Infinity', '-0.0'],
    );
  });

  test('resource types and datetimes', () => {
    assert.equal(normalizeResourceType('sysctl::value'), 'Sysctl::Value');
    assert.equal(normalizeResourceType('FOO::bAR'), 'Foo::Bar');
    assert.equal(formatPyDatetime(new Date(Date.UTC(2016, 5, 11))), '2016-06-11 00:00:00');
    assert.equal(
      formatPyDatetime(new Date(Date.UTC(2016, 5, 11, 1, 2, 3, 450))),
      '2016-06-11 01:02:03.450000',
    );
  });
});

describe('PQL entity detection (the reference regex outcomes)', () => {
  for (const [query, entity] of [
    ['nodes { certname = "a" }', 'node'],
    ['node {}', 'node'],
    ['inventory[] {}', 'inventory'],
    ['facts{}', 'fact'],
    ['reports[] { latest_report? = true }', 'report'],
    ['resources [] {', 'resource'],
    ['events{', 'event'],
    ['edges{}', 'edge'],
    ['catalogs{}', 'catalog'],
    ['producers {}', undefined],
    ['environments {}', undefined],
    ['factsets {}', undefined],
    ['fact_contents {}', undefined],
    ['nodes[certname, count()] {}', undefined],
    ['Nodes {}', undefined],
  ] as const) {
    test(`${query} → ${entity ?? 'plain rows'}`, () =>
      assert.equal(detectPqlEntity(query), entity));
  }
});

describe('HTTP error messages', () => {
  test('a PQL parse error keeps the body and its position', () => {
    const body =
      'PQL parse error at line 1, column 29:\n\nnodes[certname]{ certname = }\n                            ^';
    const error = new PuppetDBHTTPError(400, 'http://x/pdb/query/v4', body);
    assert.deepEqual(error.position, { line: 1, column: 29 });
    assert.equal(error.body, body);
    assert.match(
      error.message,
      /^PuppetDB answered 400 for http:\/\/x\/pdb\/query\/v4: PQL parse error at line 1, column 29/,
    );
  });

  test('JSON error bodies give their message; HTML pages their title', () => {
    assert.match(
      new PuppetDBHTTPError(404, 'u', '{"error" : "No information is known about node x"}').message,
      /: No information is known about node x$/,
    );
    assert.match(
      new PuppetDBHTTPError(404, 'u', '{"kind":"service-not-found","msg":"No status information"}')
        .message,
      /: No status information$/,
    );
    assert.match(
      new PuppetDBHTTPError(500, 'u', '<html><title>Server Error</title></html>').message,
      /: Server Error \(HTML error page\)$/,
    );
    assert.equal(new PuppetDBHTTPError(503, 'u', '').message, 'PuppetDB answered 503 for u');
  });
});
