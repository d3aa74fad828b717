/**
 * The inventory's columns on the one grid: certname first (it names the row: always shown), then
 * each fact column with a button that removes it from the inventory. Sorted and filtered as the
 * host exports (src/shared/inventoryTable.ts); every cell set as text, so a fact value that looks
 * like markup stays text.
 */
import {
  CERTNAME_COLUMN,
  columnLabel,
  inventoryCellText,
  inventoryColumn,
  type InventoryRow,
} from '../../shared/inventoryTable';
import type { ModelGridColumn } from '../common/grid/modelGrid';

export function inventoryColumns(
  columns: readonly string[],
  onRemove: (column: string) => void,
): Array<ModelGridColumn<InventoryRow>> {
  return columns.map((column, index) => {
    const certname = column === CERTNAME_COLUMN;
    const label = columnLabel(column);
    return {
      ...inventoryColumn(index, column),
      label,
      width: certname ? 220 : 130,
      grow: certname ? 1.4 : 1,
      hideable: !certname,
      text: (row) => inventoryCellText(row[index]),
      headerExtra: certname
        ? undefined
        : () => {
            const remove = document.createElement('button');
            remove.className = 'inventory-remove codicon codicon-close';
            remove.type = 'button';
            remove.title = `Remove the column ${column}`;
            remove.ariaLabel = `Remove the column ${column}`;
            remove.addEventListener('click', () => onRemove(column));
            return remove;
          },
    };
  });
}
