import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import {
  assembleBlastRadius,
  assembleFirstCounts,
  type ChangedFile,
  type FleetAnswers,
  type NodeFacts,
} from '../../../src/shared/blastRadius/assemble';
import { classifyPath, datadirOf } from '../../../src/shared/blastRadius/classify';
import {
  declarationLines,
  touchedDeclarationLines,
} from '../../../src/shared/blastRadius/declarations';
import {
  oldSideOf,
  parseHunks,
  patchAdds,
  patchDeletes,
  splitPatch,
  untrimmed,
} from '../../../src/shared/blastRadius/hunks';
import { CONTROL_REPO } from '../../fixtures/fleet/controlRepo';

const BASE_PP = readFileSync(join(CONTROL_REPO, 'site-modules/profile/manifests/base.pp'), 'utf8');

describe('blast radius: hunks of a unified diff', () => {
  test('a replaced line, an insertion and a deletion: new-side ranges and old-side lines', () => {
    const patch = [
      'diff --git a/x.pp b/x.pp',
      'index 1111111..2222222 100644',
      '--- a/x.pp',
      '+++ b/x.pp',
      '@@ -10,3 +10,3 @@ class x {',
      '   a',
      "-  mode => '0644',",
      "+  mode => '0600',",
      '   c',
      '@@ -20,2 +20,4 @@',
      '   d',
      '+  e',
      '+  f',
      '   g',
      '@@ -30,3 +32,2 @@',
      '   h',
      '-  i',
      '   j',
    ].join('\n');
    assert.deepEqual(parseHunks(patch), [
      { newStart: 10, newCount: 3, removedLines: [11], insertedAfter: [11] },
      { newStart: 20, newCount: 4, removedLines: [], insertedAfter: [20] },
      { newStart: 32, newCount: 2, removedLines: [31], insertedAfter: [] },
    ]);
  });

  test('a new file is one hunk after line 0; a deleted one removes every line', () => {
    const added = ['--- /dev/null', '+++ b/n.pp', '@@ -0,0 +1,2 @@', '+class n {', '+}'].join('\n');
    assert.deepEqual(parseHunks(added), [
      { newStart: 1, newCount: 2, removedLines: [], insertedAfter: [0] },
    ]);
    const deleted = ['--- a/d.pp', '+++ /dev/null', '@@ -1,2 +0,0 @@', '-class d {', '-}'].join(
      '\n',
    );
    assert.deepEqual(parseHunks(deleted), [
      { newStart: 1, newCount: 0, removedLines: [1, 2], insertedAfter: [] },
    ]);
    assert.deepEqual(parseHunks(''), []);
  });

  test("a diff trimmed of its last blank context line (a commit range's) is read whole", () => {
    const whole = [
      '--- a/ntp.pp',
      '+++ b/ntp.pp',
      '@@ -2,5 +2,5 @@ class profile::ntp {',
      "   package { 'ntp':",
      '-    ensure  => installed,',
      "+    ensure => 'latest',",
      "     require => Exec['apt-get update'],",
      '   }',
      ' ',
      '',
    ].join('\n');
    const expected = [{ newStart: 2, newCount: 5, removedLines: [3], insertedAfter: [3] }];
    assert.deepEqual(parseHunks(whole), expected);
    assert.deepEqual(parseHunks(whole.trim()), expected);
    assert.equal(untrimmed(whole), whole, 'a whole patch stays as it is');
  });
});

