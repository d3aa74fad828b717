/** Command, view and context IDs in src/extension/ids.ts and package.json agree, both ways. */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import {
  Commands,
  ConfigurationSection,
  Contexts,
  ContextValues,
  Notebooks,
  PqlLanguageId,
  TreeViews,
  Views,
  WebviewPanels,
} from '../../src/extension/ids';
import {
  boundedSetting,
  MAX_TIMEOUT_SECONDS,
  SETTING_BOUNDS,
  SETTING_DEFAULTS,
} from '../../src/extension/settingDefaults';

interface SettingSchema {
  type?: string | string[];
  scope?: string;
  order?: number;
  default?: unknown;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  description?: string;
  markdownDescription?: string;
  properties?: Record<string, SettingSchema>;
  items?: SettingSchema;
  additionalProperties?: SettingSchema | boolean;
}

interface WalkthroughStep {
  id: string;
  description: string;
  media: { image?: string; markdown?: string; altText?: string };
  completionEvents?: string[];
}

interface Manifest {
  icon?: string;
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
    configuration: { properties: Record<string, SettingSchema> };
    languages: Array<{ id: string }>;
    notebooks: Array<{ type: string; selector: Array<{ filenamePattern: string }> }>;
    commands: Array<{ command: string }>;
    viewsContainers: { activitybar: Array<{ id: string }> };
    views: Record<string, Array<{ id: string }>>;
    menus: Record<string, Array<{ command: string; when?: string }>>;
    walkthroughs: Array<{ id: string; steps: WalkthroughStep[] }>;
    keybindings: Array<{ command: string; when?: string }>;
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
      [...TreeViews],
    );
  });

  test('every viewItem in a when clause is a context value, and every context value with actions is used', () => {
    const used = new Set<string>();
    for (const entries of Object.values(contributes.menus)) {
      for (const entry of entries) {
        for (const match of (entry.when ?? '').matchAll(/viewItem == (\w+)/g)) used.add(match[1]!);
        // `viewItem =~ /^(a|b)$/`: each of the alternatives
        for (const match of (entry.when ?? '').matchAll(/viewItem =~ \/\^\(([\w|]+)\)\$\//g)) {
          for (const value of match[1]!.split('|')) used.add(value);
        }
        for (const match of (entry.when ?? '').matchAll(/view == ([\w.]+)/g)) {
          assert.ok(Object.values(Views).includes(match[1] as never), match[1]);
        }
      }
    }
    assert.deepEqual(sorted(used), sorted(Object.values(ContextValues)));
  });
});

