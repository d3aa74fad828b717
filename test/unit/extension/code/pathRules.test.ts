/**
 * The reverse lookup (Show Events for This Line, failure diagnostics) keeps a server path when one
 * of its candidates is the open file: on Windows and macOS "is" ignores case and spelling, since
 * a mapping's target is spelt as the setting has it and VS Code spells a drive letter in lower
 * case.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { mappedPath } from '../../../../src/extension/code/manifestPaths';
import { mappingTarget } from '../../../../src/extension/code/mappingTarget';
import { samePath, type PathRules } from '../../../../src/extension/code/pathRules';

const LINUX: PathRules = { path: path.posix, caseInsensitive: false };
const MACOS: PathRules = { path: path.posix, caseInsensitive: true };
const WINDOWS: PathRules = { path: path.win32, caseInsensitive: true };

/** The file a mapping gives a server path, as the reverse lookup's candidate. */
function candidate(serverPath: string, to: string, folder: string, rules: PathRules) {
  const local = mappedPath(
    serverPath,
    { '/etc/puppetlabs/code/environments/production': to },
    rules,
  );
  const target = mappingTarget(local!, [folder], rules);
  assert.ok('path' in target, JSON.stringify(target));
  return target.path;
}

describe('one file, however its path is spelt', () => {
  const server = '/etc/puppetlabs/code/environments/production/modules/ntp/manifests/init.pp';

  test('Windows: a mapping written C:/Users/Me/Repo is the file VS Code names c:\\Users\\me\\repo\\…', () => {
    const found = candidate(server, 'C:/Users/Me/Repo', 'c:\\Users\\me\\repo', WINDOWS);
    assert.equal(found, 'C:\\Users\\Me\\Repo\\modules\\ntp\\manifests\\init.pp');
    assert.equal(
      samePath(found, 'c:\\Users\\me\\repo\\modules\\ntp\\manifests\\init.pp', WINDOWS),
      true,
    );
    assert.equal(samePath('c:/repo/./modules/x.pp', 'C:\\REPO\\modules\\x.pp', WINDOWS), true);
    assert.equal(samePath('c:\\repo\\x.pp', 'd:\\repo\\x.pp', WINDOWS), false);
    assert.equal(samePath('c:\\repo\\x.pp', 'c:\\repo\\y.pp', WINDOWS), false);
  });

  test('macOS ignores case; Linux does not', () => {
    const found = candidate(server, '/Users/me/Repo', '/Users/me/repo', MACOS);
    assert.equal(samePath(found, '/Users/me/repo/modules/ntp/manifests/init.pp', MACOS), true);
    assert.equal(samePath('/home/me/Repo/x.pp', '/home/me/repo/x.pp', LINUX), false);
    assert.equal(samePath('/home/me/repo//x.pp', '/home/me/repo/x.pp', LINUX), true);
  });
});