describe('blast radius: a working tree diff of several files', () => {
  const patch = [
    'diff --git a/site-modules/profile/manifests/base.pp b/site-modules/profile/manifests/base.pp',
    'index 1111111..2222222 100644',
    '--- a/site-modules/profile/manifests/base.pp',
    '+++ b/site-modules/profile/manifests/base.pp',
    '@@ -1,3 +1,3 @@',
    ' class x {',
    "-  file { '/a': mode => '0644' }",
    "+  file { '/a': mode => '0600' }",
    ' }',
    'diff --git a/Puppetfile b/Puppetfile',
    'new file mode 100644',
    'index 0000000..3333333',
    '--- /dev/null',
    '+++ b/Puppetfile',
    '@@ -0,0 +1 @@',
    "+mod 'stdlib'",
    'diff --git i/data/old.yaml w/data/old.yaml',
    'deleted file mode 100644',
    'index 4444444..0000000',
    '--- i/data/old.yaml',
    '+++ /dev/null',
    '@@ -1 +0,0 @@',
    '-a: 1',
    '',
  ].join('\n');

  test('each file gets its own part, by its path (mnemonic prefixes too)', () => {
    const files = splitPatch(patch);
    assert.deepEqual(
      [...files.keys()],
      ['site-modules/profile/manifests/base.pp', 'Puppetfile', 'data/old.yaml'],
    );
    assert.ok(patchAdds(files.get('Puppetfile')!));
    assert.ok(patchDeletes(files.get('data/old.yaml')!));
    assert.ok(!patchAdds(files.get('site-modules/profile/manifests/base.pp')!));
    assert.equal(parseHunks(files.get('site-modules/profile/manifests/base.pp')!).length, 1);
  });

  test('the old side comes back from the new one and the patch', () => {
    const base = splitPatch(patch).get('site-modules/profile/manifests/base.pp')!;
    assert.equal(
      oldSideOf("class x {\n  file { '/a': mode => '0600' }\n}\n", base),
      "class x {\n  file { '/a': mode => '0644' }\n}\n",
    );
    assert.equal(oldSideOf('something else entirely\n', base), undefined, 'changed again since');
    assert.equal(oldSideOf('', splitPatch(patch).get('data/old.yaml')!), 'a: 1\n');
  });
});

describe('blast radius: the declaration a changed line belongs to', () => {
  const lines = declarationLines(BASE_PP);
  test("an attribute's line belongs to its resource's head; a class body's to none", () => {
    // file { '/etc/motd': on line 8, its mode on line 12
    assert.equal(lines.at(12), 8);
    assert.equal(lines.at(8), 8);
    assert.equal(lines.at(14), 8, 'its closing brace');
    assert.equal(lines.at(2), undefined, 'the class head is not a resource');
    assert.equal(lines.at(15), undefined, 'the blank line after it');
    // one-line resources are their own heads
    assert.equal(lines.at(22), 22);
  });

  test('an insertion lands in the resource still open after the line before it', () => {
    assert.equal(lines.openAfter(10), 8, 'inside the motd file');
    assert.equal(lines.openAfter(14), undefined, 'after its closing brace');
    assert.equal(lines.openAfter(0), undefined);
    assert.deepEqual(
      touchedDeclarationLines(lines, { removedLines: [12], insertedAfter: [10] }),
      [8, 12],
    );
  });

  test('braces in strings, comments and nested hashes do not open or close resources', () => {
    const text = [
      'class x {', // 1
      "  file { '/a':", // 2
      "    content => '}',", // 3
      '    # } not code', // 4
      "    tags => { 'a' => 1 },", // 5
      "    mode => '0644',", // 6
      '  }', // 7
      '  if $x {', // 8
      "    @@host { 'h': ip => '1' }", // 9
      '  }', // 10
      '}', // 11
    ].join('\n');
    const scanned = declarationLines(text);
    assert.equal(scanned.at(6), 2);
    assert.equal(scanned.at(7), 2);
    assert.equal(scanned.at(8), undefined, '`if` opens no resource');
    assert.equal(scanned.at(9), 9);
    assert.equal(scanned.at(10), undefined);
  });
});

describe('blast radius: what kind of file changed', () => {
  test('manifests, Hiera data under the data dir, hiera.yaml, Puppetfile, the rest', () => {
    assert.equal(classifyPath('site-modules/profile/manifests/base.pp'), 'manifest');
    assert.equal(classifyPath('data/common.yaml'), 'hieraData');
    assert.equal(classifyPath('data/nodes/web01.example.com.json'), 'hieraData');
    assert.equal(classifyPath('data/secrets.eyaml'), 'hieraData');
    assert.equal(classifyPath('hiera.yaml'), 'hieraConfig');
    assert.equal(classifyPath('site-modules/profile/hiera.yaml'), 'hieraConfig');
    assert.equal(classifyPath('Puppetfile'), 'puppetfile');
    assert.equal(classifyPath('README.md'), 'other');
    assert.equal(classifyPath('config/common.yaml'), 'other', 'YAML outside the data dir');
    assert.equal(classifyPath('data'), 'other');
    assert.equal(
      classifyPath('hieradata/common.yaml', [datadirOf('hiera.yaml', 'hieradata')]),
      'hieraData',
    );
    assert.equal(
      datadirOf('site-modules/profile/hiera.yaml', undefined),
      'site-modules/profile/data',
    );
  });
});

