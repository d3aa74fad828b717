import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import {
  choiceKey,
  mappedPath,
  parseServerPath,
  suffixMatches,
  suffixPattern,
} from '../../../../src/extension/code/manifestPaths';
import type { PathRules } from '../../../../src/extension/code/pathRules';

const LINUX: PathRules = { path: path.posix, caseInsensitive: false };
const MACOS: PathRules = { path: path.posix, caseInsensitive: true };
const WINDOWS: PathRules = { path: path.win32, caseInsensitive: true };

const SERVER = '/etc/puppetlabs/code/environments/staging';
const REPO = '/home/me/control-repo';
const FILES = [
  `${REPO}/manifests/site.pp`,
  `${REPO}/site-modules/profile/manifests/base.pp`,
  `${REPO}/site-modules/profile/manifests/web.pp`,
  `${REPO}/site-modules/role/manifests/web.pp`,
  `${REPO}/modules/ntp/manifests/init.pp`,
  `${REPO}/modules/motd/manifests/init.pp`,
  '/home/me/old-copy/site-modules/profile/manifests/web.pp',
];

describe('manifest paths: PuppetDB server paths to workspace files', () => {
  test('the environment is read from the path, the rest is what is matched', () => {
    assert.deepEqual(parseServerPath(`${SERVER}/site-modules/profile/manifests/base.pp`), {
      environment: 'staging',
      segments: ['site-modules', 'profile', 'manifests', 'base.pp'],
    });
    assert.deepEqual(parseServerPath('/opt/puppet/ntp/manifests/init.pp'), {
      environment: undefined,
      segments: ['opt', 'puppet', 'ntp', 'manifests', 'init.pp'],
    });
    assert.equal(
      choiceKey(`${SERVER}/modules/ntp/manifests/init.pp`),
      choiceKey('/etc/puppetlabs/code/environments/production/modules/ntp/manifests/init.pp'),
    );
  });

  test('the longest suffix wins: profile/web.pp is not role/web.pp', () => {
    assert.deepEqual(suffixMatches(`${SERVER}/site-modules/role/manifests/web.pp`, FILES, LINUX), [
      `${REPO}/site-modules/role/manifests/web.pp`,
    ]);
    assert.deepEqual(suffixMatches(`${SERVER}/manifests/site.pp`, FILES, LINUX), [
      `${REPO}/manifests/site.pp`,
    ]);
    assert.deepEqual(suffixMatches(`${SERVER}/modules/ntp/manifests/init.pp`, FILES, LINUX), [
      `${REPO}/modules/ntp/manifests/init.pp`,
    ]);
  });

  test('a tie between two equally good files returns both (the user chooses)', () => {
    assert.deepEqual(
      suffixMatches(`${SERVER}/site-modules/profile/manifests/web.pp`, FILES, LINUX),
      [
        `${REPO}/site-modules/profile/manifests/web.pp`,
        '/home/me/old-copy/site-modules/profile/manifests/web.pp',
      ],
    );
  });

  test("another module's file of the same name never matches", () => {
    assert.deepEqual(suffixMatches(`${SERVER}/modules/apache/manifests/init.pp`, FILES, LINUX), []);
    assert.deepEqual(
      suffixMatches(`${SERVER}/site-modules/profile/manifests/db.pp`, FILES, LINUX),
      [],
    );
    // an environment's site.pp is not a module's manifests/site.pp
    assert.deepEqual(
      suffixMatches(`${SERVER}/manifests/site.pp`, ['/x/modules/foo/manifests/other.pp'], LINUX),
      [],
    );
  });

  test('a module checked out on its own matches by its folder name', () => {
    assert.deepEqual(
      suffixMatches(
        `${SERVER}/modules/ntp/manifests/init.pp`,
        ['/src/ntp/manifests/init.pp'],
        LINUX,
      ),
      ['/src/ntp/manifests/init.pp'],
    );
    assert.deepEqual(
      suffixMatches(
        `${SERVER}/modules/ntp/manifests/init.pp`,
        ['/src/puppet-ntp/manifests/init.pp'],
        LINUX,
      ),
      [],
    );
  });

  test('Windows paths match as well', () => {
    assert.deepEqual(
      suffixMatches(
        `${SERVER}/modules/ntp/manifests/init.pp`,
        ['C:\\repo\\modules\\ntp\\manifests\\init.pp'],
        WINDOWS,
      ),
      ['C:\\repo\\modules\\ntp\\manifests\\init.pp'],
    );
  });

  test('explicit mappings: the longest matching server folder, on whole segments', () => {
    const mappings = {
      '/etc/puppetlabs/code/environments/staging/modules': '/src/modules',
      '/etc/puppetlabs/code/environments/staging/modules/ntp/': '/src/puppet-ntp',
      '/etc/puppetlabs/code/environments/staging/modules/nt': '/never',
    };
    assert.equal(
      mappedPath(`${SERVER}/modules/ntp/manifests/init.pp`, mappings, LINUX),
      '/src/puppet-ntp/manifests/init.pp',
    );
    assert.equal(
      mappedPath(`${SERVER}/modules/apache/manifests/init.pp`, mappings, LINUX),
      '/src/modules/apache/manifests/init.pp',
    );
    assert.equal(mappedPath(`${SERVER}/manifests/site.pp`, mappings, LINUX), undefined);
    assert.equal(mappedPath('/x/y.pp', { '/x': '' }, LINUX), undefined);
  });

  test('a path never climbs out of its mapped folder', () => {
    const mappings = { [`${SERVER}/modules/ntp`]: '/src/puppet-ntp' };
    assert.equal(
      mappedPath(`${SERVER}/modules/ntp/manifests/../../../../../../etc/passwd`, mappings, LINUX),
      undefined,
    );
  });
});

