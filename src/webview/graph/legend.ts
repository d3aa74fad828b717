import { GRAPH_KEYS_HELP } from './graphKeyboard';

const SVG = 'http://www.w3.org/2000/svg';

/**
 * What the line styles (and, when comparing, the outline colours) mean, drawn like the graph
 * draws them; the colours follow the theme.
 */
export function legend(): HTMLElement {
  const box = document.createElement('div');
  box.className = 'legend';
  box.setAttribute('aria-label', 'Legend');
  const entries: Array<[string, string]> = [
    ['contains', 'contains'],
    ['ordering', 'before / require'],
    ['refresh', 'notify / subscribe'],
  ];
  for (const [kind, label] of entries) {
    const item = document.createElement('span');
    item.className = `legend-item legend-${kind}`;
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('width', '28');
    svg.setAttribute('height', '8');
    svg.setAttribute('aria-hidden', 'true');
    const line = document.createElementNS(SVG, 'line');
    for (const [name, value] of Object.entries({ x1: '0', y1: '4', x2: '28', y2: '4' })) {
      line.setAttribute(name, value);
    }
    svg.append(line);
    const text = document.createElement('span');
    text.textContent = label;
    item.append(svg, text);
    box.append(item);
  }
  // shown while comparing (the box gets the class `comparing`)
  for (const state of ['added', 'removed', 'changed']) {
    const item = document.createElement('span');
    item.className = `legend-item legend-diff diff-${state}`;
    const swatch = document.createElement('span');
    swatch.className = 'legend-swatch';
    const text = document.createElement('span');
    text.textContent = state;
    item.append(swatch, text);
    box.append(item);
  }
  // shown while the canvas has keyboard focus
  const keys = document.createElement('span');
  keys.className = 'legend-item legend-keys';
  const icon = document.createElement('span');
  icon.className = 'codicon codicon-keyboard';
  icon.setAttribute('aria-hidden', 'true');
  const help = document.createElement('span');
  help.textContent = GRAPH_KEYS_HELP;
  keys.append(icon, help);
  box.append(keys);
  return box;
}
