/** The build keeps the client out of the host bundle whatever the OS writes paths like. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { importedByExtension } from '../../../scripts/build/clientAsSeparateFile.mjs';

describe('the build leaves the client to dist/client.js', () => {
  test('an importer in src/extension, with POSIX or Windows separators', () => {
    assert.equal(importedByExtension('/home/me/pdbx/src/extension/pql/resultsPanel.ts'), true);
    assert.equal(
      importedByExtension('C:\\Users\\me\\pdbx\\src\\extension\\pql\\resultsPanel.ts'),
      true,
    );
    assert.equal(importedByExtension('src\\extension\\services.ts'), true);
  });

  test('not the client itself, the tests or a folder that only ends like it', () => {
    assert.equal(importedByExtension('/home/me/pdbx/src/client/index.ts'), false);
    assert.equal(importedByExtension('C:\\pdbx\\test\\unit\\extension\\x.test.ts'), false);
    assert.equal(importedByExtension('/home/me/notsrc/extension/x.ts'), false);
  });
});