describe('the reverse lookup: which server paths may be a workspace file', () => {
  const matches = (local: string, server: string) =>
    new RegExp(suffixPattern(local, LINUX)).test(server);

  test('from the last manifests folder on, dots and brackets literal', () => {
    const local = `${REPO}/site-modules/profile/manifests/base.pp`;
    assert.equal(suffixPattern(local, LINUX), '(^|/)manifests/base\\.pp$');
    assert.ok(matches(local, `${SERVER}/site-modules/profile/manifests/base.pp`));
    assert.ok(!matches(local, `${SERVER}/site-modules/profile/manifests/baseXpp`));
    assert.ok(!matches(local, `${SERVER}/site-modules/profile/manifests/mybase.pp`));
    assert.equal(suffixPattern('/w/odd(1)/x+y.pp', LINUX), '(^|/)x\\+y\\.pp$');
  });
});

describe('Windows and macOS: drive letters, backslashes and case', () => {
  /** Where a Windows Puppet server keeps its environments, as PuppetDB stores its paths. */
  const WINDOWS_SERVER = 'C:/ProgramData/PuppetLabs/code/environments/production';
  const WINDOWS_REPO = 'c:\\Users\\me\\Control-Repo';
  const WINDOWS_FILES = [
    `${WINDOWS_REPO}\\site-modules\\profile\\manifests\\base.pp`,
    `${WINDOWS_REPO}\\Modules\\NTP\\Manifests\\Init.pp`,
    `${WINDOWS_REPO}\\modules\\motd\\manifests\\init.pp`,
  ];

  test("a Windows server's paths: its environment and the segments below it, in either spelling", () => {
    const expected = {
      environment: 'production',
      segments: ['site-modules', 'profile', 'manifests', 'base.pp'],
    };
    assert.deepEqual(
      parseServerPath(`${WINDOWS_SERVER}/site-modules/profile/manifests/base.pp`),
      expected,
    );
    // backslashes, and the folder spelt as that server's file system allows (it ignores case)
    assert.deepEqual(
      parseServerPath(
        'c:\\ProgramData\\PuppetLabs\\code\\Environments\\production\\site-modules\\profile\\manifests\\base.pp',
      ),
      expected,
    );
    // a Linux server's "Environments" is another folder than its "environments"
    assert.equal(
      parseServerPath('/srv/Environments/production/manifests/site.pp').environment,
      undefined,
    );
    assert.equal(
      choiceKey(`${WINDOWS_SERVER}/modules/ntp/manifests/init.pp`),
      choiceKey(`${SERVER}/modules/ntp/manifests/init.pp`),
    );
  });

  test('a Windows workspace matches whatever the case of its folders and drive letter', () => {
    for (const server of [SERVER, WINDOWS_SERVER]) {
      assert.deepEqual(
        suffixMatches(`${server}/modules/ntp/manifests/init.pp`, WINDOWS_FILES, WINDOWS),
        [`${WINDOWS_REPO}\\Modules\\NTP\\Manifests\\Init.pp`],
        server,
      );
      assert.deepEqual(
        suffixMatches(`${server}/site-modules/profile/manifests/base.pp`, WINDOWS_FILES, WINDOWS),
        [`${WINDOWS_REPO}\\site-modules\\profile\\manifests\\base.pp`],
        server,
      );
      // still whole segments up to the module: another module's init.pp is not this one
      assert.deepEqual(
        suffixMatches(`${server}/modules/apache/manifests/init.pp`, WINDOWS_FILES, WINDOWS),
        [],
        server,
      );
    }
  });

  test("macOS ignores case; Linux does not, except in a Windows server's paths", () => {
    const file = '/Users/me/Control-Repo/Site-Modules/Profile/Manifests/Base.pp';
    const server = `${SERVER}/site-modules/profile/manifests/base.pp`;
    assert.deepEqual(suffixMatches(server, [file], MACOS), [file]);
    assert.deepEqual(suffixMatches(server, [file], LINUX), []);
    // the server's file system ignores case: its spelling does not decide
    const linuxFile = `${REPO}/modules/ntp/manifests/init.pp`;
    assert.deepEqual(
      suffixMatches(`${WINDOWS_SERVER}/modules/NTP/Manifests/init.pp`, [linuxFile], LINUX),
      [linuxFile],
    );
  });

  test("a mapping of a Windows server's folder, in any case and either separator, gives a path spelt as the workspace spells it", () => {
    const server = `${WINDOWS_SERVER}/modules/ntp/manifests/init.pp`;
    const windowsMapping = {
      'c:\\programdata\\puppetlabs\\code\\environments\\production\\modules': 'D:\\src\\modules\\',
    };
    assert.equal(
      mappedPath(server, windowsMapping, WINDOWS),
      'D:\\src\\modules\\ntp\\manifests\\init.pp',
    );
    // a Windows server's path mapped on a Linux or macOS workspace
    assert.equal(
      mappedPath(
        server,
        { 'C:/ProgramData/PuppetLabs/code/environments/production/modules': '/src/modules' },
        LINUX,
      ),
      '/src/modules/ntp/manifests/init.pp',
    );
    // a Linux server's folders keep their case, even on a Windows workspace
    assert.equal(
      mappedPath(
        `${SERVER}/modules/ntp/manifests/init.pp`,
        { '/ETC/puppetlabs': 'D:\\src' },
        WINDOWS,
      ),
      undefined,
    );
    // backslashes climb no further than slashes
    assert.equal(
      mappedPath(
        'C:\\ProgramData\\PuppetLabs\\code\\environments\\production\\modules\\ntp\\..\\..\\..\\..\\secrets.pp',
        windowsMapping,
        WINDOWS,
      ),
      undefined,
    );
  });

  test("the reverse lookup ignores case where the workspace's file system does", () => {
    const windowsFile = `${WINDOWS_REPO}\\site-modules\\profile\\Manifests\\base.pp`;
    assert.equal(suffixPattern(windowsFile, WINDOWS), '(?i)(^|/)Manifests/base\\.pp$');
    assert.equal(
      suffixPattern('/Users/me/repo/site-modules/profile/manifests/base.pp', MACOS),
      '(?i)(^|/)manifests/base\\.pp$',
    );
    assert.equal(
      suffixPattern(`${REPO}/site-modules/profile/Manifests/base.pp`, LINUX),
      '(^|/)base\\.pp$',
    );
  });
});
