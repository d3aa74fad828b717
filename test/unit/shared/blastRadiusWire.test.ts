/** The blast radius as the host sends it to its page (radiusWire.ts): columns that make the same model again. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BlastRadius } from '../../../src/shared/blastRadius/model';
import { fromWire, toWire } from '../../../src/shared/blastRadius/radiusWire';

const RADIUS: BlastRadius = {
  scope: { kind: 'range', base: 'main', head: 'feature' },
  repository: 'control-repo',
  head: 'b'.repeat(40),
  caveats: ['conditionals'],
  counting: true,
  truncatedAt: 50_000,
  files: [
    {
      path: 'site/profile/manifests/web.pp',
      kind: 'manifest',
      hunks: [{ start: 3, count: 2, nodes: 3, basis: 'resources', failing: 1, caveats: [] }],
      nodes: 3,
      failing: 1,
      definitions: ['Profile::Web'],
      caveats: ['conditionals'],
    },
  ],
  nodes: [
    {
      certname: 'web1.example.com',
      environment: 'production',
      roleClass: 'Role::Web',
      status: 'failed',
      latestReportHash: 'c'.repeat(40),
      reachedBy: [
        {
          file: 'site/profile/manifests/web.pp',
          hunk: 0,
          resource: { type: 'File', title: '/etc/<b>x</b>' },
        },
        { file: 'site/profile/manifests/web.pp', hunk: 1 },
      ],
    },
    // nothing repeated is lost when a value is null, empty or shared with another column
    {
      certname: 'production',
      environment: null,
      roleClass: null,
      status: 'unreported',
      latestReportHash: null,
      reachedBy: [],
    },
    {
      certname: '[x](command:evil)',
      environment: 'production',
      roleClass: 'Role::Web',
      status: '',
      latestReportHash: null,
      reachedBy: [
        { file: 'site/profile/manifests/web.pp', hunk: 0, resource: { type: 'Exec', title: '' } },
      ],
    },
  ],
};

test('the wire form makes the same blast radius again, every value as it was', () => {
  assert.deepStrictEqual(fromWire(JSON.parse(JSON.stringify(toWire(RADIUS)))), RADIUS);
});

test('the wire form names each repeated string once, and no node is an object', () => {
  const wire = toWire(RADIUS);
  assert.equal(wire.nodes.strings.filter((value) => value === 'production').length, 1);
  assert.equal(
    wire.nodes.strings.filter((value) => value === 'site/profile/manifests/web.pp').length,
    1,
  );
  for (const column of Object.values(wire.nodes)) {
    assert.ok(column.every((value: unknown) => value === null || typeof value !== 'object'));
  }
});

test('a column that points past its strings or is shorter than its counts throws instead of inventing values', () => {
  const pastStrings = toWire(RADIUS);
  pastStrings.nodes.statuses[0] = pastStrings.nodes.strings.length;
  assert.throws(() => fromWire(pastStrings), RangeError);
  const short = toWire(RADIUS);
  short.nodes.reachHunks.pop();
  assert.throws(() => fromWire(short), RangeError);
});
