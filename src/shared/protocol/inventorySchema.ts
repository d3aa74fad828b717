/** The run-time checks of the inventory table (inventory.ts). */
import type { InventorySort } from '../inventoryTable';
import { anyValue, arrayOf, count, object, oneOf, text, type Check } from '../messageSchema';
import { flag, longText, name, rowsShown, shaped, viewSchema } from './commonSchema';
import type { InventoryProtocol, InventoryShown } from './inventory';

const sort = ((value: unknown) =>
  value === null
    ? undefined
    : object<InventorySort>({ column: count, descending: flag })(
        value,
      )) as Check<InventorySort | null>;

export const inventorySchema = viewSchema<InventoryProtocol>({
  toHost: {
    addColumn: {},
    removeColumn: { column: name },
    export: { format: oneOf('csv', 'json'), filter: text(4096), sort },
    openNode: { certname: name },
    reload: {},
    shown: rowsShown,
  },
  restore: object({ entry: oneOf('inventory'), connectionId: name, columns: arrayOf(name) }),
  shown: shaped<InventoryShown>({
    title: longText,
    columns: arrayOf(name),
    rows: arrayOf(arrayOf(anyValue)),
  }),
});
