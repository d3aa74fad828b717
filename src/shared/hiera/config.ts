/**
 * hiera.yaml, version 5: the hierarchy of one data layer (an environment's, usually), read as
 * Puppet reads it (lib/puppet/pops/lookup/hiera_config.rb, HieraConfigV5) with its defaults
 * applied. Versions 3 and 4 are named and not read. Where Puppet refuses a file (two backends or
 * two kinds of location on a level, a level without a name, a name used twice, a reserved
 * option), the problem says so and the level is left out: the rest of the hierarchy still answers,
 * so that one typo does not blank every view, and the problem tells the person Puppet's verdict.
 */
import { yamlData } from './yamlText';
import { isHash } from './keys';

export type HieraBackend =
  | { kind: 'yaml' }
  | { kind: 'json' }
  | { kind: 'eyaml' }
  /** Any other function (`hocon_data`, `hiera_vault`, a `hiera3_backend`): named, not emulated. */
  | { kind: 'custom'; name: string };

export interface HierarchyLevel {
  name: string;
  backend: HieraBackend;
  /** Relative to the directory of hiera.yaml (may interpolate, as Puppet allows). */
  datadir: string;
  /** Templates from `path` or `paths`, relative to the datadir. */
  paths: string[];
  /** Templates from `glob` or `globs`, relative to the datadir. */
  globs: string[];
  /** Templates from `uri` or `uris` (custom backends: not files). */
  uris: string[];
  /** `mapped_paths: [collection variable, local key, path template]`. */
  mappedPaths?: { variable: string; key: string; template: string };
  /** The level's `options` (or the defaults' when it has none), as written. */
  options?: Record<string, unknown>;
}

export interface HieraConfig {
  version: 5;
  /** The datadir of `defaults` ("data" when absent), relative to `root`. */
  datadir: string;
  levels: HierarchyLevel[];
  /** The repository-relative directory of hiera.yaml ('' at the top), forward slashes. */
  root: string;
}

/** What Puppet uses for an environment without hiera.yaml: `data/common.yaml`. */
export function defaultHieraConfig(root = ''): HieraConfig {
  return {
    version: 5,
    datadir: 'data',
    root,
    levels: [
      {
        name: 'Common',
        backend: { kind: 'yaml' },
        datadir: 'data',
        paths: ['common.yaml'],
        globs: [],
        uris: [],
      },
    ],
  };
}

const FUNCTION_KEYS = ['data_hash', 'lookup_key', 'data_dig'] as const;
const LEGACY_FUNCTION_KEYS = ['hiera3_backend', 'v4_data_hash'] as const;
const LOCATION_KEYS = ['path', 'paths', 'glob', 'globs', 'uri', 'uris', 'mapped_paths'] as const;
const LEVEL_KEYS = new Set<string>([
  'name',
  'options',
  'datadir',
  ...FUNCTION_KEYS,
  ...LEGACY_FUNCTION_KEYS,
  ...LOCATION_KEYS,
]);
const TOP_KEYS = new Set([
  'version',
  'defaults',
  'hierarchy',
  'default_hierarchy',
  'plan_hierarchy',
]);
const DEFAULTS_KEYS = new Set(['datadir', 'options', ...FUNCTION_KEYS]);
/** Puppet passes these to the backend itself. */
const RESERVED_OPTIONS = ['path', 'uri'];

/**
 * Reads hiera.yaml. `origin` is its repository-relative path (forward slashes): problems name it,
 * and its directory is where the datadirs start.
 */
