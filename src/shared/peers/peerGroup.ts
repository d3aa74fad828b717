/**
 * Which nodes are a node's peers: the members of a group, named by a class (by default the node's
 * role: its class matching a pattern, `^Role::` unless a setting says otherwise), a fact's value,
 * or a PQL query that yields certnames.
 */
import type { NodeResource } from './peerTypes';

export type PeerGroup =
  | { kind: 'class'; title: string }
  | { kind: 'fact'; name: string; value: string }
  | { kind: 'pql'; query: string };

export const DEFAULT_ROLE_PATTERN = '^Role::';

/** The role pattern of the setting, or the error to show: a bad one is said, never ignored. */
export function rolePattern(source: string): RegExp | { error: string } {
  try {
    return new RegExp(source.trim() === '' ? DEFAULT_ROLE_PATTERN : source);
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** The node's classes that match the role pattern, in order of their titles. */
export function roleClasses(resources: readonly NodeResource[], pattern: RegExp): string[] {
  const titles = resources
    .filter((resource) => resource.type === 'Class' && pattern.test(resource.title.slice(0, 1000)))
    .map((resource) => resource.title);
  return [...new Set(titles)].sort();
}

/** A class name as Puppet titles its Class resource: `role::web` is `Role::Web`. */
export function classTitle(name: string): string {
  return name
    .trim()
    .replace(/^::/, '')
    .split('::')
    .map((segment) => segment.charAt(0).toUpperCase() + segment.slice(1))
    .join('::');
}
