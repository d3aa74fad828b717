/**
 * What the Blast Radius view draws of a blast radius (radiusView.ts), the revisions a range may
 * name (revision.ts) and what its page may post (blastRadiusSchema.ts).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { BlastRadius, ReachedNode } from '../../../src/shared/blastRadius/model';
import {
  caveatsToSay,
  exportedHunks,
  groupedNodes,
  hunkRows,
  summaryOf,
} from '../../../src/shared/blastRadius/radiusView';
import { isRevision } from '../../../src/shared/blastRadius/revision';
import { viewSchemas } from '../../../src/shared/protocol';
import { checkMessage } from '../../../src/shared/messageSchema';

const node = (
  certname: string,
  status: string,
  environment: string | null,
  roleClass: string | null,
  files: string[],
): ReachedNode => ({
  certname,
  status,
  environment,
  roleClass,
  latestReportHash: `${certname}-report`,
  reachedBy: files.map((file) => ({ file, hunk: 0 })),
});

const RADIUS: BlastRadius = {
  scope: { kind: 'workingTree' },
  repository: 'control-repo',
  head: 'a'.repeat(40),
  caveats: ['conditionals', 'hieraNotComputed'],
  files: [
    {
      path: 'site-modules/profile/manifests/base.pp',
      kind: 'manifest',
      nodes: 3,
      failing: 1,
      definitions: ['Profile::Base'],
      caveats: [],
      hunks: [
        { start: 4, count: 3, nodes: 3, failing: 1, basis: 'resources', caveats: [] },
        { start: 20, count: 0, nodes: 0, failing: 0, basis: 'none', caveats: [] },
      ],
    },
    {
      path: 'data/common.yaml',
      kind: 'hieraData',
      nodes: 0,
      failing: 0,
      definitions: [],
      caveats: ['hieraNotComputed'],
      hunks: [{ start: 1, count: 1, nodes: 0, failing: 0, basis: 'none', caveats: [] }],
    },
  ],
  nodes: [
    node('web-2', 'failed', 'production', 'Role::Web', ['site-modules/profile/manifests/base.pp']),
    node('db-1', 'unchanged', 'production', 'Role::Db', ['site-modules/profile/manifests/base.pp']),
    node('web-1', 'changed', 'production', 'Role::Web', ['site-modules/profile/manifests/base.pp']),
    node('dev-1', 'unchanged', null, null, ['site-modules/profile/manifests/base.pp']),
  ],
};

describe('blast radius view: the summary and the groups', () => {
  test('N nodes, F failing, in E environments (a node without one counts as its own)', () => {
    assert.deepEqual(summaryOf(RADIUS), { nodes: 4, failing: 1, environments: 2 });
  });

  test('groups with failing nodes first, then the most nodes; failing first inside each', () => {
    const { rows, groups } = groupedNodes(RADIUS, 'environmentRole');
    assert.deepEqual(
      groups.map((group) => [group.group, group.nodes, group.failing]),
      [
        ['production · Role::Web', 2, 1],
        ['(no environment) · (no role class)', 1, 0],
        ['production · Role::Db', 1, 0],
      ],
    );
    assert.deepEqual(
      rows.map((row) => row.certname),
      ['web-2', 'web-1', 'dev-1', 'db-1'],
    );
    assert.equal(rows[0]!.reachedBy, 'site-modules/profile/manifests/base.pp:4');
  });

  test('by environment and by file: a row per node and group', () => {
    const byEnvironment = groupedNodes(RADIUS, 'environment');
    assert.deepEqual(
      byEnvironment.groups.map((group) => group.group),
      ['production', '(no environment)'],
    );
    const byFile = groupedNodes(RADIUS, 'file');
    assert.equal(byFile.rows.length, 4);
    assert.deepEqual(byFile.groups, [
      { group: 'site-modules/profile/manifests/base.pp', nodes: 4, failing: 1 },
    ]);
  });
});

describe('blast radius view: files and hunks', () => {
  test('each file, then its hunks, with their lines and distinct counts', () => {
    assert.deepEqual(
      hunkRows(RADIUS).map((row) => [row.file, row.hunk, row.lines, row.nodes, row.basis]),
      [
        ['site-modules/profile/manifests/base.pp', -1, '2 hunks', 3, 'file'],
        ['site-modules/profile/manifests/base.pp', 0, '4–6', 3, 'resources'],
        ['site-modules/profile/manifests/base.pp', 1, 'after 20', 0, 'none'],
        ['data/common.yaml', -1, '1 hunk', 0, 'file'],
        ['data/common.yaml', 0, '1', 0, 'none'],
      ],
    );
    assert.match(String(exportedHunks(RADIUS)[3]!.caveats), /Hiera data file/);
  });

  test('the note always says what a new line and conditionals cannot show, then the change’s own', () => {
    assert.deepEqual(caveatsToSay(undefined), ['newLines', 'conditionals']);
    assert.deepEqual(caveatsToSay(RADIUS), ['newLines', 'conditionals', 'hieraNotComputed']);
  });
});

describe('blast radius: the revisions a range may name', () => {
  test('ref names, commit ids and their ^ / ~N steps', () => {
    for (const revision of [
      'main',
      'feature/x',
      'a'.repeat(40),
      `${'b'.repeat(40)}^`,
      'HEAD~2',
      'v1.2',
    ]) {
      assert.equal(isRevision(revision), true, revision);
    }
  });

  test('never an option, a range, a pathspec or what check-ref-format refuses', () => {
    for (const revision of [
      '',
      '-p',
      '--output=/tmp/x',
      'main..evil',
      'a b',
      'HEAD:path',
      '@',
      'x@{1}',
      '.hidden',
      'x.lock',
      'x/',
      '/x',
      'x//y',
      'x.',
      'a*',
      'a\\b',
      'a\u0000b',
      'x'.repeat(256),
      42,
    ]) {
      assert.equal(isRevision(revision), false, JSON.stringify(revision));
    }
  });

  test("the page's messages: known fields only; a restore record's range is checked", () => {
    const schema = viewSchemas.blastRadius;
    assert.equal(
      checkMessage(schema.toHost, { type: 'openHunk', file: 'a.pp', hunk: -1 }),
      undefined,
    );
    assert.ok(checkMessage(schema.toHost, { type: 'openHunk', file: 'a.pp', hunk: -2 }));
    assert.ok(
      checkMessage(schema.toHost, { type: 'openGraph', certname: 'x', focus: 'File[/etc/passwd]' }),
    );
    assert.ok(checkMessage(schema.toHost, { type: 'export', format: 'xml', rows: 'nodes' }));
    const record = { entry: 'blastRadius', connectionId: 'c', repository: 'file:///r' };
    assert.equal(schema.restore({ ...record, scope: { kind: 'staged' } }), undefined);
    assert.equal(
      schema.restore({ ...record, scope: { kind: 'range', base: 'main', head: 'feature' } }),
      undefined,
    );
    assert.ok(schema.restore({ ...record, scope: { kind: 'range', base: '--all', head: 'x' } }));
    assert.ok(schema.restore({ ...record, scope: { kind: 'staged', path: '/etc' } }));
  });
});
