import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as vscode from 'vscode';
import {
  blastRadiusTargetOf,
  isRelativePath,
} from '../../../../src/extension/blastRadius/showBlastRadiusArgument';

/** A stand-in for vscode.Uri.parse: what the reader needs of a URI is its scheme and path. */
const parse = (text: string) => {
  const url = new URL(text);
  return { scheme: url.protocol.slice(0, -1), path: url.pathname } as vscode.Uri;
};

describe("blast radius: what the view command's argument may name", () => {
  test('a file is a path inside the repository, never out of it nor absolute', () => {
    assert.ok(isRelativePath('site-modules/profile/manifests/base.pp'));
    assert.ok(isRelativePath('Puppetfile'));
    for (const outside of [
      '../etc/passwd',
      'a/../../b',
      '/etc/passwd',
      'C:/Windows/win.ini',
      'a\\..\\b',
      '',
      'a//b',
    ]) {
      assert.ok(!isRelativePath(outside), outside);
    }
  });

  test("our argument, Source Control's, and anything else", () => {
    assert.deepEqual(
      blastRadiusTargetOf(
        { scope: { kind: 'workingTree' }, repository: 'file:///repo', file: 'x.pp', hunk: 2 },
        parse,
      ),
      { repository: { scheme: 'file', path: '/repo' }, file: 'x.pp', hunk: 2 },
    );
    const rootUri = { scheme: 'file', path: '/repo' };
    assert.deepEqual(blastRadiusTargetOf({ rootUri }, parse), { repository: rootUri });
    const resourceUri = { scheme: 'file', path: '/repo/x.pp' };
    assert.deepEqual(blastRadiusTargetOf({ resourceUri }, parse), { resourceUri });
    assert.deepEqual(blastRadiusTargetOf({ file: '../../secret', hunk: -1 }, parse), {});
    assert.deepEqual(blastRadiusTargetOf('file:///etc', parse), {});
    assert.deepEqual(blastRadiusTargetOf({ repository: 'not a uri' }, parse), {});
  });
});
