/** The run-time checks of the overview across connections (connectionsOverview.ts). */
import { anyRecord, arrayOf, count, object, oneOf, optional, type Check } from '../messageSchema';
import type {
  ConnectionsOverviewDto,
  ConnectionsOverviewRow,
} from '../multiConnection/connectionsOverview';
import { longText, name, shaped, viewSchema } from './commonSchema';
import type { ConnectionsOverviewProtocol } from './connectionsOverview';

const counts = anyRecord as unknown as Check<ConnectionsOverviewDto['total']>;

export const connectionsOverviewSchema = viewSchema<ConnectionsOverviewProtocol>({
  toHost: {
    refresh: {},
    openOverview: { fetchedAt: name, row: count },
    painted: { fetchedAt: name },
  },
  restore: object({ entry: oneOf('connectionsOverview'), connectionId: oneOf('') }),
  shown: shaped<ConnectionsOverviewDto>({
    fetchedAt: name,
    unreportedHours: count,
    rows: arrayOf(
      shaped<ConnectionsOverviewRow>({
        name,
        state: oneOf('loading', 'loaded', 'error'),
        counts: optional(counts),
        error: optional(longText),
      }),
      1_000,
    ),
    total: counts,
    answered: count,
  }),
});