describe('blast radius: distinct nodes per hunk and per file', () => {
  const facts = (status: string): NodeFacts => ({
    environment: 'production',
    roleClass: 'Role::Web',
    status,
    latestReportHash: 'h',
  });
  const manifest: ChangedFile = {
    path: 'site-modules/profile/manifests/base.pp',
    kind: 'manifest',
    hunks: [
      { newStart: 12, newCount: 1, removedLines: [12], insertedAfter: [] },
      { newStart: 16, newCount: 1, removedLines: [16], insertedAfter: [] },
      { newStart: 40, newCount: 2, removedLines: [], insertedAfter: [39] },
    ],
    touchedLines: [[8, 12], [16], []],
    definitions: ['Profile::Base'],
  };
  const answers: FleetAnswers = {
    resources: [
      // web01 holds two resources on hunk 0's lines and one on hunk 1's: counted once per hunk
      { certname: 'web01', type: 'File', title: '/etc/motd', path: manifest.path, line: 8 },
      { certname: 'web01', type: 'File', title: '/etc/motd2', path: manifest.path, line: 12 },
      { certname: 'web02', type: 'File', title: '/etc/motd', path: manifest.path, line: 8 },
      { certname: 'web01', type: 'Package', title: 'curl', path: manifest.path, line: 16 },
      { certname: 'web01', type: 'Package', title: 'vim', path: manifest.path, line: 16 },
    ],
    holders: new Map([['Profile::Base', new Set(['web01', 'web02', 'db01'])]]),
    environmentNodes: new Set(['web01', 'web02', 'db01', 'mq01']),
    hieraReaders: new Map([['data/common.yaml', undefined]]),
    nodes: new Map([
      ['web01', facts('changed')],
      ['web02', facts('failed')],
      ['db01', facts('unreported')],
      ['mq01', facts('failed')],
    ]),
  };
  const radius = assembleBlastRadius(
    { scope: { kind: 'workingTree' }, repository: 'control-repo', head: 'abc' },
    [
      manifest,
      {
        path: 'data/common.yaml',
        kind: 'hieraData',
        hunks: [{ newStart: 1, newCount: 1, removedLines: [1], insertedAfter: [] }],
        touchedLines: [[]],
        definitions: [],
      },
      {
        path: 'Puppetfile',
        kind: 'puppetfile',
        hunks: [{ newStart: 3, newCount: 1, removedLines: [3], insertedAfter: [] }],
        touchedLines: [[]],
        definitions: [],
      },
    ],
    answers,
  );

  test('each hunk counts the distinct nodes its lines reach, or falls back to the definitions', () => {
    const [changed, packages, added] = radius.files[0]!.hunks;
    assert.deepEqual(
      { nodes: changed!.nodes, failing: changed!.failing, basis: changed!.basis },
      { nodes: 2, failing: 1, basis: 'resources' },
    );
    assert.deepEqual(
      { nodes: packages!.nodes, basis: packages!.basis },
      { nodes: 1, basis: 'resources' },
    );
    assert.deepEqual(
      { nodes: added!.nodes, basis: added!.basis, caveats: added!.caveats },
      { nodes: 3, basis: 'definitions', caveats: ['newLines'] },
    );
    assert.equal(radius.files[0]!.nodes, 3, 'the union of its hunks');
    assert.equal(radius.files[0]!.failing, 1);
  });

  test('Hiera data without an engine says "not computed"; a Puppetfile reaches the environment', () => {
    const [, data, puppetfile] = radius.files;
    assert.deepEqual(data!.hunks[0]!.caveats, ['hieraNotComputed']);
    assert.equal(data!.nodes, 0);
    assert.equal(puppetfile!.hunks[0]!.basis, 'environment');
    assert.equal(puppetfile!.nodes, 4);
    assert.deepEqual(radius.caveats, ['conditionals']);
  });

  test('nodes are listed failing first, each with what reached it', () => {
    assert.deepEqual(
      radius.nodes.map((node) => [node.certname, node.status]),
      [
        ['mq01', 'failed'],
        ['web02', 'failed'],
        ['db01', 'unreported'],
        ['web01', 'changed'],
      ],
    );
    const web01 = radius.nodes.find((node) => node.certname === 'web01')!;
    assert.deepEqual(web01.reachedBy.slice(0, 2), [
      { file: manifest.path, hunk: 0, resource: { type: 'File', title: '/etc/motd' } },
      { file: manifest.path, hunk: 1, resource: { type: 'Package', title: 'curl' } },
    ]);
  });
});

