import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  checkRestoreInfo,
  checkRestoredState,
  checkToHost,
} from '../../../src/shared/protocol/schema';
import {
  restoredNote,
  SHOWN_CONTENT_MAX_CHARS,
  type WebviewEntry,
} from '../../../src/shared/protocol';

/** Messages of every webview that keep the protocol. */
const valid: Array<[WebviewEntry, unknown]> = [
  ['results', { type: 'ready' }],
  ['results', { type: 'rendered', runId: 3, rowCount: 120 }],
  ['results', { type: 'cancel', runId: 0 }],
  ['results', { type: 'loadMore', runId: 1 }],
  ['results', { type: 'rerun' }],
  ['results', { type: 'export', format: 'csv' }],
  ['results', { type: 'copyCurl' }],
  ['results', { type: 'openNode', certname: 'web\'01"; rm -rf /' }],
  ['results', { type: 'openCatalog', certname: 'db01.example.com' }],
  ['results', { type: 'openEvents', reportHash: 'abc' }],
  ['results', { type: 'openManifest', runId: 2, row: 0 }],
  ['events', { type: 'openManifest', file: '/etc/puppetlabs/code/site.pp', line: 3 }],
  ['report', { type: 'openManifest', file: '/etc/puppetlabs/code/site.pp' }],
  ['graph', { type: 'compare' }],
  ['graph', { type: 'refresh' }],
  ['graph', { type: 'askExport', format: 'png' }],
  ['graph', { type: 'export', format: 'svg', token: '0f3a', data: '<svg/>' }],
  ['graph', { type: 'openNode', certname: 'x' }],
  [
    'graph',
    {
      type: 'drawn',
      nodes: 10,
      edges: 4,
      layoutMs: 1.5,
      keptLayout: false,
      hostLayout: true,
      paintMs: 9,
      firstPaintMs: 3,
      usableMs: 3,
    },
  ],
  ['graph', { type: 'laidOut', key: '1k-0123456789abcdef', corners: [12, 12, 140.5, 12] }],
  ['graph', { type: 'layout', id: 3, direction: 'TB', sizes: [80, 26, 120.5, 26], ends: [0, 1] }],
  ['events', { type: 'openInGraph', certname: 'x', resource: 'File[/etc/motd]' }],
  ['events', { type: 'openReport', reportHash: 'abc' }],
  ['events', { type: 'reload' }],
  ['report', { type: 'openInGraph', certname: 'x', resource: 'Notify[hi]' }],
  ['report', { type: 'openNode', certname: 'x' }],
  ['report', { type: 'reload' }],
  ['events', { type: 'exportAll', format: 'json' }],
  ['overview', { type: 'openFlapping', resourceType: 'File', resourceTitle: '/etc/motd' }],
  // every view's error banner
  ...(['results', 'graph', 'events', 'report'] as const).flatMap(
    (entry): Array<[WebviewEntry, unknown]> => [
      [entry, { type: 'showLog' }],
      [entry, { type: 'editConnection' }],
    ],
  ),
];

