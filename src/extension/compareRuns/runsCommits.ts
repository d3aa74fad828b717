/**
 * The commits between two compared runs, as the compare-runs view shows them: their configuration
 * versions read as commit ids (or through `puppetdbExplorer.history.commitPattern`), then the
 * workspace's git (history/gitCommits.ts). Only hex ids reach git (commitRange.ts checks them).
 */
import { commitOf, commitPattern, commitRange, type CommitRange } from '../../shared/history';
import type { ComparedCommits } from '../../shared/protocol/compareRuns';
import type { RunSummary } from '../../shared/history';
import { commitsBetween, type CommitsAnswer } from '../history/gitCommits';
import type { Services } from '../services';

/** The commit pattern setting, or undefined (the default rule); a bad one is logged each time it is read. */
export function configuredCommitPattern(services: Services): RegExp | undefined {
  const source = services.settings.historyCommitPattern();
  if (source.trim() === '') return undefined;
  const pattern = commitPattern(source);
  if (pattern instanceof RegExp) return pattern;
  services.log.warn(`history.commitPattern is not a regular expression: ${pattern.error}`);
  return undefined;
}

/** The commit range from `older`'s configuration version to `newer`'s, when both are commits that differ. */
export function runsCommitRange(
  services: Services,
  older: RunSummary | undefined,
  newer: RunSummary | undefined,
): CommitRange | undefined {
  if (!older || !newer) return undefined;
  return commitRange(
    older.configurationVersion,
    newer.configurationVersion,
    configuredCommitPattern(services),
  );
}

/** The commits between the two runs as the page shows them, and git's answer (undefined: no range). */
export interface RunsCommits {
  shown: ComparedCommits;
  answer: CommitsAnswer | undefined;
}

/** The commits between the two runs, or why there are none to show. */
export async function runsCommits(
  services: Services,
  older: RunSummary | undefined,
  newer: RunSummary | undefined,
): Promise<RunsCommits> {
  const range = runsCommitRange(services, older, newer);
  if (!range) {
    const pattern = configuredCommitPattern(services);
    const from = commitOf(older?.configurationVersion, pattern);
    const same = from !== undefined && from === commitOf(newer?.configurationVersion, pattern);
    return {
      shown: { found: false, reason: same ? 'sameCommit' : 'notCommits' },
      answer: undefined,
    };
  }
  const answer = await commitsBetween(range);
  const shown: ComparedCommits = answer.found
    ? { found: true, commits: answer.commits, more: answer.more }
    : answer;
  return { shown, answer };
}
