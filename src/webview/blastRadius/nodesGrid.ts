/**
 * The nodes a change reaches, on the one grid: grouped (environment and role class, either, or
 * the changed file that reaches them), failing first, with their latest status. A node's name
 * selects it in the tree, its status opens its latest report, "Catalog graph" opens its graph
 * focused on what the change reached. Every value from PuppetDB or git is set as text.
 */
import { plural } from '../../shared/plural';
import { isFailing, type BlastRadius } from '../../shared/blastRadius/model';
import {
  COUNTING,
  GROUP_BY_WORDS,
  groupedNodes,
  type GroupBy,
  type GroupCount,
  type NodeRow,
} from '../../shared/blastRadius/radiusView';
import { runStatusLook } from '../../shared/runStatusLook';
import { countedGrid } from '../common/grid/countedGrid';
import { filterGrid } from '../common/grid/gridToolbar';
import { iconLabelCell } from '../common/grid/iconCell';
import type { ModelGridState } from '../common/grid/modelGrid';
import { pageButton } from '../common/page/pageButton';
import { pageSection, rowHeader, tableWithHead } from '../common/page/pageSection';
import { choiceSelect } from '../common/page/toolbarParts';

/** What a click on a row's link asks the host. */
export type NodeAction = 'revealNode' | 'openReport' | 'openGraph';

export interface NodesView {
  element: HTMLElement;
  /** Filters the grid on `text`, shown in its filter field (a file the view was opened on). */
  filter(text: string): void;
  /**
   * Shows the whole answer of the change shown now (a large change's first answer) in place: the
   * same grid, its scroll, filter and focus kept. False when it cannot (the page renders anew).
   */
  update(next: BlastRadius): boolean;
  dispose(): void;
}

/** Groups shown before "Show all": the most failing, which the reader wants first. */
const GROUPS_SHOWN = 6;

/**
 * The groups and their counts, as a table a screen reader reads with its headers: the first
 * GROUPS_SHOWN, and a button that shows them all (and fewer again).
 */
function groupsTable(groups: readonly GroupCount[], groupBy: GroupBy): HTMLElement {
  const wrapper = document.createElement('div');
  wrapper.className = 'blast-groups-wrapper';
  const { table, body } = tableWithHead('blast-groups', [
    GROUP_BY_WORDS[groupBy],
    'Nodes',
    'Failing',
  ]);
  const rows = groups.map((group) => {
    const row = body.insertRow();
    rowHeader(row, group.group);
    row.insertCell().textContent = group.nodes.toLocaleString('en-US');
    const failing = row.insertCell();
    failing.textContent = group.failing.toLocaleString('en-US');
    if (group.failing > 0) failing.className = 'status-text-error';
    return row;
  });
  wrapper.append(table);
  if (groups.length <= GROUPS_SHOWN) return wrapper;
  let all = false;
  const toggle = pageButton('', '', () => {
    all = !all;
    showRows();
  });
  const showRows = () => {
    rows.forEach((row, index) => (row.hidden = !all && index >= GROUPS_SHOWN));
    toggle.textContent = all ? 'Show fewer groups' : `Show all ${groups.length} groups`;
    toggle.title = all
      ? `Show the first ${GROUPS_SHOWN} groups only`
      : `Show the ${groups.length - GROUPS_SHOWN} groups after the first ${GROUPS_SHOWN}`;
    toggle.setAttribute('aria-expanded', String(all));
  };
  showRows();
  wrapper.append(toggle);
  return wrapper;
}

