/**
 * Which nodes read which data files: a node reads a file that is there when its hierarchy selects
 * it. For a fleet of 10,000 this is answered level by level, with the nodes grouped by the values
 * of the variables the level interpolates: a per-OS level is resolved once per OS family, and only
 * a per-node level once per node.
 */
import type { HieraConfig } from './config';
import { levelFilesFor } from './dataFiles';
import { levelVariables, variableResolver, type NodeScope } from './scope';
import { canonical } from './merge';

/** For each present file some node reads: the certnames of the nodes reading it, each once. */
export function nodesReading(
  config: HieraConfig,
  scopes: readonly NodeScope[],
  present: ReadonlySet<string>,
): Map<string, string[]> {
  const readers = new Map<string, string[]>();
  for (const level of config.levels) {
    const resolvers = levelVariables(level).map(variableResolver);
    const groups = new Map<string, NodeScope[]>();
    for (const scope of scopes) {
      let key = '';
      for (const resolve of resolvers) {
        const resolved = resolve(scope);
        key +=
          'problem' in resolved
            ? `!${resolved.problem}\u0000`
            : resolved.found
              ? `${valueKey(resolved.value)}\u0000`
              : '-\u0000';
      }
      const group = groups.get(key);
      if (group) group.push(scope);
      else groups.set(key, [scope]);
    }
    for (const group of groups.values()) {
      for (const file of levelFilesFor(config, level, group[0]!, present)) {
        if (!file.present) continue;
        let certnames = readers.get(file.path);
        if (!certnames) readers.set(file.path, (certnames = []));
        for (const scope of group) certnames.push(scope.certname);
      }
    }
  }
  for (const [path, certnames] of readers) readers.set(path, [...new Set(certnames)]);
  return readers;
}

/** Text that tells values apart (a string is most of them: quoted, so it differs from a number). */
function valueKey(value: unknown): string {
  return typeof value === 'string' ? `s${value}` : canonical(value);
}
