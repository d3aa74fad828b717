import * as vscode from 'vscode';
import { registerGuardedCommand } from '../commands/registerGuardedCommand';
import type { Feature } from '../feature';
import { Commands } from '../ids';
import type { Services } from '../services';
import { classHover } from './classHover';
import { FailureDiagnostics } from './failureDiagnostics';
import { FleetCodeLensProvider } from './fleetCodeLenses';
import { FleetCounter } from './fleetCounts';
import { ManifestIndex } from './manifestIndex';
import { ManifestOpener, manifestLocationOf, parseLocationText } from './openManifest';
import { showEventsForLine } from './showEventsForLine';
import { showNodesApplying } from './showNodesApplying';
import { noteTruncated } from '../truncationNotice';

/**
 * Puppet code and the fleet, both ways: "Open Manifest" from what PuppetDB says, and counts
 * above the code. Registered for the `puppet` language (the Puppet extension's) and for `*.pp`
 * files whatever their language, so it works with or without that extension.
 */
const PUPPET_FILES: vscode.DocumentSelector = [{ language: 'puppet' }, { pattern: '**/*.pp' }];

export function registerCode(services: Services): Feature {
  const index = new ManifestIndex();
  const opener = new ManifestOpener(index, services.settings, services.context.workspaceState);
  const counter = new FleetCounter(
    (id) => services.store.client(id),
    (max) => noteTruncated(vscode.l10n.t('The fleet counts above the code'), max),
  );
  const lenses = new FleetCodeLensProvider(services, counter);
  const failures = new FailureDiagnostics(services, opener);
  const recount = () => {
    counter.clear();
    lenses.refresh();
    void failures.refresh();
  };
  void failures.refresh();
  return {
    disposables: [
      index,
      registerGuardedCommand(services.errors, Commands.openManifest, async (argument?: unknown) => {
        const location = manifestLocationOf(argument) ?? (await askLocation());
        return location && opener.open(location);
      }),
      registerGuardedCommand(services.errors, Commands.showNodesApplying, (argument?: unknown) =>
        showNodesApplying(services, argument),
      ),
      registerGuardedCommand(services.errors, Commands.showEventsForLine, (argument?: unknown) =>
        showEventsForLine(services, opener, argument),
      ),
      vscode.languages.registerCodeLensProvider(PUPPET_FILES, lenses),
      vscode.languages.registerHoverProvider(PUPPET_FILES, classHover(services, counter)),
      services.statusBar.onDidChangeActive(recount),
      services.store.onDidChange(recount),
      services.settings.onDidChange(() => {
        lenses.refresh();
        void failures.refresh();
      }),
      failures,
      services.trust.onDidGrant(recount),
    ],
  };
}

async function askLocation() {
  const text = await vscode.window.showInputBox({
    title: vscode.l10n.t('Open Manifest'),
    prompt: vscode.l10n.t('A manifest path as PuppetDB shows it, with its line'),
    placeHolder: '/etc/puppetlabs/code/environments/production/manifests/site.pp:12',
  });
  return text === undefined ? undefined : parseLocationText(text);
}
