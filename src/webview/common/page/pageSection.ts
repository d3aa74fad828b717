/**
 * The pieces a page's sections are made of: the body that holds them, a named section with its
 * heading, and a table with a header row (column headers scoped, so a screen reader reads each
 * cell with its column).
 */
import './pageSection.css';

export { tableWithHead } from '../tableWithHead';

/**
 * The page's body of sections (class `className` besides its own): a column that scrolls, whose
 * sections keep their height.
 */
export function sectionsBody(className: string): HTMLElement {
  const body = document.createElement('div');
  body.className = `sections-body ${className}`;
  return body;
}

/** A section named `name` (its accessible name) with `name` as its heading. */
export function pageSection(name: string, className: string): HTMLElement {
  const element = document.createElement('section');
  element.className = className;
  element.setAttribute('aria-label', name);
  const heading = document.createElement('h2');
  heading.textContent = name;
  element.append(heading);
  return element;
}

/** A header cell naming its row. */
export function rowHeader(row: HTMLTableRowElement, text: string): HTMLTableCellElement {
  const cell = document.createElement('th');
  cell.scope = 'row';
  cell.textContent = text;
  row.append(cell);
  return cell;
}
