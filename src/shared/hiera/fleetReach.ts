/**
 * Which nodes read which data files: a node reads a file that is there when its hierarchy selects
 * it. For a fleet of 10,000 this is answered level by level, with the nodes grouped by the values
 * of the variables the level interpolates: a per-OS level is resolved once per OS family, and only
 * a per-node level once per node. A level of plain paths (most are) makes each group's path by
 * joining its text and values; anything else (globs, mapped paths, a missing variable) asks
 * `levelFilesFor`, the same answer `dataFilesFor` gives one node.
 */
import type { HieraConfig, HierarchyLevel } from './config';
import { joinPath, levelFilesFor } from './dataFiles';
import { canonical } from './merge';
import {
  EMPTY_INTERPOLATIONS,
  MISMATCH,
  NOT_SET,
  levelVariables,
  variableReader,
  type NodeScope,
} from './scope';

/** For each present file some node reads: the certnames of the nodes reading it, each once. */
export function nodesReading(
  config: HieraConfig,
  scopes: readonly NodeScope[],
  present: ReadonlySet<string>,
): Map<string, string[]> {
  const readers = new Map<string, string[]>();
  const readBy = (path: string, group: readonly NodeScope[]) => {
    let certnames = readers.get(path);
    if (!certnames) readers.set(path, (certnames = []));
    for (const scope of group) certnames.push(scope.certname);
  };
  for (const level of config.levels) {
    const variables = levelVariables(level).map(variableReader);
    const groups = new Map<string, NodeScope[]>();
    for (const scope of scopes) {
      let key = '';
      for (const read of variables) key += `${valueKey(read(scope))}\u0000`;
      const group = groups.get(key);
      if (group) group.push(scope);
      else groups.set(key, [scope]);
    }
    const plain = plainPaths(config, level);
    for (const group of groups.values()) {
      const paths = plain?.(group[0]!);
      if (paths) {
        for (const path of paths) if (present.has(path)) readBy(path, group);
        continue;
      }
      for (const file of levelFilesFor(config, level, group[0]!, present)) {
        if (file.present) readBy(file.path, group);
      }
    }
  }
  for (const [path, certnames] of readers) readers.set(path, [...new Set(certnames)]);
  return readers;
}

/** Text that tells values apart (a string is most of them: marked, so it differs from a number). */
function valueKey(value: unknown): string {
  if (typeof value === 'string') return `s${value}`;
  if (value === NOT_SET) return '-';
  if (value === MISMATCH) return '!';
  return canonical(value);
}

/**
 * For a level of plain paths (no glob, mapped path or uri, a datadir without variables, no
 * method calls): a function making a node's paths, or undefined for a node it cannot answer
 * (a variable not set, or not text) — `levelFilesFor` answers those. Undefined for other levels.
 */
function plainPaths(
  config: HieraConfig,
  level: HierarchyLevel,
): ((scope: NodeScope) => string[] | undefined) | undefined {
  if (level.globs.length + level.uris.length > 0 || level.mappedPaths) return undefined;
  if (level.datadir.includes('%{')) return undefined;
  const directory = joinPath(config.root, level.datadir);
  const templates: Array<Array<string | ((scope: NodeScope) => unknown)>> = [];
  for (const template of level.paths) {
    const parts: Array<string | ((scope: NodeScope) => unknown)> = [];
    let at = 0;
    for (const match of template.matchAll(/%\{([^}]*)\}/g)) {
      parts.push(template.slice(at, match.index));
      at = match.index + match[0].length;
      const expression = match[1]!.trim();
      if (EMPTY_INTERPOLATIONS.has(expression)) continue;
      if (expression.includes('(')) return undefined;
      parts.push(variableReader(expression));
    }
    parts.push(template.slice(at));
    templates.push(parts);
  }
  return (scope) => {
    const paths: string[] = [];
    for (const parts of templates) {
      let text = '';
      for (const part of parts) {
        if (typeof part === 'string') {
          text += part;
          continue;
        }
        const value = part(scope);
        if (typeof value === 'string') text += value;
        else if (typeof value === 'number' || typeof value === 'boolean') text += String(value);
        else return undefined;
      }
      paths.push(
        UNUSUAL_PATH.test(text) || directory === ''
          ? joinPath(directory, text)
          : `${directory}/${text}`,
      );
    }
    return paths;
  };
}

/** A path that joining must normalise: absolute, with `.`, `..`, `//` or a backslash. */
const UNUSUAL_PATH = /^\/|\/\/|\\|(?:^|\/)\.\.?(?:\/|$)/;