describe('webview → host messages are checked against the protocol', () => {
  test('every message type of every webview passes with the right fields', () => {
    for (const [entry, message] of valid) {
      assert.equal(checkToHost(entry, message), undefined, `${entry}: ${JSON.stringify(message)}`);
    }
  });

  test('not an object, no type, an unknown or inherited type: dropped with the reason', () => {
    const cases: Array<[unknown, RegExp]> = [
      [null, /not an object but null/],
      [undefined, /not an object but a undefined/],
      [7, /not an object but a number/],
      ['rerun', /not an object but a string/],
      [['rerun'], /not an object but an array/],
      [{}, /no "type"/],
      [{ type: 7 }, /no "type"/],
      [{ type: 'nope' }, /unknown type "nope"/],
      [{ type: 'constructor' }, /unknown type "constructor"/],
      [{ type: 'toString' }, /unknown type "toString"/],
      [{ type: 'hasOwnProperty' }, /unknown type/],
      [Object.create({ type: 'rerun' }), /not an object/],
      [new Date(), /not an object/],
      [JSON.parse('{"type":"__proto__"}'), /unknown type "__proto__"/],
    ];
    for (const [message, reason] of cases) {
      assert.match(checkToHost('results', message) ?? 'accepted', reason, String(reason));
    }
  });

  test('a type of another webview is unknown here', () => {
    assert.match(checkToHost('events', { type: 'rerun' })!, /unknown type "rerun"/);
    assert.match(checkToHost('results', { type: 'reload' })!, /unknown type "reload"/);
  });

  test('a missing field, a field of the wrong type or an extra field: dropped', () => {
    const cases: Array<[WebviewEntry, unknown, RegExp]> = [
      ['results', { type: 'rerun', extra: 1 }, /"rerun": unexpected field "extra"/],
      ['results', { type: 'ready', x: null }, /unexpected field "x"/],
      ['results', { type: 'loadMore' }, /field "runId": expected a whole number/],
      ['results', { type: 'loadMore', runId: '1' }, /field "runId": expected a whole number/],
      ['results', { type: 'loadMore', runId: -1 }, /got -1/],
      ['results', { type: 'loadMore', runId: 1.5 }, /got 1.5/],
      ['results', { type: 'rendered', runId: 1, rowCount: Infinity }, /rowCount/],
      ['results', { type: 'export', format: 'exe' }, /expected one of csv, json/],
      ['results', { type: 'export', format: null }, /expected one of csv, json, got null/],
      ['results', { type: 'openNode', certname: null }, /expected text, got null/],
      ['results', { type: 'openNode', certname: { toString: () => 'x' } }, /expected text/],
      ['results', { type: 'openNode', certname: ['x'] }, /expected text, got an array/],
      ['results', { type: 'openNode', certname: 'x'.repeat(5000) }, /longer than 4096/],
      [
        'graph',
        { type: 'export', format: 'gif', token: 'x', data: '' },
        /expected one of png, svg/,
      ],
      ['graph', { type: 'askExport', format: 'pdf' }, /expected one of png, svg/],
      // a picture goes only with the token the host gave for the file the user chose
      ['graph', { type: 'export', format: 'svg', data: '<svg/>' }, /field "token"/],
      ['events', { type: 'exportAll', format: 'xlsx' }, /expected one of csv, json/],
      ['events', { type: 'exportAll' }, /field "format"/],
      ['report', { type: 'editConnection', connectionId: 'x' }, /unexpected field "connectionId"/],
      ['graph', { type: 'export', format: 'svg', token: 'x', data: 1 }, /field "data"/],
      [
        'graph',
        {
          type: 'drawn',
          nodes: 1,
          edges: 1,
          layoutMs: NaN,
          keptLayout: false,
          hostLayout: false,
          paintMs: 0,
          firstPaintMs: 0,
          usableMs: 0,
        },
        /layoutMs/,
      ],
      // a layout's corners are finite numbers, at most two per resource ELK lays out
      ['graph', { type: 'laidOut', key: 'k', corners: [1, Infinity] }, /field "corners"/],
      ['graph', { type: 'laidOut', key: 'k', corners: ['1'] }, /field "corners"/],
      [
        'graph',
        { type: 'laidOut', key: 'k', corners: new Array(1201).fill(0) },
        /more than 1200 items/,
      ],
      ['graph', { type: 'laidOut', key: 'k'.repeat(41), corners: [] }, /field "key"/],
      // a layout the host makes: sizes finite and bounded, ends places of ELK_LIMIT resources,
      // at most ELK_LIMIT resources and HOST_LAYOUT_EDGE_LIMIT edges
      ...(
        [
          [{ sizes: [80, Infinity] }, /field "sizes"/],
          [{ sizes: [80, -1] }, /field "sizes"/],
          [{ sizes: [80, 1e9] }, /field "sizes"/],
          [{ sizes: new Array(1201).fill(1) }, /more than 1200 items/],
          [{ ends: [0, 1.5] }, /field "ends"/],
          [{ ends: [0, 600] }, /field "ends"/],
          [{ ends: [-1, 0] }, /field "ends"/],
          [{ ends: new Array(7201).fill(0) }, /more than 7200 items/],
          [{ direction: 'RL' }, /field "direction"/],
          [{ id: -1 }, /field "id"/],
        ] as Array<[Record<string, unknown>, RegExp]>
      ).map(([fields, error]): [WebviewEntry, unknown, RegExp] => [
        'graph',
        { type: 'layout', id: 1, direction: 'LR', sizes: [80, 26], ends: [], ...fields },
        error,
      ]),
      ['events', { type: 'openInGraph', certname: 'x' }, /field "resource": expected text/],
      ['report', { type: 'openNode', certname: 'x', resource: 'y' }, /unexpected field/],
      // the overview names a row; which nodes (and which environment) is the host's to say
      [
        'overview',
        { type: 'openEvents', filter: { status: 'success', certnames: ['web01'] } },
        /unexpected field "certnames"/,
      ],
      [
        'overview',
        { type: 'openFlapping', resourceType: 'File', resourceTitle: 'x', certnames: ['web01'] },
        /unexpected field "certnames"/,
      ],
    ];
    for (const [entry, message, reason] of cases) {
      assert.match(checkToHost(entry, message) ?? 'accepted', reason, String(reason));
    }
  });
});

