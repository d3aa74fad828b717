/**
 * The data files a node's hierarchy reads, in lookup order, as Puppet resolves them
 * (lib/puppet/pops/lookup/location_resolver.rb): each path interpolated against the node's scope
 * and joined to the level's datadir, each glob expanded against the files there are (sorted, as
 * Ruby's Dir.glob returns them), each `mapped_paths` element bound to the level's key.
 *
 * A path whose variable is not set: Puppet interpolates the empty string and looks for that file
 * (`nodes/.yaml`), which is as good as skipping the level. The candidate keeps that path, says
 * which variables were missing (so a view can say "skipped: facts.x not set"), and is present only
 * if such a file really exists.
 */
import type { HieraBackend, HieraConfig, HierarchyLevel } from './config';
import { interpolate, type Interpolated } from './interpolate';
import { resolveVariable, type NodeScope } from './scope';
import { isHash } from './keys';

export interface DataFileCandidate {
  /** The hierarchy level's name. */
  level: string;
  /** Repository-relative, forward slashes (a custom backend's `uri`: the URI as interpolated). */
  path: string;
  /** True when the file is in `present` (a glob only yields present files). */
  present: boolean;
  backend: HieraBackend;
  /** The path or glob template of the level this file came from. */
  template: string;
  /** Variables the path needed that the node does not have: Hiera reads `path` all the same. */
  missing?: string[];
  /** Why no path could be made (a method call in hiera.yaml, a hash where text was due). */
  problems?: string[];
}

/**
 * The node's data files in lookup order. `present` holds the repository-relative paths of the
 * files there are (forward slashes), against which globs are expanded.
 */
export function dataFilesFor(
  config: HieraConfig,
  scope: NodeScope,
  present: ReadonlySet<string>,
): DataFileCandidate[] {
  return config.levels.flatMap((level) => levelFilesFor(config, level, scope, present));
}

/** One level's data files for the node, in order. */
export function levelFilesFor(
  config: HieraConfig,
  level: HierarchyLevel,
  scope: NodeScope,
  present: ReadonlySet<string>,
): DataFileCandidate[] {
  const base = { level: level.name, backend: level.backend };
  const datadir = interpolate(level.datadir, scope);
  if ('problems' in datadir) {
    return [{ ...base, path: level.datadir, present: false, template: level.datadir, ...datadir }];
  }
  const directory = joinPath(config.root, 'text' in datadir ? datadir.text : datadir.emptied);
  const datadirMissing = 'missing' in datadir ? datadir.missing : [];

  const fromTemplate = (template: string, result: Interpolated): DataFileCandidate => {
    if ('problems' in result) {
      return { ...base, path: template, present: false, template, ...result };
    }
    const path = joinPath(directory, 'text' in result ? result.text : result.emptied);
    const missing = [...datadirMissing, ...('missing' in result ? result.missing : [])];
    return {
      ...base,
      path,
      present: present.has(path),
      template,
      ...(missing.length > 0 ? { missing: [...new Set(missing)] } : {}),
    };
  };

  const candidates: DataFileCandidate[] = [];
  for (const template of level.paths) {
    candidates.push(fromTemplate(template, interpolate(template, scope)));
  }
  for (const template of level.globs) {
    const pattern = fromTemplate(template, interpolate(template, scope));
    if (pattern.problems) {
      candidates.push(pattern);
      continue;
    }
    const matches = expandGlob(pattern.path, present, base, template, pattern.missing);
    // A glob with a missing variable still globs (Puppet reads what `os/*/.yaml` matches); when
    // nothing matches, the level is still listed, to say which variable was missing.
    if (matches.length === 0 && pattern.missing) candidates.push({ ...pattern, present: false });
    candidates.push(...matches);
  }
  for (const template of level.uris) {
    const result = interpolate(template, scope);
    const uri = 'text' in result ? result.text : 'emptied' in result ? result.emptied : template;
    candidates.push({
      ...base,
      path: uri,
      present: false,
      template,
      ...('missing' in result ? { missing: result.missing } : {}),
      ...('problems' in result ? { problems: result.problems } : {}),
    });
  }
  if (level.mappedPaths) candidates.push(...mappedFiles(level, scope, fromTemplate));
  return candidates;
}

