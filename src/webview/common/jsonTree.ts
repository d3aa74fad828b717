/**
 * A JSON value as a collapsible tree of <details> elements. Every key and value goes in as
 * text (textContent), never as markup.
 */
export function jsonTree(value: unknown, label: string, open = true): HTMLElement {
  if (value === null || typeof value !== 'object') {
    const line = document.createElement('div');
    line.className = 'json-leaf';
    line.append(keySpan(label), valueSpan(value));
    return line;
  }
  const details = document.createElement('details');
  details.open = open;
  const summary = document.createElement('summary');
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  const hint = document.createElement('span');
  hint.className = 'muted';
  hint.textContent = Array.isArray(value) ? ` [${entries.length}]` : ` {${entries.length}}`;
  summary.append(keySpan(label), hint);
  details.append(summary);
  // large branches are built on first open, so a row with thousands of facts opens fast
  const fill = () => {
    if (details.childElementCount > 1) return;
    for (const [key, item] of entries) details.append(jsonTree(item, key, false));
  };
  if (open) fill();
  else details.addEventListener('toggle', fill, { once: true });
  return details;
}

function keySpan(label: string): HTMLElement {
  const span = document.createElement('span');
  span.className = 'json-key';
  span.textContent = `${label}: `;
  return span;
}

function valueSpan(value: unknown): HTMLElement {
  const span = document.createElement('span');
  span.className = `json-${value === null ? 'null' : typeof value}`;
  span.textContent = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return span;
}
