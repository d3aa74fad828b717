/**
 * Health beyond the latest status: the last successful run (the newest run that did not fail),
 * "unchanged with errors" (a run that did not fail but logged at err level or above, which a
 * status column shows as healthy), and whether a change was corrective, intentional or unknown.
 */
import type { RunLog } from './runEntries';
import { isFailedRun, type RunSummary } from './runSummary';

/** The newest run (of runs newest first) whose status is not failed. */
export function lastSuccessfulRun(runsNewestFirst: readonly RunSummary[]): RunSummary | undefined {
  return runsNewestFirst.find((run) => !isFailedRun(run));
}

const ERROR_LEVELS = new Set(['err', 'alert', 'emerg', 'crit']);

/** A run that did not fail but logged an error: its status hides it. */
export function isUnchangedWithErrors(
  run: Pick<RunSummary, 'status'>,
  logs: readonly Pick<RunLog, 'level'>[],
): boolean {
  return !isFailedRun(run) && logs.some((log) => ERROR_LEVELS.has(log.level));
}

export type ChangeKind = 'corrective' | 'intentional' | 'unknown';

/**
 * A change's kind from `corrective_change`: true is drift put back, false new code; null (what
 * PuppetDB FOSS stores whatever the agent sent, and what older agents send) is unknown, never a guess.
 */
export function changeKind(correctiveChange: boolean | null | undefined): ChangeKind {
  if (correctiveChange === true) return 'corrective';
  if (correctiveChange === false) return 'intentional';
  return 'unknown';
}

/** Hours since a run ended, at `now`; undefined without a run. */
export function hoursSince(
  run: Pick<RunSummary, 'endTime'> | undefined,
  now: Date,
): number | undefined {
  if (!run) return undefined;
  const end = Date.parse(run.endTime);
  return Number.isNaN(end) ? undefined : (now.getTime() - end) / 3600_000;
}

/** True when no run succeeded within `thresholdHours` (or none is kept at all). */
export function noSuccessWithin(
  runsNewestFirst: readonly RunSummary[],
  thresholdHours: number,
  now: Date,
): boolean {
  const hours = hoursSince(lastSuccessfulRun(runsNewestFirst), now);
  return hours === undefined || hours > thresholdHours;
}
