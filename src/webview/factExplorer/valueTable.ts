/**
 * The distribution's data table: value → nodes → share, most common first. Each value is a
 * button that lists its nodes (Tab reaches every one, Enter or Space presses it). Values are
 * PuppetDB data: text only.
 */
import { factValueText, formatFactPath, type FactDistributionDto } from '../../shared/factExplorer';
import { share, type OpenValue } from './distributionChart';

export function valueTable(distribution: FactDistributionDto, open: OpenValue): HTMLElement {
  const wrapper = document.createElement('div');
  const table = document.createElement('table');
  table.className = 'data-table values-table';
  const caption = document.createElement('caption');
  caption.textContent = `Active nodes by value of ${formatFactPath(distribution.path)}`;
  table.append(caption);
  const head = table.createTHead().insertRow();
  for (const text of ['Value', 'Nodes', 'Share']) {
    const cell = document.createElement('th');
    cell.scope = 'col';
    cell.textContent = text;
    head.append(cell);
  }
  const body = table.createTBody();
  for (const { value, nodes } of distribution.values) {
    const row = body.insertRow();
    const label = document.createElement('th');
    label.scope = 'row';
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'value-button';
    button.textContent = factValueText(value);
    button.title = `List the ${nodes} nodes with this value`;
    button.addEventListener('click', () => open(value));
    label.append(button);
    row.append(label);
    row.insertCell().textContent = nodes.toLocaleString('en-US');
    row.insertCell().textContent = share(nodes, distribution.nodes);
  }
  wrapper.append(table);
  const hidden = distribution.distinct - distribution.values.length;
  if (hidden > 0) {
    const note = document.createElement('p');
    note.className = 'muted';
    note.textContent = `${hidden.toLocaleString('en-US')} less common values are not listed ("Open as PQL" lists them all).`;
    wrapper.append(note);
  }
  return wrapper;
}
