/**
 * A path mapping leads only inside the workspace (issue 30 §2), in a real extension host:
 * `puppetdbExplorer.code.pathMappings` pointing elsewhere (an absolute folder, a `..` climb, a
 * network path) is refused with a message naming the mapping and why, and the file it would open
 * is neither opened nor read; a mapping inside the workspace opens its file as before.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension/extension';
import { Commands } from '../../../src/extension/ids';
import { watchReads } from '../readWatch';
import { answerWarnings } from '../warnings';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';

describe('Path mappings lead only inside the workspace', function () {
  const outside = mkdtempSync(join(tmpdir(), 'pdbx-mapped-'));
  const outsideManifest = join(outside, 'manifests', 'init.pp');
  const folder = () => vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  const settings = () => vscode.workspace.getConfiguration('puppetdbExplorer');
  const opened = (file: string) =>
    vscode.workspace.textDocuments.some((document) => document.uri.fsPath === file);

  before(async () => {
    await vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID)!.activate();
    mkdirSync(join(outside, 'manifests'));
    writeFileSync(outsideManifest, 'class hostile {}\n');
    await settings().update(
      'code.pathMappings',
      {
        '/srv/hostile-absolute': outside,
        '/srv/hostile-relative': relative(folder(), outside),
        '/srv/hostile-network': '//127.0.0.1/share',
        '/srv/inside': 'site-modules/profile',
      },
      vscode.ConfigurationTarget.Global,
    );
  });

  after(async () => {
    await settings().update('code.pathMappings', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    rmSync(outside, { recursive: true, force: true });
  });

  for (const [from, why, target] of [
    ['/srv/hostile-network', /network path/, '//127.0.0.1/share/manifests/init.pp'],
    ['/srv/hostile-absolute', /outside the workspace folders/, outsideManifest],
    ['/srv/hostile-relative', /outside the workspace folders/, outsideManifest],
  ] as const) {
    it(`${from}: refused, saying which mapping and why; nothing there is opened or read`, async () => {
      const reads = watchReads([outsideManifest]);
      const warned = answerWarnings(undefined);
      let answer: unknown;
      try {
        answer = await vscode.commands.executeCommand(Commands.openManifest, {
          file: `${from}/manifests/init.pp`,
          line: 1,
        });
      } finally {
        warned.restore();
      }
      assert.equal(answer, undefined);
      assert.equal(opened(target), false, 'a file outside the workspace was opened');
      if (reads.reliable) assert.deepEqual(reads.read(), [], 'the file was read');
      const messages = warned.asked.map((asked) => asked.message);
      assert.equal(messages.length, 1, messages.join('\n'));
      assert.ok(messages[0]!.includes(from), messages[0]);
      assert.match(messages[0]!, /puppetdbExplorer\.code\.pathMappings/);
      assert.match(messages[0]!, why);
    });
  }

  it('a mapping inside the workspace opens its file', async () => {
    const opened = await vscode.commands.executeCommand<{ uri: string; line: number }>(
      Commands.openManifest,
      { file: '/srv/inside/manifests/base.pp', line: 1 },
    );
    assert.equal(
      vscode.Uri.parse(opened.uri).fsPath,
      join(folder(), 'site-modules', 'profile', 'manifests', 'base.pp'),
    );
  });
});