function mappedFiles(
  level: HierarchyLevel,
  scope: NodeScope,
  fromTemplate: (template: string, result: Interpolated) => DataFileCandidate,
): DataFileCandidate[] {
  const { variable, key, template } = level.mappedPaths!;
  const collection = resolveVariable(scope, variable);
  if ('problem' in collection) {
    return [
      {
        level: level.name,
        backend: level.backend,
        path: template,
        present: false,
        template,
        problems: [collection.problem],
      },
    ];
  }
  // Puppet: no paths unless the variable holds something ("mapped_paths variable is undefined").
  if (!collection.found || collection.value === null || collection.value === undefined) return [];
  const value = collection.value;
  // A hash maps as Ruby's Hash#map does: each element a [key, value] pair (`%{dc.0}`, `%{dc.1}`).
  const elements = Array.isArray(value) ? value : isHash(value) ? Object.entries(value) : [value];
  return elements.map((element) =>
    fromTemplate(template, interpolate(template, scope, { locals: { [key]: element } })),
  );
}

function expandGlob(
  pattern: string,
  present: ReadonlySet<string>,
  base: { level: string; backend: HieraBackend },
  template: string,
  missing?: string[],
): DataFileCandidate[] {
  const matcher = globMatcher(pattern);
  return [...present]
    .filter((path) => matcher.test(path))
    .sort(byteOrder)
    .map((path) => ({
      ...base,
      path,
      present: true,
      template,
      ...(missing && missing.length > 0 ? { missing } : {}),
    }));
}

const globCache = new Map<string, RegExp>();

/**
 * Ruby's Dir.glob as a regular expression over whole paths: `*` and `?` stay within a directory
 * and skip names starting with a dot, `**\/` crosses any number of directories, `[…]` is a set
 * and `{a,b}` alternatives.
 */
export function globMatcher(pattern: string): RegExp {
  const cached = globCache.get(pattern);
  if (cached) return cached;
  let source = '';
  let braces = 0;
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index]!;
    const atNameStart = index === 0 || pattern[index - 1] === '/';
    if (char === '*' && pattern[index + 1] === '*' && pattern[index + 2] === '/' && atNameStart) {
      source += '(?:[^/.][^/]*/)*';
      index += 2;
    } else if (char === '*') {
      source += atNameStart ? '(?:[^/.][^/]*)?' : '[^/]*';
    } else if (char === '?') {
      source += atNameStart ? '[^/.]' : '[^/]';
    } else if (char === '[') {
      const close = pattern.indexOf(']', index + 1);
      if (close === -1) {
        source += '\\[';
      } else {
        const body = pattern.slice(index + 1, close);
        const negated = body.startsWith('^') || body.startsWith('!');
        const inner = (negated ? body.slice(1) : body).replace(/[\\\]]/g, '\\$&');
        source += `[${negated ? '^' : ''}${inner}]`;
        index = close;
      }
    } else if (char === '{') {
      braces++;
      source += '(?:';
    } else if (char === '}' && braces > 0) {
      braces--;
      source += ')';
    } else if (char === ',' && braces > 0) {
      source += '|';
    } else if (char === '\\' && index + 1 < pattern.length) {
      index++;
      source += escapeRegExp(pattern[index]!);
    } else {
      source += escapeRegExp(char);
    }
  }
  let matcher: RegExp;
  try {
    matcher = new RegExp(`^${source}$`, 'u');
  } catch {
    matcher = /$^/;
  }
  globCache.set(pattern, matcher);
  return matcher;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Ruby sorts glob results by bytes; for the paths of a repository that is code-unit order. */
function byteOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Joins repository-relative parts as Ruby's Pathname#+ does: an absolute part replaces what came
 * before, `.` and `..` are resolved, and the result has forward slashes and no leading `./`.
 */
export function joinPath(...parts: string[]): string {
  let segments: string[] = [];
  let absolute = false;
  for (const part of parts) {
    if (part === '') continue;
    const normalised = part.replace(/\\/g, '/');
    if (normalised.startsWith('/')) {
      segments = [];
      absolute = true;
    }
    for (const segment of normalised.split('/')) {
      if (segment === '' || segment === '.') continue;
      if (segment === '..' && segments.length > 0 && segments.at(-1) !== '..') segments.pop();
      else if (segment !== '..' || !absolute) segments.push(segment);
    }
  }
  return (absolute ? '/' : '') + segments.join('/');
}