describe("blast radius: a large change's first answer", () => {
  const facts = (status: string, environment = 'production'): NodeFacts => ({
    environment,
    roleClass: 'Role::Web',
    status,
    latestReportHash: 'h',
  });
  // base.pp's changed line declares the motd (its class's other holders are not reached);
  // ntp.pp's declares nothing on any node: its class's holders are
  const base: ChangedFile = {
    path: 'site-modules/profile/manifests/base.pp',
    kind: 'manifest',
    hunks: [{ newStart: 12, newCount: 1, removedLines: [12], insertedAfter: [] }],
    touchedLines: [[12]],
    definitions: ['Profile::Base'],
  };
  const ntp: ChangedFile = {
    path: 'site-modules/profile/manifests/ntp.pp',
    kind: 'manifest',
    hunks: [{ newStart: 5, newCount: 1, removedLines: [5], insertedAfter: [] }],
    touchedLines: [[5]],
    definitions: ['Profile::Ntp'],
  };
  const data: ChangedFile = {
    path: 'data/common.yaml',
    kind: 'hieraData',
    hunks: [{ newStart: 1, newCount: 1, removedLines: [1], insertedAfter: [] }],
    touchedLines: [[]],
    definitions: [],
  };
  const puppetfile: ChangedFile = {
    path: 'Puppetfile',
    kind: 'puppetfile',
    hunks: [{ newStart: 3, newCount: 1, removedLines: [3], insertedAfter: [] }],
    touchedLines: [[]],
    definitions: [],
    modules: [['apache']],
  };
  const files = [base, ntp, data, puppetfile];
  const resources = [
    { certname: 'web01', type: 'File', title: '/etc/motd', path: base.path, line: 12 },
    { certname: 'web02', type: 'File', title: '/etc/motd', path: base.path, line: 12 },
  ];
  const rest = {
    holders: new Map([
      ['Profile::Base', new Set(['web01', 'web02', 'db01', 'db03'])],
      ['Profile::Ntp', new Set(['db02'])],
    ]),
    environmentNodes: new Set(['db03', 'mq02']),
    moduleHolders: new Map([['apache', new Set(['db03', 'web09'])]]),
    hieraReaders: new Map([['data/common.yaml', new Set(['mq01'])]]),
    nodes: new Map([
      ['web01', facts('changed')],
      ['web02', facts('failed', 'staging')],
      ['db01', facts('unchanged')],
      ['db02', facts('failed')],
      ['db03', facts('unchanged')],
      ['mq01', facts('unchanged')],
      ['mq02', facts('unchanged')],
      ['web09', facts('unchanged')],
    ]),
  };
  const change = { scope: { kind: 'workingTree' as const }, repository: 'r', head: 'h' };

  test('lists every node the whole answer lists, in its order and with its facts', () => {
    const whole = assembleBlastRadius(change, files, { ...rest, resources });
    const first = assembleFirstCounts(change, files, {
      ...rest,
      onChangedLines: new Set(resources.map((resource) => resource.certname)),
      declaringLines: new Set([`${base.path}\n12`]),
    });
    assert.equal(first.counting, true);
    assert.equal(whole.counting, undefined);
    assert.deepEqual(
      whole.nodes.map((node) => node.certname),
      ['db02', 'web02', 'db03', 'mq01', 'web01'],
    );
    assert.deepEqual(
      first.nodes,
      whole.nodes.map((node) => ({ ...node, reachedBy: [] })),
    );
  });
});
