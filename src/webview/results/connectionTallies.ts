/**
 * A run on several connections: one line per connection under the header — its name, its rows
 * (of its total), or its error in its own words — so a failing connection is read beside the
 * others' rows, which the grid shows merged with a `connection` column.
 */
import type { ConnectionTally } from '../../shared/protocol';

export function renderConnectionTallies(
  container: HTMLElement,
  tallies: readonly ConnectionTally[] | undefined,
): void {
  container.hidden = !tallies;
  if (!tallies) {
    container.replaceChildren();
    return;
  }
  const list = document.createElement('ul');
  list.className = 'tally-list';
  for (const tally of tallies) {
    const item = document.createElement('li');
    item.className = `tally tally-${tally.state}`;
    const name = document.createElement('strong');
    name.className = 'tally-name';
    name.textContent = tally.name;
    const what = document.createElement('span');
    what.className = 'tally-what';
    what.textContent = tallyText(tally);
    item.append(name, what);
    list.append(item);
  }
  const failed = tallies.filter((tally) => tally.state === 'error').length;
  // a warning's look only when a connection failed
  container.classList.toggle('has-failed', failed > 0);
  const heading = document.createElement('span');
  heading.className = 'tally-heading';
  heading.textContent =
    failed > 0
      ? `${tallies.length} connections, ${failed} failed:`
      : `${tallies.length} connections:`;
  container.replaceChildren(heading, list);
}

/** What a connection's line says after its name. */
export function tallyText(tally: ConnectionTally): string {
  const rows = `${tally.rows.toLocaleString('en-US')} row${tally.rows === 1 ? '' : 's'}`;
  switch (tally.state) {
    case 'running':
      return ` running… ${rows} so far`;
    case 'error':
      return ` failed: ${tally.error ?? 'no answer'}`;
    case 'cancelled':
      return ` cancelled after ${rows}`;
    case 'done': {
      const of =
        tally.total !== undefined && tally.total > tally.rows
          ? ` of ${tally.total.toLocaleString('en-US')}`
          : '';
      return ` ${rows}${of}${tally.truncated ? ' (truncated)' : ''}`;
    }
  }
}
