/** The run-time checks of the PQL results view (results.ts). */
import { anyValue, arrayOf, count, object, oneOf, optional, type Check } from '../messageSchema';
import { flag, longText, name, shaped, viewSchema } from './commonSchema';
import type { ConnectionTally, ResultsError, ResultsProtocol, ResultsSnapshot } from './results';

const rowOfRun = { runId: optional(count), row: optional(count) };

const connectionTallies = optional(
  arrayOf(
    shaped<ConnectionTally>({
      name,
      state: oneOf('running', 'done', 'error', 'cancelled'),
      rows: count,
      total: optional(count),
      error: optional(longText),
    }),
    1_000,
  ),
);

const resultsError: Check<ResultsError | undefined> = optional(
  shaped<ResultsError>({ message: longText, detail: optional(longText) }),
);

export const resultsSchema = viewSchema<ResultsProtocol>({
  toHost: {
    rendered: { runId: count, rowCount: count },
    cancel: { runId: count },
    loadMore: { runId: count },
    rerun: {},
    export: { format: oneOf('csv', 'json') },
    exportAll: { format: oneOf('csv', 'json') },
    copyCurl: {},
    openNode: { certname: name, ...rowOfRun },
    openCatalog: { certname: name, ...rowOfRun },
    openEvents: { reportHash: name, ...rowOfRun },
    openManifest: { runId: count, row: count },
  },
  restore: object({
    entry: oneOf('results'),
    connectionId: name,
    query: longText,
    connectionIds: optional(arrayOf(name, 1_000)),
  }),
  shown: shaped<ResultsSnapshot>({
    runId: count,
    query: longText,
    connectionName: name,
    rows: arrayOf(anyValue),
    state: oneOf('running', 'done', 'error', 'cancelled'),
    hasMore: flag,
    error: resultsError,
    connections: connectionTallies,
  }),
});
