/** The run-time checks of the compare-runs view (compareRuns.ts). */
import { arrayOf, object, oneOf, optional, type Check } from '../messageSchema';
import { name, shaped, viewSchema } from './commonSchema';
import type { ComparedRuns, CompareRunsProtocol, CompareRunsRestoreInfo } from './compareRuns';

const twoNames: Check<[string, string]> = (value) =>
  arrayOf(name, 2)(value) ??
  (Array.isArray(value) && value.length === 2 ? undefined : 'expected two reports');

const twoRuns = object<Extract<CompareRunsRestoreInfo, { reports: unknown }>>({
  entry: oneOf('compareRuns'),
  connectionId: name,
  reports: twoNames,
});

const failingNode = object<Extract<CompareRunsRestoreInfo, { failingNode: string }>>({
  entry: oneOf('compareRuns'),
  connectionId: name,
  failingNode: name,
  resource: optional(object({ type: name, title: name })),
});

/** Two reports, or a failing node: whichever the record's fields say. */
const restore: Check<CompareRunsRestoreInfo> = (value) =>
  typeof value === 'object' && value !== null && 'failingNode' in value
    ? failingNode(value)
    : twoRuns(value);

export const compareRunsSchema = viewSchema<CompareRunsProtocol>({
  toHost: {
    openRun: { which: oneOf('older', 'newer') },
    openChanges: {},
    openMarkdown: {},
    reload: {},
    painted: { runs: name },
  },
  restore,
  shown: shaped<ComparedRuns>({ certname: name }),
});
