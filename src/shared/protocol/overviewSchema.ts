/** The run-time checks of the fleet overview (overview.ts). */
import { anyRecord, arrayOf, object, oneOf, optional, type Check } from '../messageSchema';
import { COUNT_KEYS, HEALTH_TILES, type OverviewDto } from '../overview';
import { RUN_STATUSES } from '../recentRuns';
import { dataRecord, name, shaped, viewSchema } from './commonSchema';
import { overviewEventsFields } from './eventsSchema';
import type { OverviewEventsFilter, OverviewProtocol } from './overview';

/** The runs chart's range. */
export const runsRange = oneOf('hours', 'days');

/** A row of the overview's "what is going wrong" as its webview asks: no environment. */
const overviewEventsFilter = object<OverviewEventsFilter>(overviewEventsFields);

/** A bucket of the overview's runs chart: `2026-11-24 13` (an hour) or `2026-11-24` (a day). */
const runsBucketKey: Check<string> = (value) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}( \d{2})?$/.test(value)
    ? undefined
    : 'expected a bucket of the runs chart (YYYY-MM-DD or YYYY-MM-DD HH)';

export const overviewSchema = viewSchema<OverviewProtocol>({
  toHost: {
    refresh: { range: runsRange },
    openNodes: { count: oneOf(...COUNT_KEYS), environment: optional(name) },
    openHealth: { tile: oneOf(...HEALTH_TILES) },
    openEvents: { filter: overviewEventsFilter },
    openFlapping: { resourceType: name, resourceTitle: name },
    openRuns: { bucket: optional(runsBucketKey), status: optional(oneOf(...RUN_STATUSES)) },
    painted: { fetchedAt: name },
    showAllEnvironments: {},
  },
  restore: object({
    entry: oneOf('overview'),
    connectionId: name,
    range: runsRange,
    environment: optional(name),
  }),
  shown: shaped<OverviewDto>({
    connectionName: name,
    fetchedAt: name,
    fleet: anyRecord as unknown as Check<OverviewDto['fleet']>,
    environments: arrayOf(dataRecord<OverviewDto['environments'][number]>()),
    runs: shaped<OverviewDto['runs']>({
      range: runsRange,
      buckets: arrayOf(dataRecord<OverviewDto['runs']['buckets'][number]>()),
    }),
    failingResources: arrayOf(dataRecord<OverviewDto['failingResources'][number]>()),
    failingClasses: arrayOf(dataRecord<OverviewDto['failingClasses'][number]>()),
    flapping: optional(arrayOf(dataRecord<NonNullable<OverviewDto['flapping']>[number]>())),
    health: optional(dataRecord<NonNullable<OverviewDto['health']>>()),
  }),
});
