import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import type { ChangedFile } from '../../../../src/shared/blastRadius/assemble';
import {
  holdersQuery,
  resourcesOnLinesQuery,
  serverPathsByFile,
} from '../../../../src/extension/blastRadius/fleetReach';

const file = (relative: string, touchedLines: number[][]): ChangedFile => ({
  path: relative,
  kind: 'manifest',
  hunks: [],
  touchedLines,
  definitions: [],
});

const POSIX = { path: path.posix, caseInsensitive: false };
const root = (environment: string) => `/etc/puppetlabs/code/environments/${environment}`;

describe('blast radius: the PuppetDB queries', () => {
  const files = [
    file('site-modules/profile/manifests/base.pp', [[8, 12], [16]]),
    file('site-modules/role/manifests/web.pp', [[12]]),
  ];
  const localPaths = new Map(files.map((changed) => [changed.path, `/repo/${changed.path}`]));
  const serverPaths = [
    `${root('production')}/site-modules/profile/manifests/base.pp`,
    `${root('staging')}/site-modules/profile/manifests/base.pp`,
    `${root('production')}/site-modules/profile/manifests/web.pp`,
    `${root('production')}/site-modules/role/manifests/web.pp`,
    `${root('production')}/modules/other/manifests/base.pp`,
  ];

  test('each changed file stands for the server paths the path mapping takes to it', () => {
    const byFile = serverPathsByFile(
      serverPaths,
      { localPaths, pathMappings: {}, workspaceFolders: ['/repo'] },
      POSIX,
    );
    assert.deepEqual(Object.fromEntries(byFile), {
      'site-modules/profile/manifests/base.pp': serverPaths.slice(0, 2),
      // profile's web.pp is another module's file: the suffix must reach the module's name
      'site-modules/role/manifests/web.pp': [serverPaths[3]],
    });
    // an explicit mapping wins: the other module's base.pp is this one, checked out elsewhere
    const mapped = serverPathsByFile(
      serverPaths,
      {
        localPaths,
        pathMappings: { [`${root('production')}/modules/other`]: '/repo/site-modules/profile' },
        workspaceFolders: ['/repo'],
      },
      POSIX,
    );
    assert.ok(mapped.get('site-modules/profile/manifests/base.pp')!.includes(serverPaths[4]!));
  });

  test('the resources on each file’s own lines, the file named by its exact paths', () => {
    const byFile = new Map([
      ['site-modules/profile/manifests/base.pp', serverPaths.slice(0, 2)],
      ['site-modules/role/manifests/web.pp', [serverPaths[3]!]],
    ]);
    assert.deepEqual(resourcesOnLinesQuery(files, byFile), [
      'extract',
      ['certname', 'type', 'title', 'file', 'line'],
      [
        'or',
        [
          'and',
          ['or', ['=', 'file', serverPaths[0]], ['=', 'file', serverPaths[1]]],
          ['or', ['=', 'line', 8], ['=', 'line', 12], ['=', 'line', 16]],
        ],
        ['and', ['=', 'file', serverPaths[3]], ['=', 'line', 12]],
      ],
    ]);
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
