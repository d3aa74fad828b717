/** The run-time checks of the fact explorer (factExplorer.ts). */
import {
  isFactPath,
  isFactValue,
  type FactDistributionDto,
  type FactPath,
  type FactValue,
} from '../factExplorer';
import { arrayOf, count, object, oneOf, type Check } from '../messageSchema';
import { dataRecord, name, shaped, viewSchema } from './commonSchema';
import type { FactExplorerProtocol } from './factExplorer';

/** A leaf value of a fact, as the fact explorer showed it (asked about again by the host). */
const factValue: Check<FactValue> = (value) =>
  isFactValue(value) && (typeof value !== 'string' || value.length <= 65_536)
    ? undefined
    : 'expected a fact value (text, a number, true, false or null)';
const factPath: Check<FactPath> = (value) =>
  isFactPath(value) ? undefined : 'expected a fact path (names and array indexes)';

export const factExplorerSchema = viewSchema<FactExplorerProtocol>({
  toHost: {
    openNodes: { value: factValue },
    choosePath: {},
    openAsPql: {},
    refresh: {},
    painted: { fetchedAt: name },
  },
  restore: object({ entry: oneOf('factExplorer'), connectionId: name, path: factPath }),
  shown: shaped<FactDistributionDto>({
    connectionName: name,
    fetchedAt: name,
    path: factPath,
    values: arrayOf(dataRecord<FactDistributionDto['values'][number]>()),
    distinct: count,
    nodes: count,
  }),
});