describe('the state VS Code gives back on restore is checked too', () => {
  const restore = { entry: 'results', connectionId: 'local', query: 'nodes {}' };
  const panelId = '0f8fad5b-d9cb-469f-a165-70867728950e';

  test('a panel id and kept content are used; a restore info the webview wrote is not', () => {
    const kept = {
      savedAt: '2026-01-01T00:00:00.000Z',
      content: {
        runId: 2,
        query: 'nodes {}',
        connectionName: 'Local',
        entity: 'nodes',
        rows: [{ certname: 'a' }],
        state: 'done',
        elapsedMs: 3,
        hasMore: false,
      },
    };
    const restored = checkRestoredState('results', { panelId, restore, kept, ui: { any: 1 } });
    assert.deepEqual(restored, { panelId, kept, problem: undefined });
    assert.deepEqual(restoredNote(restored.kept), { savedAt: kept.savedAt, omitted: undefined });
  });

  test('no state at all, a panel never run, or only a restore info: nothing to restore', () => {
    for (const state of [undefined, null, {}, 'x', { restore }]) {
      assert.deepEqual(checkRestoredState('graph', state), {
        panelId: undefined,
        kept: undefined,
        problem: undefined,
      });
    }
  });

  test('a malformed panel id drops everything; bad kept content drops only that', () => {
    for (const bad of [5, 'results', `${panelId}x`, panelId.toUpperCase()]) {
      const state = checkRestoredState('results', { panelId: bad, kept: { savedAt: 'now' } });
      assert.equal(state.panelId, undefined);
      assert.equal(state.kept, undefined);
      assert.match(state.problem!, /expected a panel id/);
    }
    const badKept = checkRestoredState('results', {
      panelId,
      kept: { savedAt: 'now', content: { rows: 'not rows' } },
    });
    assert.equal(badKept.panelId, panelId);
    assert.equal(badKept.kept, undefined);
    assert.match(badKept.problem!, /kept content: field "content"/);
  });

  test("the host's records are checked too before a panel is rebuilt from one", () => {
    assert.equal(checkRestoreInfo('results', restore), undefined);
    assert.match(
      checkRestoreInfo('results', { ...restore, connectionId: 5 })!,
      /field "connectionId"/,
    );
    assert.ok(checkRestoreInfo('graph', restore));
  });

  test('events sources: a report hash, or a certname with an optional window', () => {
    const events = (source: unknown) =>
      checkRestoreInfo('events', { entry: 'events', connectionId: 'c', source });
    assert.equal(events({ reportHash: 'h' }), undefined);
    assert.equal(events({ certname: 'n', since: '2026-01-01' }), undefined);
    assert.match(events({ certname: 'n', reportHash: 'h' })!, /expected \{ reportHash \}/);
    assert.match(events({ certname: 3 })!, /expected \{ reportHash \}/);
  });

  test('"open manifest": a file and a whole line number, or a run and a row; nothing else', () => {
    for (const message of [
      { type: 'openManifest', file: 3, line: 1 },
      { type: 'openManifest', file: '/a.pp', line: -1 },
      { type: 'openManifest', file: '/a.pp', line: 1.5 },
      { type: 'openManifest', file: '/a.pp', line: 1, uri: 'file:///etc/passwd' },
    ]) {
      assert.ok(checkToHost('events', message), JSON.stringify(message));
      assert.ok(checkToHost('report', message), JSON.stringify(message));
    }
    assert.ok(checkToHost('results', { type: 'openManifest', file: '/a.pp', line: 1 }));
    assert.ok(checkToHost('results', { type: 'openManifest', runId: 1, row: -1 }));
  });

  test('events sources: the resources declared at a line of some files', () => {
    const events = (source: unknown) =>
      checkRestoreInfo('events', { entry: 'events', connectionId: 'c', source });
    assert.equal(events({ declaredAt: { files: ['/a/base.pp'], line: 3 } }), undefined);
    assert.match(events({ declaredAt: { files: [], line: 3 } })!, /expected/);
    assert.match(events({ declaredAt: { files: ['/a/base.pp'] } })!, /expected/);
  });

  test('content that was too large: the note says so', () => {
    const omitted = 'The 200,000 rows (30.0 MB) were too large to keep.';
    const { kept } = checkRestoredState('results', {
      panelId,
      kept: { savedAt: '2026-01-01T00:00:00.000Z', omitted },
    });
    assert.deepEqual(restoredNote(kept), { savedAt: '2026-01-01T00:00:00.000Z', omitted });
    assert.match(restoredNote(undefined).omitted!, /Nothing of it was kept/);
    assert.ok(SHOWN_CONTENT_MAX_CHARS >= 1_000_000 && SHOWN_CONTENT_MAX_CHARS <= 2_097_152);
  });
});
