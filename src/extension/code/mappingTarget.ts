/**
 * Where an explicit path mapping (`puppetdbExplorer.code.pathMappings`) may lead: into one of the
 * workspace's folders, nowhere else. A workspace's settings could otherwise have "Open Manifest"
 * open (and a later edit write) any file of the machine, or touch a network share.
 *
 * Two steps, and the file system is asked only after the first:
 * 1. `mappingTarget`, pure: a network path is refused; a relative one is resolved against the
 *    first workspace folder; the result must lie inside a workspace folder, `..` being resolved
 *    first. The path flavour (posix or win32) and whether the file system ignores case are given,
 *    so both are unit tested on any machine.
 * 2. `realMappingTarget`: the target's real path (symbolic links followed) must still lie inside
 *    the real path of a workspace folder.
 */
import { foldCase, type PathRules } from './pathRules';

export type { PathRules } from './pathRules';

/** Why a mapping's target is not followed. */
export type MappingRefusal =
  /** `\\host\share`, `//host/share` (and Windows device paths `\\?\`, `\\.\`). */
  | 'network'
  /** A relative target, but no workspace folder to resolve it against. */
  | 'noFolder'
  /** Outside every workspace folder, as written (absolute, or climbing with `..`). */
  | 'outside'
  /** Inside as written, but a symbolic link on the way leads outside. */
  | 'link'
  /** Does not exist (nothing to open). */
  | 'missing';

export type MappingTarget = { path: string } | { refused: MappingRefusal };

/** Two leading slashes or backslashes, in either flavour: a network (UNC) or device path. */
export function isNetworkPath(local: string): boolean {
  return /^[\\/]{2}/.test(local);
}

/**
 * The absolute path a mapping's local side names, if it lies inside one of `folders` (absolute
 * paths of the workspace folders) as written; decided without the file system.
 */
export function mappingTarget(
  local: string,
  folders: readonly string[],
  rules: PathRules,
): MappingTarget {
  if (isNetworkPath(local)) return { refused: 'network' };
  const { path } = rules;
  const first = folders[0];
  if (!path.isAbsolute(local) && first === undefined) return { refused: 'noFolder' };
  const absolute = path.isAbsolute(local) ? path.resolve(local) : path.resolve(first!, local);
  // a drive-relative `C:x` or a folder that is itself a share must not lead to one either
  if (isNetworkPath(absolute)) return { refused: 'network' };
  return folders.some((folder) => isInside(absolute, folder, rules))
    ? { path: absolute }
    : { refused: 'outside' };
}

/** `candidate` is `folder` or below it (both absolute); `..` in either is resolved first. */
export function isInside(candidate: string, folder: string, rules: PathRules): boolean {
  const { path } = rules;
  const relative = path.relative(
    foldCase(path.resolve(folder), rules),
    foldCase(path.resolve(candidate), rules),
  );
  if (relative === '') return true;
  if (path.isAbsolute(relative)) return false; // another drive or share
  const [first] = relative.split(path.sep);
  return first !== '..';
}

/**
 * Step 2: the real path of a target step 1 let through, if it is inside the real path of a
 * workspace folder (or a folder as written: a folder opened through a link). `realpath` is only
 * ever called on the target and on the workspace folders.
 */
export async function realMappingTarget(
  target: string,
  folders: readonly string[],
  rules: PathRules,
  realpath: (path: string) => Promise<string>,
): Promise<MappingTarget> {
  let real: string;
  try {
    real = await realpath(target);
  } catch {
    return { refused: 'missing' };
  }
  const realFolders = await Promise.all(
    folders.map((folder) => realpath(folder).catch(() => folder)),
  );
  return [...realFolders, ...folders].some((folder) => isInside(real, folder, rules))
    ? { path: real }
    : { refused: 'link' };
}
