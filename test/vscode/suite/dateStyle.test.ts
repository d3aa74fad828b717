/**
 * The date style every page writes its dates in, from the host, in a real VS Code host: each open
 * page is given the display language and the `puppetdbExplorer.utcTimes` setting right before its
 * snapshot, and again, every open page, when the setting changes. (How a page writes its dates
 * with it is the e2e tests'.)
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension/extension';
import { Commands, ConfigurationSection } from '../../../src/extension/ids';
import type { WebviewEntry } from '../../../src/shared/protocol';
import { testServer } from '../../integration/support/puppetdb';
import { addConnection } from '../testingApi';
import { until } from '../until';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';
const CONNECTION = { id: 'date-style', name: 'Date style PuppetDB' };

describe('Date style', function () {
  this.timeout(60_000);
  const server = testServer();
  let api: ExtensionApi;
  const utcTimes = () => vscode.workspace.getConfiguration(ConfigurationSection);
  let before: boolean | undefined;

  const shownIn = (entry: WebviewEntry, utc: boolean) =>
    until(`the ${entry} page to be given UTC ${utc}`, () => {
      const style = api.dateStyleShown(entry);
      return style?.utc === utc && style;
    });

  beforeEach(async () => {
    api = await vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID)!.activate();
    if (!api.services.store.get(CONNECTION.id)) {
      await addConnection({
        connection: { ...CONNECTION, url: `http://${server.host}:${server.httpPort}` },
      });
    }
    before = utcTimes().inspect<boolean>('utcTimes')?.globalValue;
    await utcTimes().update('utcTimes', false, vscode.ConfigurationTarget.Global);
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await utcTimes().update('utcTimes', before, vscode.ConfigurationTarget.Global);
    await api.services.store.remove(CONNECTION.id);
  });

  it('every open page is given the style before its snapshot, and again when utcTimes changes', async () => {
    await vscode.commands.executeCommand(Commands.openOverview, {
      connectionId: CONNECTION.id,
      waitForPaint: true,
    });
    await vscode.commands.executeCommand(Commands.openInventory, {
      connectionId: CONNECTION.id,
      waitForPaint: true,
    });
    // both in view (a page hidden behind another tab listens again, and is given the style, once shown)
    await vscode.commands.executeCommand('workbench.action.moveEditorToRightGroup');
    const first = await shownIn('overview', false);
    assert.equal(first.locale, vscode.env.language, 'the display language');
    await shownIn('inventory', false);

    await utcTimes().update('utcTimes', true, vscode.ConfigurationTarget.Global);
    await shownIn('overview', true);
    await shownIn('inventory', true);

    await utcTimes().update('utcTimes', false, vscode.ConfigurationTarget.Global);
    await shownIn('overview', false);
    await shownIn('inventory', false);
  });
});