export function parseHieraConfig(
  text: string,
  origin: string,
): { config?: HieraConfig; problems: string[] } {
  const problems: string[] = [];
  const say = (problem: string) => problems.push(`${origin}: ${problem}`);
  const root = origin.includes('/') ? origin.slice(0, origin.lastIndexOf('/')) : '';

  const read = yamlData(text);
  for (const problem of read.problems) say(problem);
  if (read.value === undefined && read.problems.length > 0) return { problems };
  const top: unknown = read.value;
  if (!isHash(top)) {
    say('not a hash of settings (version, defaults, hierarchy)');
    return { problems };
  }
  const version = top.version;
  if (version === undefined || version === 3 || version === 4) {
    say(
      `hiera.yaml version ${version ?? 3}${version === undefined ? ' (no version key)' : ''} ` +
        'is not read here: only version 5 is (Puppet deprecates 3 and 4)',
    );
    return { problems };
  }
  if (version !== 5) {
    say(`version must be the number 5 (found ${JSON.stringify(version)})`);
    return { problems };
  }
  for (const key of Object.keys(top)) {
    if (!TOP_KEYS.has(key)) say(`unknown key '${key}' (Puppet refuses the file)`);
  }
  if (top.default_hierarchy !== undefined) {
    say("default_hierarchy is only for a module's hiera.yaml: it is not read here");
  }

  const defaults: unknown = top.defaults;
  if (defaults !== undefined && !isHash(defaults)) {
    say('defaults must be a hash');
    return { problems };
  }
  for (const key of Object.keys(defaults ?? {})) {
    if (!DEFAULTS_KEYS.has(key)) say(`defaults: unknown key '${key}' (Puppet refuses the file)`);
  }
  const defaultFunctions = FUNCTION_KEYS.filter((key) => defaults?.[key] !== undefined);
  if (defaultFunctions.length > 1) {
    say(
      `defaults: more than one backend (${defaultFunctions.join(', ')}); Puppet refuses the file`,
    );
  }
  const defaultDatadir = nonEmptyText(defaults?.datadir) ?? 'data';
  if (defaults?.datadir !== undefined && nonEmptyText(defaults.datadir) === undefined) {
    say('defaults: datadir must be non-empty text; "data" is used');
  }
  const defaultOptions = defaults?.options;
  if (defaultOptions !== undefined && !isHash(defaultOptions)) {
    say('defaults: options must be a hash');
  }
  for (const reserved of RESERVED_OPTIONS) {
    if (isHash(defaultOptions) && reserved in defaultOptions) {
      say(`defaults: the option '${reserved}' is reserved by Puppet`);
    }
  }
  // Puppet's built-in defaults (yaml_data, datadir "data") apply only when `defaults` is absent.
  const defaultFunction: [string, string] | undefined =
    defaults === undefined
      ? ['data_hash', 'yaml_data']
      : defaultFunctions[0] !== undefined && typeof defaults[defaultFunctions[0]] === 'string'
        ? [defaultFunctions[0], defaults[defaultFunctions[0]] as string]
        : undefined;

  let hierarchy: unknown = top.hierarchy;
  if (hierarchy === undefined) {
    say('no hierarchy: Hiera uses its default, a single level "Common" reading common.yaml');
    hierarchy = [{ name: 'Common', path: 'common.yaml' }];
  }
  if (!Array.isArray(hierarchy)) {
    say('hierarchy must be a list of levels');
    return { problems };
  }

  const levels: HierarchyLevel[] = [];
  const names = new Set<string>();
  hierarchy.forEach((entry, index) => {
    const where = `hierarchy level ${index + 1}`;
    const level = readLevel(entry, where, {
      defaultDatadir,
      defaultFunction,
      defaultOptions: isHash(defaultOptions) ? defaultOptions : undefined,
      say,
    });
    if (!level) return;
    if (names.has(level.name)) {
      say(`${where}: the name '${level.name}' is used twice (Puppet refuses the file); left out`);
      return;
    }
    names.add(level.name);
    levels.push(level);
  });
  return { config: { version: 5, datadir: defaultDatadir, levels, root }, problems };
}

interface LevelDefaults {
  defaultDatadir: string;
  defaultFunction: [string, string] | undefined;
  defaultOptions: Record<string, unknown> | undefined;
  say: (problem: string) => void;
}

