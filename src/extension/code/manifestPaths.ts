/**
 * Which workspace file a PuppetDB server path (`/etc/puppetlabs/code/environments/production/
 * site-modules/profile/manifests/base.pp`) means. Pure: no vscode, so it is unit tested alone.
 *
 * - Explicit mappings (a server folder → a local folder) win, the longest `from` first.
 * - Otherwise the workspace `.pp` files sharing the longest path suffix with it, where the suffix
 *   must reach the module's name (`profile/manifests/base.pp`): two modules' `init.pp` never
 *   stand in for each other, and `manifests/site.pp` of the environment root matches the control
 *   repository's own `manifests/site.pp`.
 *
 * A server path may be a Windows one (`C:/ProgramData/PuppetLabs/code/environments/production/…`,
 * as PuppetDB stores it for a Windows server, or with backslashes): its segments are compared
 * ignoring case, as that server's file system does; so are every path's on a workspace whose file
 * system ignores case (`PathRules`: Windows, macOS). The path flavour and the case rule are
 * parameters, so both platforms are unit tested on any machine.
 */
import { foldCase, isWindowsPath, type PathRules } from './pathRules';

export interface ServerPath {
  /** The environment the path names (`/environments/<env>/`), if any: only ever told the user. */
  environment: string | undefined;
  /** The path's segments below the environment's root (all of them without one). */
  segments: string[];
}

export function parseServerPath(path: string): ServerPath {
  const segments = splitPath(path);
  // (`C:/ProgramData/PuppetLabs/code/Environments/…` is the same folder on a Windows server)
  const serverCase = serverCaseRule(path);
  const at = segments.map((segment) => foldCase(segment, serverCase)).lastIndexOf('environments');
  if (at >= 0 && at + 2 < segments.length) {
    return { environment: segments[at + 1], segments: segments.slice(at + 2) };
  }
  return { environment: undefined, segments };
}

/** `from` (a server folder) → `to` (a local folder); e.g. a module checked out on its own. */
export type PathMappings = Readonly<Record<string, string>>;

/** The mapping that applies to a server path, and the local path it gives. */
export interface MappedPath {
  /** The mapping's server folder, as the setting spells it. */
  from: string;
  /** Its local folder, as the setting spells it. */
  to: string;
  /** `to` joined with the rest of the server path. */
  local: string;
}

/**
 * The local path an explicit mapping gives `serverPath` (`to` joined with the rest, spelt as
 * `rules` spell paths), or undefined. The longest matching `from` wins; `from` matches whole
 * segments only, ignoring case for a Windows server's path (`c:\programdata\…` maps
 * `C:/ProgramData/…`).
 */
export function mappedPath(
  serverPath: string,
  mappings: PathMappings,
  rules: PathRules,
): string | undefined {
  return matchedMapping(serverPath, mappings, rules)?.local;
}

/** As `mappedPath`, with the mapping that gave it (messages name it). */
export function matchedMapping(
  serverPath: string,
  mappings: PathMappings,
  rules: PathRules,
): MappedPath | undefined {
  const serverCase = serverCaseRule(serverPath);
  const path = foldCase(normalise(serverPath), serverCase);
  let best: { from: string; rawFrom: string; to: string } | undefined;
  for (const [rawFrom, to] of Object.entries(mappings)) {
    if (typeof to !== 'string' || !to.trim()) continue;
    const from = normalise(rawFrom).replace(/\/+$/, '');
    if (!from) continue;
    const folded = foldCase(from, serverCase);
    if (path !== folded && !path.startsWith(`${folded}/`)) continue;
    if (!best || from.length > best.from.length) best = { from, rawFrom, to };
  }
  if (!best) return undefined;
  // the segments below `from`, as the server spells them
  const rest = splitPath(serverPath).slice(splitPath(best.from).length);
  // a path PuppetDB (or a webview) gives never climbs out of the mapped folder
  if (rest.some((segment) => segment === '..')) return undefined;
  const to = best.to.replace(/[\\/]+$/, '');
  const { sep } = rules.path;
  return {
    from: best.rawFrom,
    to: best.to,
    local: rest.length ? `${to}${sep}${rest.join(sep)}` : to,
  };
}

/**
 * The files of `files` (absolute local paths) that best match `serverPath`: those sharing the
 * longest path suffix, if it is long enough to be trusted (see above). Several: a tie, the user
 * chooses. Empty: none matches. Segments are compared ignoring case where the workspace's file
 * system (`rules`) or the server's (a Windows path) does.
 */
export function suffixMatches(
  serverPath: string,
  files: readonly string[],
  rules: PathRules,
): string[] {
  const caseRule = { caseInsensitive: rules.caseInsensitive || isWindowsPath(serverPath) };
  const fold = (segments: string[]) => segments.map((segment) => foldCase(segment, caseRule));
  const segments = fold(parseServerPath(serverPath).segments);
  if (segments.length === 0) return [];
  const needed = neededSuffix(segments);
  let bestLength = 0;
  let best: string[] = [];
  for (const file of files) {
    const length = commonSuffix(segments, fold(splitPath(file)));
    if (length < needed || length < bestLength) continue;
    if (length > bestLength) {
      bestLength = length;
      best = [file];
    } else {
      best.push(file);
    }
  }
  return best;
}

/**
 * How many trailing segments must match: up to the module's name before `manifests`
 * (`profile/manifests/base.pp`), the whole of an environment root's `manifests/site.pp`, or the
 * file name alone for paths of no known layout.
 */
function neededSuffix(segments: readonly string[]): number {
  const manifests = segments.lastIndexOf('manifests');
  if (manifests > 0) return segments.length - manifests + 1;
  if (manifests === 0) return segments.length;
  return 1;
}

function commonSuffix(a: readonly string[], b: readonly string[]): number {
  let length = 0;
  while (
    length < a.length &&
    length < b.length &&
    a[a.length - 1 - length] === b[b.length - 1 - length]
  ) {
    length++;
  }
  return length;
}

/** A server path's file system: a Windows server's ignores case (whatever this machine's does). */
function serverCaseRule(serverPath: string): Pick<PathRules, 'caseInsensitive'> {
  return { caseInsensitive: isWindowsPath(serverPath) };
}

function normalise(path: string): string {
  return path.replace(/\\/g, '/');
}

/**
 * A path's segments, split at `/` and `\`: a separator on Windows, and no module, folder or
 * manifest name of Puppet code holds one elsewhere.
 */
function splitPath(path: string): string[] {
  return normalise(path)
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.');
}

/** The key a remembered choice is kept under: the path below its environment (same in all). */
export function choiceKey(serverPath: string): string {
  return parseServerPath(serverPath).segments.join('/');
}

/**
 * A regular expression (PuppetDB's `~`) for the server paths that may stand for `localPath`: those
 * ending like it from its last `manifests` folder on (the file name alone without one). The
 * forward mapping then decides which of them really are this file. Where the workspace's file
 * system ignores case, so does the pattern (PostgreSQL's `(?i)`, which PuppetDB passes on): the
 * forward mapping would take `…/Profile/manifests/base.pp` to `profile/manifests/base.pp` there.
 * (PuppetDB stores a Windows server's paths with `/`, as Puppet spells them.)
 */
export function suffixPattern(localPath: string, rules: PathRules): string {
  const segments = splitPath(localPath);
  const manifests = segments.map((segment) => foldCase(segment, rules)).lastIndexOf('manifests');
  const tail = segments.slice(manifests >= 0 ? manifests : segments.length - 1);
  return `${rules.caseInsensitive ? '(?i)' : ''}(^|/)${tail.map(escapeRegex).join('/')}$`;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
