/**
 * Which commit a run's code came from. Many control repositories set Puppet's `config_version` to
 * the commit id (`git rev-parse HEAD`), some to text around it (`production-1a2b3c4d`): by default a
 * configuration version that is a 7 to 40 character hex id is one; a pattern (a setting) with one
 * capture group takes the id out of anything else.
 */

const COMMIT_ID = /^[0-9a-f]{7,40}$/i;

/**
 * Puppet's default configuration version is the compile time in seconds (all digits): an id of
 * digits only is taken for a commit only when it is a full 40-character one.
 */
function looksLikeCommit(candidate: string): boolean {
  return COMMIT_ID.test(candidate) && (candidate.length === 40 || /[a-f]/i.test(candidate));
}

/**
 * The commit id in a configuration version, lower-cased, or undefined when it does not look like
 * one (an abbreviated id of digits only is missed: Puppet's timestamps look the same).
 * `pattern`'s first capture group (or its whole match) must itself be a hex id.
 */
export function commitOf(
  configurationVersion: string | null | undefined,
  pattern?: RegExp,
): string | undefined {
  if (!configurationVersion) return undefined;
  let candidate: string | undefined = configurationVersion.trim();
  if (pattern) {
    // a version is short; a pattern never runs over more than a line of it
    const match = pattern.exec(configurationVersion.slice(0, 1000));
    candidate = match ? (match[1] ?? match[0]) : undefined;
  }
  return candidate !== undefined && looksLikeCommit(candidate)
    ? candidate.toLowerCase()
    : undefined;
}

/**
 * A pattern from the setting, or an error to show: it must compile, and a bad one is said, never
 * silently ignored.
 */
export function commitPattern(source: string): RegExp | { error: string } {
  if (source.trim() === '') return { error: 'empty' };
  try {
    return new RegExp(source);
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

export interface CommitRange {
  /** The last good run's commit: excluded (`from..to`, as git reads a range). */
  from: string;
  /** The first bad run's commit. */
  to: string;
}

/** The range between two runs' commits, when both have one and they differ. */
export function commitRange(
  goodVersion: string | null | undefined,
  badVersion: string | null | undefined,
  pattern?: RegExp,
): CommitRange | undefined {
  const from = commitOf(goodVersion, pattern);
  const to = commitOf(badVersion, pattern);
  if (!from || !to || from === to) return undefined;
  return { from, to };
}