function readLevel(
  entry: unknown,
  where: string,
  { defaultDatadir, defaultFunction, defaultOptions, say }: LevelDefaults,
): HierarchyLevel | undefined {
  if (!isHash(entry)) {
    say(`${where} is not a hash (name, path…); left out`);
    return undefined;
  }
  const name = nonEmptyText(entry.name);
  if (name === undefined) {
    say(`${where} has no name (Puppet refuses the file); left out`);
    return undefined;
  }
  const label = `${where} '${name}'`;
  for (const key of Object.keys(entry)) {
    if (!LEVEL_KEYS.has(key)) say(`${label}: unknown key '${key}' (Puppet refuses the file)`);
  }

  const functions = [...FUNCTION_KEYS, ...LEGACY_FUNCTION_KEYS].filter(
    (key) => entry[key] !== undefined,
  );
  if (functions.length > 1) {
    say(`${label} names more than one backend (${functions.join(', ')}); left out`);
    return undefined;
  }
  let fn: [string, string] | undefined;
  if (functions.length === 1) {
    const functionName = nonEmptyText(entry[functions[0]!]);
    if (functionName === undefined) {
      say(`${label}: ${functions[0]} must be non-empty text; left out`);
      return undefined;
    }
    fn = [functions[0]!, functionName];
  } else {
    fn = defaultFunction;
  }
  if (!fn) {
    say(`${label} names no backend (data_hash, lookup_key…) and defaults give none; left out`);
    return undefined;
  }
  const backend = backendOf(fn);

  const locations = LOCATION_KEYS.filter((key) => entry[key] !== undefined);
  if (locations.length > 1) {
    say(
      `${label} has more than one of ${locations.join(', ')} (Puppet refuses the file); left out`,
    );
    return undefined;
  }
  const level: HierarchyLevel = {
    name,
    backend,
    datadir: defaultDatadir,
    paths: [],
    globs: [],
    uris: [],
  };
  if (entry.datadir !== undefined) {
    const datadir = nonEmptyText(entry.datadir);
    if (datadir === undefined) say(`${label}: datadir must be non-empty text; the default is used`);
    else level.datadir = datadir;
  }
  const location = locations[0];
  const value = location === undefined ? undefined : entry[location];
  switch (location) {
    case 'path':
    case 'glob':
    case 'uri': {
      const text = nonEmptyText(value);
      if (text === undefined) {
        say(`${label}: ${location} must be non-empty text; left out`);
        return undefined;
      }
      (location === 'path' ? level.paths : location === 'glob' ? level.globs : level.uris).push(
        text,
      );
      break;
    }
    case 'paths':
    case 'globs':
    case 'uris': {
      const texts = Array.isArray(value) ? value.map(nonEmptyText) : [];
      if (texts.length === 0 || texts.some((text) => text === undefined)) {
        say(`${label}: ${location} must be a list of non-empty text; left out`);
        return undefined;
      }
      const target =
        location === 'paths' ? level.paths : location === 'globs' ? level.globs : level.uris;
      target.push(...(texts as string[]));
      break;
    }
    case 'mapped_paths': {
      const texts = Array.isArray(value) ? value.map(nonEmptyText) : [];
      if (texts.length !== 3 || texts.some((text) => text === undefined)) {
        say(
          `${label}: mapped_paths must be three texts (the collection variable, the key, the path); left out`,
        );
        return undefined;
      }
      const [variable, key, template] = texts as [string, string, string];
      level.mappedPaths = { variable, key, template };
      break;
    }
    case undefined:
      // Without a location Puppet calls the backend once with no path: only a custom backend
      // (a vault, a database) can answer that; a file backend has nothing to read.
      if (backend.kind !== 'custom') {
        say(`${label} has no path, paths, glob, globs or mapped_paths; left out`);
        return undefined;
      }
      break;
  }
  const options = entry.options ?? defaultOptions;
  if (options !== undefined) {
    if (!isHash(options)) {
      say(`${label}: options must be a hash; ignored`);
    } else {
      for (const reserved of RESERVED_OPTIONS) {
        if (reserved in options) say(`${label}: the option '${reserved}' is reserved by Puppet`);
      }
      level.options = options;
    }
  }
  return level;
}

function backendOf([kind, name]: [string, string]): HieraBackend {
  if (kind === 'data_hash' && name === 'yaml_data') return { kind: 'yaml' };
  if (kind === 'data_hash' && name === 'json_data') return { kind: 'json' };
  if (kind === 'lookup_key' && name === 'eyaml_lookup_key') return { kind: 'eyaml' };
  return { kind: 'custom', name };
}

function nonEmptyText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
