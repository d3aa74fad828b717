/**
 * A table with its header row, apart from the page's sections (and their stylesheet) so a
 * notebook renderer, which brings its own styles, builds its tables the same way.
 */

/** A table of class `className` whose header row holds `columns`; its body, to fill. */
export function tableWithHead(
  className: string,
  columns: readonly string[],
): { table: HTMLTableElement; body: HTMLTableSectionElement } {
  const table = document.createElement('table');
  table.className = className;
  const head = table.createTHead().insertRow();
  for (const text of columns) {
    const cell = document.createElement('th');
    cell.scope = 'col';
    cell.textContent = text;
    head.append(cell);
  }
  return { table, body: table.createTBody() };
}