export function renderNodes(
  radius: BlastRadius,
  options: {
    groupBy: GroupBy;
    onGroupBy(groupBy: GroupBy): void;
    grid: { value: unknown; save(state: ModelGridState): void };
    act(action: NodeAction, certname: string): void;
  },
): NodesView {
  const section = pageSection('Nodes reached', 'blast-nodes');
  const { rows, groups } = groupedNodes(radius, options.groupBy);
  // (the whole answer after a first one takes the place of the first: see `update`)
  let shown = radius;
  const groupBy = choiceSelect(
    'Group by',
    (Object.keys(GROUP_BY_WORDS) as GroupBy[]).map((key) => [key, GROUP_BY_WORDS[key]] as const),
  );
  groupBy.value = options.groupBy;
  groupBy.addEventListener('change', () => options.onGroupBy(groupBy.value as GroupBy));
  const { grid, toolbar } = countedGrid<NodeRow>({
    kept: options.grid,
    count: {
      className: 'blast-count',
      words: {
        noun: options.groupBy === 'file' ? 'row' : 'node',
        none: 'The change reaches no node PuppetDB knows of.',
        noMatch: 'No node matches the filter.',
      },
    },
    toolbar: { filterLabel: 'Filter the nodes', before: [groupBy] },
    className: 'blast-nodes-grid',
    label: 'Nodes reached',
    columns: [
      {
        key: 'group',
        label: GROUP_BY_WORDS[options.groupBy],
        width: 200,
        grow: 1.2,
        text: (row) => row.group,
      },
      {
        key: 'certname',
        label: 'Node',
        width: 200,
        grow: 1.4,
        hideable: false,
        text: (row) => row.certname,
        textOrder: 'natural',
        link: () => true,
      },
      {
        key: 'status',
        label: 'Latest status',
        width: 130,
        text: (row) => row.status,
        ...iconLabelCell((row: NodeRow) => {
          const look = runStatusLook(row.status);
          return {
            icon: look.icon,
            iconClass: look.tone && `status-mark-${look.tone}`,
            label: row.status,
            labelClass: look.tone && `status-text-${look.tone}`,
            title: `Open the latest report of ${row.certname} (${row.status})`,
          };
        }),
        link: () => true,
      },
      { key: 'environment', label: 'Environment', width: 110, text: (row) => row.environment },
      { key: 'role', label: 'Role class', width: 140, grow: 0.8, text: (row) => row.roleClass },
      {
        key: 'reachedBy',
        label: 'Reached by',
        width: 240,
        grow: 2,
        text: (row) => (shown.counting ? COUNTING : row.reachedBy),
      },
      {
        key: 'graph',
        label: 'Catalog graph',
        width: 110,
        sortable: false,
        text: () => 'Catalog graph',
        link: () => true,
      },
    ],
    searchText: (row) =>
      `${row.group}\n${row.certname}\n${row.status}\n${row.environment}\n${row.roleClass}\n${row.reachedBy}`,
    rowClass: (row) => (isFailing(row.status) ? 'blast-row blast-row-failing' : 'blast-row'),
    onActivate: (row, _index, detail) => {
      if (detail.column === 'status') options.act('openReport', row.certname);
      else if (detail.column === 'graph') options.act('openGraph', row.certname);
      // the node's name, Enter or a double click elsewhere: the node in the tree
      else if (detail.column === 'certname' || detail.how !== 'click') {
        options.act('revealNode', row.certname);
      }
    },
  });
  const groupsNote = document.createElement('p');
  groupsNote.className = 'muted blast-groups-note';
  groupsNote.textContent = `${plural(groups.length, 'group')} by ${GROUP_BY_WORDS[options.groupBy].toLowerCase()}; the most failing first.`;
  section.append(toolbar, groupsNote, groupsTable(groups, options.groupBy), grid.element);
  grid.setRows(rows);
  return {
    element: section,
    update: (next) => {
      const regrouped = groupedNodes(next, options.groupBy);
      // a first answer's groups are final, but by changed file they come from what reached each node
      if (JSON.stringify(regrouped.groups) !== JSON.stringify(groups)) return false;
      shown = next;
      grid.setRows(regrouped.rows);
      return true;
    },
    filter: (text) => filterGrid(toolbar, grid, text),
    dispose: () => grid.grid.dispose(),
  };
}
