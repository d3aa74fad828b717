/**
 * What differs between the last good run and the first bad one: the code (configuration version,
 * code id), the environment, the agent, the catalog and whether a cached catalog was used; the
 * resources that started failing, with their messages; and the warning and error log lines that
 * are new in the bad run.
 */
import { normaliseMessage } from './normaliseMessage';
import { resourceKey, type RunEvent, type RunLog } from './runEntries';
import type { RunSummary } from './runSummary';

export const COMPARED_FIELDS = [
  'configurationVersion',
  'codeId',
  'environment',
  'puppetVersion',
  'catalogUuid',
  'cachedCatalogStatus',
] as const;
export type ComparedField = (typeof COMPARED_FIELDS)[number];

export interface FieldChange {
  field: ComparedField;
  before: string | null;
  after: string | null;
}

/** The summary fields whose values differ between the two runs, in COMPARED_FIELDS order. */
export function summaryChanges(good: RunSummary, bad: RunSummary): FieldChange[] {
  return COMPARED_FIELDS.filter((field) => good[field] !== bad[field]).map((field) => ({
    field,
    before: good[field],
    after: bad[field],
  }));
}

export interface NewFailure {
  /** `Type[title]`. */
  resource: string;
  /** The failure messages of the bad run, in its order, each once. */
  messages: string[];
  /** True when the resource was only skipped (a dependency failed), not failed itself. */
  skipped: boolean;
}

/**
 * Resources failed (or skipped) in the bad run that were neither failed nor skipped in the good
 * one: a resource failing in both did not start failing.
 */
export function newFailures(
  goodEvents: readonly RunEvent[],
  badEvents: readonly RunEvent[],
): NewFailure[] {
  const failedBefore = new Set(
    goodEvents.filter((event) => isFailureLike(event.status)).map(resourceKey),
  );
  const found = new Map<string, NewFailure>();
  for (const event of badEvents) {
    if (!isFailureLike(event.status)) continue;
    const key = resourceKey(event);
    if (failedBefore.has(key)) continue;
    let entry = found.get(key);
    if (!entry) {
      entry = { resource: key, messages: [], skipped: true };
      found.set(key, entry);
    }
    if (event.status === 'failure') entry.skipped = false;
    const message = event.message ?? '';
    if (message !== '' && !entry.messages.includes(message)) entry.messages.push(message);
  }
  // failed ones first, then the skipped ones they took with them
  return [...found.values()].sort((a, b) => Number(a.skipped) - Number(b.skipped));
}

function isFailureLike(status: string): boolean {
  return status === 'failure' || status === 'skipped';
}

/** Log levels that are news in an incident (Puppet's: warning and above). */
const LOUD_LEVELS = new Set(['warning', 'err', 'alert', 'emerg', 'crit']);

export function isLoudLevel(level: string): boolean {
  return LOUD_LEVELS.has(level);
}

/**
 * The bad run's warning and error lines whose normalised message (normaliseMessage.ts) the good
 * run did not log at any level, each once, in the bad run's order.
 */
export function newLogLines(goodLogs: readonly RunLog[], badLogs: readonly RunLog[]): RunLog[] {
  const before = new Set(goodLogs.map((log) => normaliseMessage(log.message)));
  const seen = new Set<string>();
  const lines: RunLog[] = [];
  for (const log of badLogs) {
    if (!isLoudLevel(log.level)) continue;
    const key = normaliseMessage(log.message);
    if (before.has(key) || seen.has(key)) continue;
    seen.add(key);
    lines.push(log);
  }
  return lines;
}
