/** The run-time checks of recent runs (runs.ts), and of a runs filter (a command may name one). */
import { arrayOf, object, oneOf, optional, type Check } from '../messageSchema';
import {
  RUN_STATUSES,
  RUN_WINDOWS,
  type RunsFilter,
  type RunsWindow,
  type RunWindowKey,
} from '../recentRuns';
import { dataRecord, longText, name, rowsShown, shaped, viewSchema } from './commonSchema';
import type { RecentRunsSnapshot, RunsProtocol } from './runs';

/** An ISO-8601 date or date-time (what a custom window may hold). */
const isoTime: Check<string> = (value) =>
  typeof value === 'string' && value.length <= 64 && !Number.isNaN(Date.parse(value))
    ? undefined
    : 'expected an ISO-8601 time';
const runsWindow: Check<RunsWindow> = (value) =>
  object<{ last: RunWindowKey }>({ last: oneOf(...RUN_WINDOWS) })(value) &&
  object<{ since: string; until?: string }>({ since: isoTime, until: optional(isoTime) })(value)
    ? 'expected { last: 1h | 24h | 7d } or { since, until? }'
    : undefined;
/** The runs table's filter (what its webview asks for, what a restored panel lists again). */
export const runsFilter: Check<RunsFilter> = object<RunsFilter>({
  window: runsWindow,
  status: optional(oneOf(...RUN_STATUSES)),
  environment: optional(name),
});

export const runsSchema = viewSchema<RunsProtocol>({
  toHost: {
    setFilter: { filter: runsFilter },
    pickWindow: {},
    openReport: { reportHash: name },
    whyFailing: { certname: name },
    reload: {},
    shown: rowsShown,
  },
  restore: object({ entry: oneOf('runs'), connectionId: name, filter: runsFilter }),
  shown: shaped<RecentRunsSnapshot>({
    title: longText,
    filter: runsFilter,
    bounds: object<RecentRunsSnapshot['bounds']>({ since: name, until: optional(name) }),
    rows: arrayOf(dataRecord<RecentRunsSnapshot['rows'][number]>()),
    environments: arrayOf(name),
    changes: optional(dataRecord<NonNullable<RecentRunsSnapshot['changes']>>()),
    health: optional(dataRecord<NonNullable<RecentRunsSnapshot['health']>>()),
  }),
});
