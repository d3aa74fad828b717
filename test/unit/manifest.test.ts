/** Command, view and context IDs in src/extension/ids.ts and package.json agree, both ways. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import {
  Commands,
  ConfigurationSection,
  ContextValues,
  PqlLanguageId,
  Views,
  WebviewPanels,
} from '../../src/extension/ids';
import { SETTING_DEFAULTS } from '../../src/extension/settingDefaults';

interface Manifest {
  activationEvents: string[];
  capabilities?: {
    untrustedWorkspaces?: {
      supported?: unknown;
      description?: unknown;
      restrictedConfigurations?: unknown;
    };
    virtualWorkspaces?: unknown;
  };
  contributes: {
    configuration: { properties: Record<string, { scope?: string; default?: unknown }> };
    languages: Array<{ id: string }>;
    commands: Array<{ command: string }>;
    viewsContainers: { activitybar: Array<{ id: string }> };
    views: Record<string, Array<{ id: string }>>;
    menus: Record<string, Array<{ command: string; when?: string }>>;
  };
}

const manifestText = readFileSync('package.json', 'utf8');
const nls = JSON.parse(readFileSync('package.nls.json', 'utf8')) as Record<string, string>;
/** VS Code replaces a whole string "%key%" of the manifest with package.nls.json's value. */
const localized = (value: unknown): unknown =>
  typeof value === 'string'
    ? value.replace(/^%([^%\s]+)%$/, (whole, key: string) => nls[key] ?? whole)
    : value;
const manifest = JSON.parse(manifestText, (_key, value: unknown) => localized(value)) as Manifest;
const contributes = manifest.contributes;
const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

describe('package.json and ids.ts', () => {
  test('every contributed command is in ids.ts and every ids.ts command is contributed', () => {
    assert.deepEqual(
      sorted(contributes.commands.map((entry) => entry.command)),
      sorted(Object.values(Commands)),
    );
  });

  test('menus only name contributed commands', () => {
    const known = new Set(Object.values(Commands));
    for (const [menu, entries] of Object.entries(contributes.menus)) {
      for (const entry of entries) {
        assert.ok(known.has(entry.command as never), `${menu}: ${entry.command}`);
      }
    }
  });

  test('the view container and views match', () => {
    assert.deepEqual(
      contributes.viewsContainers.activitybar.map((entry) => entry.id),
      [Views.container],
    );
    assert.deepEqual(Object.keys(contributes.views), [Views.container]);
    assert.deepEqual(
      contributes.views[Views.container]!.map((entry) => entry.id),
      [Views.explorer],
    );
  });

  test('every viewItem in a when clause is a context value, and every context value with actions is used', () => {
    const used = new Set<string>();
    for (const entries of Object.values(contributes.menus)) {
      for (const entry of entries) {
        for (const match of (entry.when ?? '').matchAll(/viewItem == (\w+)/g)) used.add(match[1]!);
        for (const match of (entry.when ?? '').matchAll(/view == ([\w.]+)/g)) {
          assert.equal(match[1], Views.explorer);
        }
      }
    }
    assert.deepEqual(sorted(used), sorted(Object.values(ContextValues)));
  });
});

describe('package.json: trust', () => {
  test('connections are application-scoped, so VS Code drops a workspace value', () => {
    assert.equal(
      contributes.configuration.properties['puppetdbExplorer.connections']?.scope,
      'application',
    );
  });

  test('Restricted Mode support is limited, and the description says what waits for trust', () => {
    const untrusted = manifest.capabilities?.untrustedWorkspaces;
    assert.equal(untrusted?.supported, 'limited');
    assert.equal(typeof untrusted?.description, 'string');
    assert.match(String(untrusted?.description), /# @connection/);
    assert.match(String(untrusted?.description), /as you type/);
    for (const key of (untrusted?.restrictedConfigurations as string[] | undefined) ?? []) {
      assert.ok(key in contributes.configuration.properties, key);
    }
  });

  test('virtual workspaces are declared', () => {
    const virtual = manifest.capabilities?.virtualWorkspaces;
    assert.ok(
      virtual === true ||
        (typeof virtual === 'object' &&
          virtual !== null &&
          (virtual as { supported?: unknown }).supported === 'limited'),
      JSON.stringify(virtual),
    );
  });

  test('every setting settings.ts reads is contributed with the same default, and no other', () => {
    const contributed = Object.fromEntries(
      Object.entries(contributes.configuration.properties).map(([key, schema]) => [
        key.slice(ConfigurationSection.length + 1),
        schema.default,
      ]),
    );
    assert.deepEqual(sorted(Object.keys(contributed)), sorted(Object.keys(SETTING_DEFAULTS)));
    for (const [key, value] of Object.entries(SETTING_DEFAULTS)) {
      assert.deepEqual(contributed[key], value, `default of ${ConfigurationSection}.${key}`);
    }
  });

  test('every webview panel can wake the extension to restore itself, and the PQL language is declared', () => {
    const panels = Object.values(WebviewPanels).map((id) => `onWebviewPanel:${id}`);
    for (const event of panels) assert.ok(manifest.activationEvents.includes(event), event);
    assert.ok(contributes.languages.some((language) => language.id === PqlLanguageId));
  });
});

describe('package.json and package.nls.json', () => {
  const placeholders = [...manifestText.matchAll(/"%([^%"\s]+)%"/g)].map((match) => match[1]!);

  test('the manifest names its user-visible strings by key', () => {
    assert.ok(placeholders.length > 0);
    const raw = JSON.parse(manifestText) as Manifest & {
      contributes: { commands: Array<{ title: string }> };
    };
    for (const command of raw.contributes.commands) {
      assert.match(command.title, /^%command\.\w+\.title%$/);
    }
  });

  test('every %key% of package.json is in package.nls.json, and every key there is used', () => {
    assert.deepEqual(sorted(placeholders), sorted(Object.keys(nls)));
  });

  test('package.nls.json holds non-empty strings', () => {
    for (const [key, value] of Object.entries(nls)) {
      assert.equal(typeof value, 'string', key);
      assert.notEqual(value.trim(), '', key);
    }
  });
});
