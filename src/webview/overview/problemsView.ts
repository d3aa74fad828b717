/**
 * "What is going wrong": the resources and classes that failed in the latest runs, and the
 * resources that flap, each with how many nodes; a row opens the events behind it. Resource
 * titles and class names come from catalogs: text only.
 */
import { FLAPPING_HOURS, FLAPPING_SHARE, type OverviewDto } from '../../shared/overview';
import type { OverviewEventsFilter } from '../../shared/protocol';

/**
 * What a row opens. The host adds the overview's environment (a row never names one), and for a
 * flapping resource the nodes it flaps on and the window it was counted in.
 */
export interface ProblemOpeners {
  events(filter: OverviewEventsFilter): void;
  flapping(resource: { type: string; title: string }): void;
}

interface Row {
  label: string;
  nodes: number;
  open: () => void;
}

function list(id: string, heading: string, empty: string, rows: Row[]): HTMLElement {
  const section = document.createElement('section');
  section.className = 'problem-list';
  section.setAttribute('aria-labelledby', id);
  const title = document.createElement('h3');
  title.id = id;
  title.textContent = heading;
  section.append(title);
  if (rows.length === 0) {
    const none = document.createElement('p');
    none.className = 'muted';
    none.textContent = empty;
    section.append(none);
    return section;
  }
  const items = document.createElement('ol');
  for (const row of rows) {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'plain-button problem-row';
    button.title = `Open the events of ${row.label}`;
    const label = document.createElement('span');
    label.className = 'problem-label mono';
    label.textContent = row.label;
    const nodes = document.createElement('span');
    nodes.className = 'problem-nodes';
    nodes.textContent = `${row.nodes.toLocaleString('en-US')} node${row.nodes === 1 ? '' : 's'}`;
    button.append(label, nodes);
    button.addEventListener('click', row.open);
    item.append(button);
    items.append(item);
  }
  section.append(items);
  return section;
}

export function problemsView(overview: OverviewDto, open: ProblemOpeners): HTMLElement {
  const section = document.createElement('section');
  section.className = 'problems';
  section.append(
    list(
      'failing-resources',
      'Failing resources (latest runs)',
      'No resource failed in the latest runs.',
      overview.failingResources.map((resource) => ({
        label: `${resource.type}[${resource.title}]`,
        nodes: resource.nodes,
        open: () =>
          open.events({
            status: 'failure',
            resourceType: resource.type,
            resourceTitle: resource.title,
          }),
      })),
    ),
    list(
      'failing-classes',
      'Failing classes (latest runs)',
      'No class failed in the latest runs.',
      overview.failingClasses.map((entry) => ({
        label: entry.name,
        nodes: entry.nodes,
        open: () => open.events({ status: 'failure', containingClass: entry.name }),
      })),
    ),
    list(
      'flapping',
      `Flapping resources (changed in ≥ ${FLAPPING_SHARE * 100} % of a node's runs, last ${FLAPPING_HOURS} h)`,
      overview.flapping === undefined ? 'Asking PuppetDB…' : 'No resource flaps.',
      (overview.flapping ?? []).map((resource) => ({
        label: `${resource.type}[${resource.title}]`,
        nodes: resource.nodes,
        open: () => open.flapping(resource),
      })),
    ),
  );
  return section;
}
