import type { CatalogEdgeDto, CatalogResourceDto } from '../../shared/catalogGraph';
import type { DiffState } from '../../shared/catalogGraphModel';
import { jsonTree } from '../common/jsonTree';

export interface DetailsInput {
  resource: CatalogResourceDto | undefined;
  edges: readonly CatalogEdgeDto[];
  diff: DiffState | undefined;
  /** How many resources it depends on, and depend on it, transitively. */
  dependsOn: number;
  dependents: number;
  select(id: string): void;
  /** Lists the fleet's nodes whose catalogs hold the resource too. */
  findNodes(id: string): void;
  /** Opens the manifest line that declares it, in the editor. */
  openManifest(id: string): void;
}

/**
 * The selected resource: where it is declared, its tags, edges and parameters. Every value is
 * set as text (it comes from PuppetDB and may hold markup).
 */
export function renderDetails(container: HTMLElement, input: DetailsInput): void {
  const { resource } = input;
  container.replaceChildren();
  if (!resource) {
    container.append(
      text(
        'p',
        'muted',
        'Select a resource (or find one above) to see its parameters, tags and edges.',
      ),
    );
    return;
  }
  container.append(text('h2', 'resource-title', resource.id));
  if (input.diff && input.diff !== 'same') {
    container.append(text('p', `diff-badge diff-${input.diff}`, input.diff));
  }
  if (resource.file) {
    // a button, not a link: the host looks the file up in its own catalog
    const where = text(
      'button',
      'link-button mono source open-manifest',
      `${resource.file}${resource.line ? `:${resource.line}` : ''}`,
    );
    where.title = 'Open this line of the manifest in the editor';
    where.addEventListener('click', () => input.openManifest(resource.id));
    container.append(where);
  } else {
    container.append(text('p', 'mono muted source', 'no source file'));
  }
  container.append(
    text(
      'p',
      'muted',
      `Depends on ${input.dependsOn} · ${input.dependents} depend on it (transitively)`,
    ),
  );
  if (resource.exported) container.append(text('p', '', 'Exported resource'));
  if (input.diff !== 'removed') {
    const findNodes = text('vscode-button', 'find-nodes', 'Nodes with this resource');
    findNodes.setAttribute('secondary', '');
    findNodes.title = 'Every node of this PuppetDB whose catalog holds it, failures first';
    findNodes.addEventListener('click', () => input.findNodes(resource.id));
    container.append(findNodes);
  }
  if (resource.tags.length > 0) {
    const tags = document.createElement('div');
    tags.className = 'tags';
    for (const tag of resource.tags) tags.append(text('span', 'tag', tag));
    container.append(section('Tags', tags));
  }
  const incoming = input.edges.filter((edge) => edge.target === resource.id);
  const outgoing = input.edges.filter((edge) => edge.source === resource.id);
  container.append(
    section(`Edges in (${incoming.length})`, edgeList(incoming, 'source', input.select)),
    section(`Edges out (${outgoing.length})`, edgeList(outgoing, 'target', input.select)),
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
    // a button, not a link: nothing from the catalog ever becomes an href
    const button = text('button', 'link-button', edge[end]);
    button.addEventListener('click', () => select(edge[end]));
    item.append(text('span', 'muted', `${edge.relationship} `), button);
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
