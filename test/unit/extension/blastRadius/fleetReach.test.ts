import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import type { ChangedFile } from '../../../../src/shared/blastRadius/assemble';
import {
  holdersQuery,
  resourcesOnLinesQuery,
} from '../../../../src/extension/blastRadius/fleetReach';

const file = (relative: string, touchedLines: number[][]): ChangedFile => ({
  path: relative,
  kind: 'manifest',
  hunks: [],
  touchedLines,
  definitions: [],
});

describe('blast radius: the PuppetDB queries', () => {
  const files = [
    file('site-modules/profile/manifests/base.pp', [[8, 12], [16]]),
    file('site-modules/role/manifests/web.pp', [[12]]),
  ];
  const localPaths = new Map(files.map((changed) => [changed.path, `/repo/${changed.path}`]));

  test("one pattern for every file's suffix, on the union of their lines", () => {
    const query = resourcesOnLinesQuery(
      files,
      { localPaths },
      { path: path.posix, caseInsensitive: false },
    );
    const [, fields, [, [, , pattern], lines]] = query as [
      string,
      string[],
      [string, [string, string, string], unknown[]],
    ];
    assert.deepEqual(fields, ['certname', 'type', 'title', 'file', 'line']);
    assert.deepEqual(lines, ['or', ['=', 'line', 8], ['=', 'line', 12], ['=', 'line', 16]]);
    const matches = (serverPath: string) => new RegExp(pattern).test(serverPath);
    const root = '/etc/puppetlabs/code/environments/production';
    assert.ok(matches(`${root}/site-modules/profile/manifests/base.pp`));
    assert.ok(matches(`${root}/site-modules/role/manifests/web.pp`));
    // from `manifests` on, as Open Manifest's reverse lookup: the forward mapping then decides
    assert.ok(matches(`${root}/site-modules/profile/manifests/web.pp`));
    assert.ok(!matches(`${root}/site-modules/profile/manifests/db.pp`));
    assert.ok(!matches(`${root}/site-modules/profile/manifests/base.pp.orig`));
  });

  test('a case-insensitive file system asks PuppetDB to ignore case once, up front', () => {
    const query = resourcesOnLinesQuery(
      files,
      { localPaths },
      { path: path.posix, caseInsensitive: true },
    );
    const pattern = (query as [string, string[], [string, [string, string, string]]])[2][1][2];
    assert.match(pattern, /^\(\?i\)\(\^\|\/\)\(/);
    assert.equal(pattern.match(/\(\?i\)/g)?.length, 1);
  });

  test('holders: a class by its title, a defined type by its type', () => {
    assert.deepEqual(holdersQuery(['Profile::Base', 'Profile::Account']), [
      'extract',
      ['certname', 'type', 'title'],
      [
        'or',
        [
          'and',
          ['=', 'type', 'Class'],
          ['in', 'title', ['array', ['Profile::Base', 'Profile::Account']]],
        ],
        ['in', 'type', ['array', ['Profile::Base', 'Profile::Account']]],
      ],
    ]);
  });
});
