import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import {
  isInside,
  isNetworkPath,
  mappingTarget,
  realMappingTarget,
  type PathRules,
} from '../../../../src/extension/code/mappingTarget';

const POSIX: PathRules = { path: path.posix, caseInsensitive: false };
const MACOS: PathRules = { path: path.posix, caseInsensitive: true };
const WINDOWS: PathRules = { path: path.win32, caseInsensitive: true };

describe('path mappings lead only inside the workspace folders (pure step)', () => {
  const folders = ['/home/me/control-repo', '/home/me/puppet-ntp'];

  test('inside a workspace folder, as written or relative to the first one', () => {
    assert.deepEqual(mappingTarget('/home/me/puppet-ntp', folders, POSIX), {
      path: '/home/me/puppet-ntp',
    });
    assert.deepEqual(mappingTarget('site-modules/profile', folders, POSIX), {
      path: '/home/me/control-repo/site-modules/profile',
    });
    assert.deepEqual(mappingTarget('./modules/../site-modules', folders, POSIX), {
      path: '/home/me/control-repo/site-modules',
    });
    // `..` from the first folder into the second is still inside the workspace
    assert.deepEqual(mappingTarget('../puppet-ntp/manifests', folders, POSIX), {
      path: '/home/me/puppet-ntp/manifests',
    });
  });

  test('absolute paths elsewhere and `..` escapes are refused', () => {
    for (const local of [
      '/etc',
      '/home/me',
      '/home/me/control-repo-old',
      '/home/me/control-repo/../../other',
      '../other-repo',
      '../../../../../etc',
      'site-modules/../../../etc',
    ]) {
      assert.deepEqual(mappingTarget(local, folders, POSIX), { refused: 'outside' }, local);
    }
  });

  test('network paths are refused in both spellings, whatever the platform', () => {
    for (const local of ['//host/share', '\\\\host\\share\\modules', '//127.0.0.1/share']) {
      assert.equal(isNetworkPath(local), true, local);
      assert.deepEqual(mappingTarget(local, folders, POSIX), { refused: 'network' }, local);
      assert.deepEqual(mappingTarget(local, ['C:\\repo'], WINDOWS), { refused: 'network' }, local);
    }
    for (const local of ['\\\\?\\C:\\Windows', '\\\\.\\pipe\\x', '//?/C:/Windows']) {
      assert.deepEqual(mappingTarget(local, ['C:\\repo'], WINDOWS), { refused: 'network' }, local);
    }
    // the workspace folder itself on a share: a relative target there is a network path too
    assert.deepEqual(mappingTarget('modules', ['\\\\host\\share\\repo'], WINDOWS), {
      refused: 'network',
    });
  });

  test('a relative target needs a workspace folder; an absolute one is outside when there is none', () => {
    assert.deepEqual(mappingTarget('site-modules', [], POSIX), { refused: 'noFolder' });
    assert.deepEqual(mappingTarget('/home/me/control-repo', [], POSIX), { refused: 'outside' });
  });

  test('Windows: drives, separators and case', () => {
    const windowsFolders = ['C:\\Users\\me\\control-repo'];
    assert.deepEqual(mappingTarget('c:/users/ME/Control-Repo/modules', windowsFolders, WINDOWS), {
      path: 'c:\\users\\ME\\Control-Repo\\modules',
    });
    assert.deepEqual(mappingTarget('site-modules\\profile', windowsFolders, WINDOWS), {
      path: 'C:\\Users\\me\\control-repo\\site-modules\\profile',
    });
    for (const local of [
      'D:\\Users\\me\\control-repo',
      'C:\\Users\\me',
      '..\\..\\Windows',
      'C:\\Users\\me\\control-repo\\..\\secrets',
    ]) {
      assert.deepEqual(
        mappingTarget(local, windowsFolders, WINDOWS),
        { refused: 'outside' },
        local,
      );
    }
  });

  test('macOS ignores case; Linux does not', () => {
    assert.equal(isInside('/Users/Me/Repo/modules', '/Users/me/repo', MACOS), true);
    assert.equal(isInside('/Users/Me/Repo/modules', '/Users/me/repo', POSIX), false);
    assert.equal(isInside('/repo/..hidden', '/repo', POSIX), true, 'a name starting with ..');
    assert.equal(isInside('/repo', '/repo', POSIX), true);
  });
});

describe('path mappings lead only inside the workspace folders (real paths)', () => {
  test('the file system is asked only about the target and the workspace folders', async () => {
    const asked: string[] = [];
    const fakeRealpath = async (given: string) => {
      asked.push(given);
      if (given === '/repo/escape') return '/etc';
      if (given === '/repo/gone') throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      return given;
    };
    assert.deepEqual(await realMappingTarget('/repo/modules', ['/repo'], POSIX, fakeRealpath), {
      path: '/repo/modules',
    });
    assert.deepEqual(await realMappingTarget('/repo/escape', ['/repo'], POSIX, fakeRealpath), {
      refused: 'link',
    });
    assert.deepEqual(await realMappingTarget('/repo/gone', ['/repo'], POSIX, fakeRealpath), {
      refused: 'missing',
    });
    assert.deepEqual(asked, ['/repo/modules', '/repo', '/repo/escape', '/repo', '/repo/gone']);
  });

  test(
    'on disk: a symbolic link out of the workspace is refused, one inside it is followed',
    {
      skip: process.platform === 'win32' && 'symbolic links need privileges on Windows',
    },
    async () => {
      const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'pdbx-mapping-')));
      try {
        const workspace = path.join(root, 'workspace');
        const elsewhere = path.join(root, 'elsewhere');
        mkdirSync(path.join(workspace, 'modules', 'ntp'), { recursive: true });
        mkdirSync(elsewhere);
        writeFileSync(path.join(elsewhere, 'secret.pp'), '');
        symlinkSync(elsewhere, path.join(workspace, 'escape'));
        symlinkSync(path.join(workspace, 'modules'), path.join(workspace, 'alias'));
        const rules = { path, caseInsensitive: false };
        const real = (target: string) => realMappingTarget(target, [workspace], rules, realpath);

        const escaped = mappingTarget('escape/secret.pp', [workspace], rules);
        assert.deepEqual(escaped, { path: path.join(workspace, 'escape', 'secret.pp') });
        assert.deepEqual(await real(path.join(workspace, 'escape', 'secret.pp')), {
          refused: 'link',
        });
        assert.deepEqual(await real(path.join(workspace, 'alias', 'ntp')), {
          path: path.join(workspace, 'modules', 'ntp'),
        });
        assert.deepEqual(await real(path.join(workspace, 'modules', 'nothing.pp')), {
          refused: 'missing',
        });
        // a workspace opened through a link: its real path counts as the workspace
        symlinkSync(workspace, path.join(root, 'linked-workspace'));
        const linked = path.join(root, 'linked-workspace');
        assert.deepEqual(
          await realMappingTarget(path.join(linked, 'modules'), [linked], rules, realpath),
          { path: path.join(workspace, 'modules') },
        );
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  );
});