describe('package.json: context keys and the walkthrough', () => {
  const whenClauses = () => [
    ...Object.values(contributes.menus).flatMap((entries) => entries.map((entry) => entry.when)),
    ...contributes.keybindings.map((entry) => entry.when),
  ];
  const completionEvents = () =>
    contributes.walkthroughs.flatMap((walkthrough) =>
      walkthrough.steps.flatMap((step) => step.completionEvents ?? []),
    );

  test('every context key of ours in a when clause or completion event is in ids.ts, and each is used', () => {
    const used = new Set<string>();
    const contextEvents = completionEvents().filter((event) => event.startsWith('onContext:'));
    for (const text of [...whenClauses(), ...contextEvents]) {
      for (const match of (text ?? '').matchAll(/(?<![\w.])(puppetdbExplorer\.\w+)/g)) {
        if (!Object.values(Views).includes(match[1] as never)) used.add(match[1]!);
      }
    }
    assert.deepEqual(sorted(used), sorted(Object.values(Contexts)));
  });

  test('the commands that need a PuppetDB leave the palette while there is no connection', () => {
    const needing = [
      Commands.runQuery,
      Commands.switchConnection,
      Commands.testConnection,
      Commands.editConnection,
      Commands.renameConnection,
      Commands.removeConnection,
      Commands.showQueryHistory,
      Commands.openCatalogGraph,
      Commands.openEvents,
      Commands.openReport,
    ];
    for (const command of needing) {
      const entry = contributes.menus.commandPalette!.find((item) => item.command === command);
      assert.match(entry?.when ?? '', new RegExp(`\\b${Contexts.hasConnections}\\b`), command);
    }
    // the context key is set at activation, so activation must not wait for a command
    assert.ok(manifest.activationEvents.includes('onStartupFinished'));
  });

  test('every walkthrough step is completed by doing something, and its media is in media/', () => {
    const commands = new Set<string>(Object.values(Commands));
    const contexts = new Set<string>(Object.values(Contexts));
    assert.ok(contributes.walkthroughs.length > 0);
    for (const step of contributes.walkthroughs.flatMap((walkthrough) => walkthrough.steps)) {
      assert.ok((step.completionEvents ?? []).length > 0, `${step.id} has completion events`);
      for (const event of step.completionEvents!) {
        const [kind, id] = event.split(/:(.*)/s);
        if (kind === 'onCommand') assert.ok(commands.has(id!), `${step.id}: ${event}`);
        else if (kind === 'onContext') assert.ok(contexts.has(id!), `${step.id}: ${event}`);
        else assert.fail(`${step.id}: ${event} is neither a command nor a context of ours`);
      }
      const media = step.media.image ?? step.media.markdown;
      assert.ok(
        media?.startsWith('media/walkthrough/') && existsSync(media),
        `${step.id}: ${media}`,
      );
      if (step.media.image) assert.ok(step.media.altText, `${step.id} has alt text`);
      for (const match of step.description.matchAll(/\(command:([\w.]+)\)/g)) {
        assert.ok(
          commands.has(match[1]!) || match[1]!.startsWith('workbench.'),
          `${step.id}: ${match[1]}`,
        );
      }
    }
  });

  test('the Marketplace icon is a 128×128 PNG', () => {
    const png = readFileSync(manifest.icon ?? '');
    assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [128, 128]);
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

  test('every setting has a markdownDescription, a scope and an order of its own', () => {
    const orders = new Set<number>();
    for (const [key, schema] of Object.entries(contributes.configuration.properties)) {
      assert.equal(typeof schema.markdownDescription, 'string', `markdownDescription of ${key}`);
      assert.ok(schema.markdownDescription!.length > 0, key);
      assert.equal(schema.description, undefined, `${key}: one description, the markdown one`);
      assert.ok(
        [
          'application',
          'machine',
          'machine-overridable',
          'window',
          'resource',
          'language-overridable',
        ].includes(schema.scope ?? ''),
        `scope of ${key}: ${schema.scope}`,
      );
      assert.ok(Number.isInteger(schema.order), `order of ${key}`);
      assert.ok(!orders.has(schema.order!), `order of ${key} is taken`);
      orders.add(schema.order!);
    }
  });

  test('a setting whose default is a whole number is an integer with a minimum', () => {
    // Hours may be fractional (half an hour for a 30-minute run interval).
    const fractional = new Set(['unreportedHours', 'history.noSuccessWithinHours']);
    for (const [key, value] of Object.entries(SETTING_DEFAULTS)) {
      if (typeof value !== 'number') continue;
      const schema = contributes.configuration.properties[`${ConfigurationSection}.${key}`]!;
      assert.equal(schema.type, fractional.has(key) ? 'number' : 'integer', `type of ${key}`);
      assert.equal(typeof schema.minimum, 'number', `minimum of ${key}`);
    }
  });

  test("every number a setting holds has a maximum, nested ones included (a connection's timeout)", () => {
    /** Each number-typed schema below `schema`, by its path. */
    const numbers = (name: string, schema: SettingSchema): Array<[string, SettingSchema]> => {
      const types = [schema.type ?? []].flat();
      return [
        ...(types.includes('number') || types.includes('integer')
          ? [[name, schema] as [string, SettingSchema]]
          : []),
        ...Object.entries(schema.properties ?? {}).flatMap(([key, inner]) =>
          numbers(`${name}.${key}`, inner),
        ),
        ...(schema.items ? numbers(`${name}[]`, schema.items) : []),
        ...(typeof schema.additionalProperties === 'object'
          ? numbers(`${name}.*`, schema.additionalProperties)
          : []),
      ];
    };
    const found = Object.entries(contributes.configuration.properties).flatMap(([key, schema]) =>
      numbers(key, schema),
    );
    assert.ok(found.length > 10, 'the walk finds the number settings');
    for (const [name, schema] of found) {
      assert.equal(typeof schema.maximum, 'number', `maximum of ${name}`);
      assert.ok(
        typeof schema.minimum === 'number' || typeof schema.exclusiveMinimum === 'number',
        `minimum of ${name}`,
      );
    }
    const timeout = found.find(([name]) => name === 'puppetdbExplorer.connections[].timeout');
    assert.equal(timeout?.[1].maximum, MAX_TIMEOUT_SECONDS);
  });

  test("settingDefaults.ts clamps each number setting to the schema's own minimum and maximum", () => {
    const numberKeys = Object.entries(SETTING_DEFAULTS)
      .filter(([, value]) => typeof value === 'number')
      .map(([key]) => key);
    assert.deepEqual(sorted(Object.keys(SETTING_BOUNDS)), sorted(numberKeys));
    for (const [key, bounds] of Object.entries(SETTING_BOUNDS)) {
      const schema = contributes.configuration.properties[`${ConfigurationSection}.${key}`]!;
      assert.deepEqual(bounds, { minimum: schema.minimum, maximum: schema.maximum }, key);
      const name = key as keyof typeof SETTING_BOUNDS;
      // what a hand-edited settings.json may hold past the schema
      assert.equal(boundedSetting(name, 1e15), bounds.maximum, `${key} above its maximum`);
      assert.equal(boundedSetting(name, -1e15), bounds.minimum, `${key} below its minimum`);
      assert.equal(boundedSetting(name, Infinity), bounds.maximum, `${key} at Infinity`);
      for (const junk of ['1e15', null, {}, Number.NaN]) {
        assert.equal(boundedSetting(name, junk), SETTING_DEFAULTS[name], `${key}: ${String(junk)}`);
      }
      assert.equal(boundedSetting(name, SETTING_DEFAULTS[name]), SETTING_DEFAULTS[name]);
    }
  });

  test('a workspace can neither set path mappings nor widen a number setting until it is trusted', () => {
    const restricted = new Set(
      (manifest.capabilities?.untrustedWorkspaces?.restrictedConfigurations as string[]) ?? [],
    );
    assert.ok(restricted.has(`${ConfigurationSection}.code.pathMappings`));
    // the scopes whose value a workspace's settings may hold
    const workspaceSettable = ['window', 'resource', 'language-overridable', 'machine-overridable'];
    for (const [key, schema] of Object.entries(contributes.configuration.properties)) {
      const types = [schema.type ?? []].flat();
      if (!types.includes('number') && !types.includes('integer')) continue;
      if (!workspaceSettable.includes(schema.scope ?? 'window')) continue;
      assert.ok(restricted.has(key), `${key} is in restrictedConfigurations`);
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

  test('the PQL notebook type is contributed for .pqlbook files and wakes the extension', () => {
    const notebook = contributes.notebooks.find((entry) => entry.type === Notebooks.type);
    assert.ok(notebook, Notebooks.type);
    assert.deepEqual(notebook.selector, [{ filenamePattern: '*.pqlbook' }]);
    assert.ok(manifest.activationEvents.includes(`onNotebook:${Notebooks.type}`));
  });

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
