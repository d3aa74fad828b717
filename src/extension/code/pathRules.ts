/**
 * How paths are spelt and compared on a machine: the path flavour (`path.win32` or `path.posix`)
 * and whether its file system ignores case. Pure: the Windows and POSIX rules are unit tested on
 * any machine by passing them; the extension passes this machine's (`LOCAL_PATH_RULES`).
 */
import * as path from 'node:path';
import type { PlatformPath } from 'node:path';

export interface PathRules {
  path: PlatformPath;
  /** Windows and macOS file systems: `C:\Repo` and `c:\repo` are one folder. */
  caseInsensitive: boolean;
}

/**
 * This machine's: Windows (NTFS) and macOS (APFS, HFS+) ignore case by default. A volume
 * formatted otherwise is rare enough that a match it makes too many is only a choice offered.
 */
export const LOCAL_PATH_RULES: PathRules = {
  path,
  caseInsensitive: process.platform === 'win32' || process.platform === 'darwin',
};

/** `text` as the file system compares it: lower case where case is ignored. */
export function foldCase(text: string, rules: Pick<PathRules, 'caseInsensitive'>): string {
  return rules.caseInsensitive ? text.toLowerCase() : text;
}

/**
 * Whether two absolute paths name one file: `C:\Repo\x.pp`, `c:/repo/X.pp` and `c:\repo\.\x.pp`
 * on Windows; VS Code spells a drive letter in lower case, a setting as the user typed it.
 */
export function samePath(a: string, b: string, rules: PathRules): boolean {
  const { path } = rules;
  return foldCase(path.normalize(a), rules) === foldCase(path.normalize(b), rules);
}

/**
 * A path from a Windows server (`C:/ProgramData/PuppetLabs/code/…`, or with backslashes): its
 * file system ignores case, whatever this machine's does.
 */
export function isWindowsPath(serverPath: string): boolean {
  return /^[A-Za-z]:[\\/]/.test(serverPath) || serverPath.includes('\\');
}
