/**
 * Corrective (drift put back) or intentional (new code) change, per run and per event, from what
 * PuppetDB keeps (src/client/README.md, "What PuppetDB 7 (FOSS) keeps of `corrective_change`"):
 * a run's and an event's own `corrective_change` when PuppetDB has it (Puppet Enterprise), else a
 * run's `resources`/`corrective_change` metric against its `resources`/`changed` count (the agent's
 * counts, which PuppetDB FOSS keeps as sent). Neither ⇒ "unknown": never a guess.
 */
import { changeKind, type ChangeKind } from './healthSignals';
import type { RunEvent, RunMetric } from './runEntries';

/** What a run changed: only drift put back, only new code, both, nobody can tell, or nothing. */
export const RUN_CHANGES = ['corrective', 'intentional', 'mixed', 'unknown', 'none'] as const;
export type RunChange = (typeof RUN_CHANGES)[number];

/** A run's change and, when the counts are known, how many resources of each kind changed. */
export interface RunChangeSplit {
  change: RunChange;
  corrective?: number;
  intentional?: number;
}

/** The agent's resource counts a run's change is read from (undefined: not in the report). */
export interface ChangeCounts {
  changed?: number;
  corrective?: number;
}

const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;

/** The `resources` metrics `changed` and `corrective_change` of a report's metrics. */
export function changeCounts(metrics: readonly Pick<RunMetric, 'category' | 'name' | 'value'>[]) {
  const counts: ChangeCounts = {};
  for (const metric of metrics) {
    if (metric.category !== 'resources') continue;
    if (metric.name === 'changed') counts.changed = count(metric.value);
    if (metric.name === 'corrective_change') counts.corrective = count(metric.value);
  }
  return counts;
}

/**
 * A run's change. The report's `corrective_change` wins when it is a boolean (false: nothing was
 * corrective; true: something was, the metric saying whether the rest was intentional); null
 * (PuppetDB FOSS, whatever was sent) leaves it to the metric: corrective = the metric,
 * intentional = changed − corrective. A run that changed nothing is "none".
 */
export function runChange(run: {
  status: string | null;
  correctiveChange: boolean | null | undefined;
  counts: ChangeCounts;
}): RunChangeSplit {
  const field = run.correctiveChange;
  const { changed, corrective } = run.counts;
  if (changed === undefined) {
    // no count of changes: an unchanged run changed nothing; otherwise only the field can say
    if (run.status === 'unchanged') return { change: 'none' };
    if (field === true) return { change: 'corrective' };
    if (field === false && run.status === 'changed') return { change: 'intentional' };
    return { change: 'unknown' };
  }
  if (changed === 0) return { change: 'none' };
  if (field === false) return { change: 'intentional', corrective: 0, intentional: changed };
  if (corrective === undefined) return { change: field === true ? 'corrective' : 'unknown' };
  // the field said something was corrective: a metric of 0 cannot undo that
  const fixed = Math.min(changed, field === true ? Math.max(corrective, 1) : corrective);
  const split = { corrective: fixed, intentional: changed - fixed };
  if (split.corrective === 0) return { change: 'intentional', ...split };
  return { change: split.intentional === 0 ? 'corrective' : 'mixed', ...split };
}

/** An event's change: its own field for a change made or proposed (success, noop), else none. */
export function eventChange(
  event: Pick<RunEvent, 'status' | 'corrective_change'>,
): ChangeKind | 'none' {
  return event.status === 'success' || event.status === 'noop'
    ? changeKind(event.corrective_change)
    : 'none';
}

/** Whether a run's change included drift put back (the tree's and the overview's "corrective"). */
export const hadCorrective = (change: RunChange): boolean =>
  change === 'corrective' || change === 'mixed';

/** Whether a run's change included new code (the overview's "intentional"). */
export const hadIntentional = (change: RunChange): boolean =>
  change === 'intentional' || change === 'mixed';
