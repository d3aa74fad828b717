/**
 * Each changed file and each of its hunks with the distinct nodes it reaches and how it was
 * matched to them, on the one grid. Enter, a double click or the file's link opens the file in the
 * editor at the hunk (the host opens only a changed file inside the repository).
 */
import type { BlastRadius } from '../../shared/blastRadius/model';
import {
  BASIS_WORDS,
  CAVEAT_WORDS,
  COUNTING,
  hunkRows,
  type HunkRow,
} from '../../shared/blastRadius/radiusView';
import { countedGrid } from '../common/grid/countedGrid';
import { filterGrid } from '../common/grid/gridToolbar';
import type { ModelGridState } from '../common/grid/modelGrid';
import { pageSection } from '../common/page/pageSection';
import { valueSortKey } from '../../shared/gridSort';
export interface HunksView {
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

const KIND_WORDS: Readonly<Record<HunkRow['kind'], string>> = {
  manifest: 'Manifest',
  hieraData: 'Hiera data',
  hieraConfig: 'hiera.yaml',
  puppetfile: 'Puppetfile',
  other: 'Other',
};

export function renderHunks(
  radius: BlastRadius,
  options: {
    grid: { value: unknown; save(state: ModelGridState): void };
    open(file: string, hunk: number): void;
    extra: HTMLElement[];
  },
): HunksView {
  const section = pageSection('Changed files and hunks', 'blast-hunks');
  // (the whole answer after a first one takes the place of the first: see `update`)
  let shown = radius;
  const { grid, toolbar } = countedGrid<HunkRow>({
    kept: options.grid,
    count: {
      className: 'blast-hunks-count',
      words: {
        noun: 'row',
        none: 'The change has no file.',
        noMatch: 'No file matches the filter.',
      },
    },
    toolbar: { filterLabel: 'Filter the files', after: options.extra },
    className: 'blast-hunks-grid',
    label: 'Changed files and hunks',
    columns: [
      {
        key: 'file',
        label: 'File',
        width: 260,
        grow: 2,
        hideable: false,
        // a hunk's row says its file's name after its number: the full path is the row above
        text: (row) =>
          row.hunk === -1
            ? row.file
            : `hunk ${row.hunk + 1} · ${row.file.slice(row.file.lastIndexOf('/') + 1)}`,
        link: () => true,
      },
      { key: 'kind', label: 'Kind', width: 100, text: (row) => KIND_WORDS[row.kind] },
      { key: 'lines', label: 'Lines', width: 100, text: (row) => row.lines },
      {
        key: 'nodes',
        label: 'Nodes reached',
        width: 110,
        // (a first answer has every node, not yet each hunk's)
        text: (row) => (shown.counting ? COUNTING : row.nodes.toLocaleString('en-US')),
        sortKey: (row) => valueSortKey(row.nodes),
      },
      {
        key: 'failing',
        label: 'Failing',
        width: 80,
        text: (row) => (shown.counting ? COUNTING : row.failing.toLocaleString('en-US')),
        sortKey: (row) => valueSortKey(row.failing),
        className: 'blast-cell-failing',
      },
      {
        key: 'basis',
        label: 'How it was matched',
        width: 260,
        grow: 2,
        text: (row) => (shown.counting ? COUNTING : BASIS_WORDS[row.basis]),
      },
      {
        key: 'caveats',
        label: 'Cannot know',
        width: 200,
        grow: 2,
        text: (row) =>
          shown.counting ? '' : row.caveats.map((caveat) => CAVEAT_WORDS[caveat]).join(' '),
      },
    ],
    searchText: (row) => `${row.file}\n${KIND_WORDS[row.kind]}\n${BASIS_WORDS[row.basis]}`,
    rowClass: (row) => (row.hunk === -1 ? 'blast-file-row' : 'blast-hunk-row'),
    onActivate: (row, _index, detail) => {
      if (detail.column === 'file' || detail.how !== 'click') options.open(row.file, row.hunk);
    },
  });
  section.append(toolbar, grid.element);
  grid.setRows(hunkRows(radius));
  return {
    element: section,
    update: (next) => {
      shown = next;
      grid.setRows(hunkRows(next));
      return true;
    },
    filter: (text) => filterGrid(toolbar, grid, text),
    dispose: () => grid.grid.dispose(),
  };
}
