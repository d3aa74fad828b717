import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  choiceKey,
  mappedPath,
  parseServerPath,
  suffixMatches,
  suffixPattern,
} from '../../../../src/extension/code/manifestPaths';

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
    assert.deepEqual(suffixMatches(`${SERVER}/site-modules/role/manifests/web.pp`, FILES), [
      `${REPO}/site-modules/role/manifests/web.pp`,
    ]);
    assert.deepEqual(suffixMatches(`${SERVER}/manifests/site.pp`, FILES), [
      `${REPO}/manifests/site.pp`,
    ]);
    assert.deepEqual(suffixMatches(`${SERVER}/modules/ntp/manifests/init.pp`, FILES), [
      `${REPO}/modules/ntp/manifests/init.pp`,
    ]);
  });

  test('a tie between two equally good files returns both (the user chooses)', () => {
    assert.deepEqual(suffixMatches(`${SERVER}/site-modules/profile/manifests/web.pp`, FILES), [
      `${REPO}/site-modules/profile/manifests/web.pp`,
      '/home/me/old-copy/site-modules/profile/manifests/web.pp',
    ]);
  });

  test("another module's file of the same name never matches", () => {
    assert.deepEqual(suffixMatches(`${SERVER}/modules/apache/manifests/init.pp`, FILES), []);
    assert.deepEqual(suffixMatches(`${SERVER}/site-modules/profile/manifests/db.pp`, FILES), []);
    // an environment's site.pp is not a module's manifests/site.pp
    assert.deepEqual(
      suffixMatches(`${SERVER}/manifests/site.pp`, ['/x/modules/foo/manifests/other.pp']),
      [],
    );
  });

  test('a module checked out on its own matches by its folder name', () => {
    assert.deepEqual(
      suffixMatches(`${SERVER}/modules/ntp/manifests/init.pp`, ['/src/ntp/manifests/init.pp']),
      ['/src/ntp/manifests/init.pp'],
    );
    assert.deepEqual(
      suffixMatches(`${SERVER}/modules/ntp/manifests/init.pp`, [
        '/src/puppet-ntp/manifests/init.pp',
      ]),
      [],
    );
  });

  test('Windows paths match as well', () => {
    assert.deepEqual(
      suffixMatches(`${SERVER}/modules/ntp/manifests/init.pp`, [
        'C:\\repo\\modules\\ntp\\manifests\\init.pp',
      ]),
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
      mappedPath(`${SERVER}/modules/ntp/manifests/init.pp`, mappings),
      '/src/puppet-ntp/manifests/init.pp',
    );
    assert.equal(
      mappedPath(`${SERVER}/modules/apache/manifests/init.pp`, mappings),
      '/src/modules/apache/manifests/init.pp',
    );
    assert.equal(mappedPath(`${SERVER}/manifests/site.pp`, mappings), undefined);
    assert.equal(mappedPath('/x/y.pp', { '/x': '' }), undefined);
  });

  test('a path never climbs out of its mapped folder', () => {
    const mappings = { [`${SERVER}/modules/ntp`]: '/src/puppet-ntp' };
    assert.equal(
      mappedPath(`${SERVER}/modules/ntp/manifests/../../../../../../etc/passwd`, mappings),
      undefined,
    );
  });
});

describe('the reverse lookup: which server paths may be a workspace file', () => {
  const matches = (local: string, server: string) => new RegExp(suffixPattern(local)).test(server);

  test('from the last manifests folder on, dots and brackets literal', () => {
    const local = `${REPO}/site-modules/profile/manifests/base.pp`;
    assert.equal(suffixPattern(local), '(^|/)manifests/base\\.pp$');
    assert.ok(matches(local, `${SERVER}/site-modules/profile/manifests/base.pp`));
    assert.ok(!matches(local, `${SERVER}/site-modules/profile/manifests/baseXpp`));
    assert.ok(!matches(local, `${SERVER}/site-modules/profile/manifests/mybase.pp`));
    assert.equal(suffixPattern('/w/odd(1)/x+y.pp'), '(^|/)x\\+y\\.pp$');
  });
});
