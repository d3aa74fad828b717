import type { CatalogEdgeDto, CatalogResourceDto } from '../../shared/catalogGraph';
import type { DiffState } from '../../shared/catalogGraphModel';
import { jsonTree } from '../common/jsonTree';

/** The selected resource: where it is declared, its tags, edges and parameters (all as text). */
export function renderDetails(
  container: HTMLElement,
  resource: CatalogResourceDto | undefined,
  edges: readonly CatalogEdgeDto[],
  diff: DiffState | undefined,
  select: (id: string) => void,
): void {
  container.replaceChildren();
  if (!resource) {
    container.append(
      text('p', 'muted', 'Select a resource to see its parameters, tags and edges.'),
    );
    return;
  }
  container.append(text('h2', 'resource-title', resource.id));
  if (diff && diff !== 'same') container.append(text('p', `diff-badge diff-${diff}`, diff));
  const where = resource.file
    ? `${resource.file}${resource.line ? `:${resource.line}` : ''}`
    : 'no source file';
  container.append(text('p', 'mono muted', where));
  if (resource.exported) container.append(text('p', '', 'Exported resource'));
  if (resource.tags.length > 0) {
    const tags = document.createElement('div');
    tags.className = 'tags';
    for (const tag of resource.tags) tags.append(text('span', 'tag', tag));
    container.append(section('Tags', tags));
  }
  const incoming = edges.filter((edge) => edge.target === resource.id);
  const outgoing = edges.filter((edge) => edge.source === resource.id);
  container.append(
    section(`Edges in (${incoming.length})`, edgeList(incoming, 'source', select)),
    section(`Edges out (${outgoing.length})`, edgeList(outgoing, 'target', select)),
    section('Parameters', jsonTree(resource.parameters, 'parameters')),
  );
}

function edgeList(
  edges: readonly CatalogEdgeDto[],
  end: 'source' | 'target',
  select: (id: string) => void,
): HTMLElement {
  const list = document.createElement('ul');
  list.className = 'edge-list';
  for (const edge of edges) {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = '#';
    link.textContent = edge[end];
    link.addEventListener('click', (event) => {
      event.preventDefault();
      select(edge[end]);
    });
    item.append(text('span', 'muted', `${edge.relationship} `), link);
    list.append(item);
  }
  return list;
}

function section(title: string, body: HTMLElement): HTMLElement {
  const wrapper = document.createElement('section');
  wrapper.append(text('h3', '', title), body);
  return wrapper;
}

function text(tag: string, className: string, content: string): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.textContent = content;
  return node;
}
