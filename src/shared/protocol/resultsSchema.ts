/** The run-time checks of the PQL results view (results.ts). */
import { anyValue, arrayOf, count, object, oneOf, optional, type Check } from '../messageSchema';
import { flag, longText, name, shaped, viewSchema } from './commonSchema';
import type { ResultsError, ResultsProtocol, ResultsSnapshot } from './results';

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
    openNode: { certname: name },
    openCatalog: { certname: name },
    openEvents: { reportHash: name },
    openManifest: { runId: count, row: count },
  },
  restore: object({ entry: oneOf('results'), connectionId: name, query: longText }),
  shown: shaped<ResultsSnapshot>({
    runId: count,
    query: longText,
    connectionName: name,
    rows: arrayOf(anyValue),
    state: oneOf('running', 'done', 'error', 'cancelled'),
    hasMore: flag,
    error: resultsError,
  }),
});
