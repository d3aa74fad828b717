/**
 * Localisation inside a real VS Code: the extension host hands the extension its manifest with
 * package.nls.json's words in place of every "%key%", and finds the l10n folder the manifest
 * names, holding the bundle a translation is made from. The run is in English, where VS Code
 * reads no translation (it would read l10n/bundle.l10n.<language>.json) and vscode.l10n.t formats
 * the source string.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Commands } from '../../../src/extension/ids';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';

interface LocalizedManifest {
  l10n?: string;
  capabilities: { untrustedWorkspaces: { description: string } };
  contributes: {
    commands: Array<{ command: string; title: string; category: string }>;
    viewsContainers: { activitybar: Array<{ title: string }> };
    views: Record<string, Array<{ name: string; contextualTitle: string }>>;
    viewsWelcome: Array<{ contents: string }>;
  };
}

async function readJson(uri: vscode.Uri): Promise<Record<string, string>> {
  return JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri))) as Record<
    string,
    string
  >;
}

describe('localisation', () => {
  const extension = () => vscode.extensions.getExtension(EXTENSION_ID)!;

  it('VS Code gives the extension its manifest in the words of package.nls.json', async () => {
    const nls = await readJson(vscode.Uri.joinPath(extension().extensionUri, 'package.nls.json'));
    const manifest = extension().packageJSON as LocalizedManifest;
    const { contributes } = manifest;
    const add = contributes.commands.find((entry) => entry.command === Commands.addConnection)!;
    assert.equal(`${add.category}: ${add.title}`, 'PuppetDB: Add Connection…');
    for (const command of contributes.commands) {
      const key = command.command.split('.').pop()!;
      assert.equal(command.title, nls[`command.${key}.title`], command.command);
      assert.equal(command.category, nls['command.category'], command.command);
    }
    const shown = [
      manifest.capabilities.untrustedWorkspaces.description,
      ...contributes.viewsContainers.activitybar.map((entry) => entry.title),
      ...Object.values(contributes.views)
        .flat()
        .flatMap((view) => [view.name, view.contextualTitle]),
      ...contributes.viewsWelcome.map((entry) => entry.contents),
    ];
    assert.deepEqual(
      shown.filter((text) => /^%[^%\s]+%$/.test(text)),
      [],
    );
    assert.equal(contributes.viewsWelcome[0]!.contents, nls['viewsWelcome.explorer.contents']);
  });

  it('the l10n folder the manifest names holds the bundle of every vscode.l10n.t string', async () => {
    const manifest = extension().packageJSON as LocalizedManifest;
    assert.equal(manifest.l10n, './l10n');
    const bundle = await readJson(
      vscode.Uri.joinPath(extension().extensionUri, manifest.l10n, 'bundle.l10n.json'),
    );
    assert.equal(bundle['PuppetDB: add a connection'], 'PuppetDB: add a connection');
    assert.equal(bundle['{0} · PuppetDB {1}'], '{0} · PuppetDB {1}');
  });

  it('in English VS Code loads no translation and vscode.l10n.t fills the source string', () => {
    assert.equal(vscode.env.language, 'en');
    assert.equal(vscode.l10n.bundle, undefined);
    assert.equal(vscode.l10n.t('{0} · PuppetDB {1}', 'Lab', '8.8.1'), 'Lab · PuppetDB 8.8.1');
  });
});
