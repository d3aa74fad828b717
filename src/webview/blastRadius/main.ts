/**
 * The Blast Radius view: the page frame (the repository and the change; Refresh and Export), what
 * the view cannot know (always shown), the summary ("This change reaches N nodes, F failing, in E
 * environments"), the nodes grouped and failing first, and the counts per changed file and hunk.
 * The grouping and the grids' sort and columns survive hide/show.
 */
import '../common/page/codiconStylesheet';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '../common/page/pageFrame.css';
// the grid's rules before the view's own, which refine them
import '../common/grid/grid.css';
import './blastRadius.css';
import type { BlastRadius, ChangeScope } from '../../shared/blastRadius/model';
import { fromWire } from '../../shared/blastRadius/radiusWire';
import { rangeWords } from '../../shared/blastRadius/revision';
import {
  CAVEAT_WORDS,
  caveatsToSay,
  summaryOf,
  type GroupBy,
} from '../../shared/blastRadius/radiusView';
import { plural } from '../../shared/plural';
import type {
  FocusedFile,
  HostToBlastRadius,
  HostToEveryPage,
  RestoredNote,
} from '../../shared/protocol';
import { paintedRadiusId } from '../../shared/protocol/blastRadius';
import type { ModelGridState } from '../common/grid/modelGrid';
import { pageButton } from '../common/page/pageButton';
import { sectionsBody } from '../common/page/pageSection';
import { viewPageFrame } from '../common/page/pageFrame';
import { afterPaint } from '../common/tasks';
import { keepShown, onHostMessage, onRenew, PageUiState, postToHost } from '../common/vscodeApi';
import { renderHunks } from './hunksGrid';
import { renderNodes } from './nodesGrid';

const reload = () => postToHost('blastRadius', { type: 'reload' });
const frame = viewPageFrame('blastRadius', {
  className: 'blast-header',
  loadingLabel: 'Computing the blast radius',
  reload: { label: 'Load again', run: reload },
});
const ui = new PageUiState<{
  groupBy?: GroupBy;
  nodes?: ModelGridState;
  hunks?: ModelGridState;
}>({});

const exportAs = (rows: 'nodes' | 'hunks', format: 'csv' | 'json') => () =>
  postToHost('blastRadius', { type: 'export', format, rows });
/** The view's own actions: made again when the page starts over (onRenew), as a new page's. */
const pageActions = () => [
  pageButton('Refresh', 'Read the change from git and compute its reach again', reload),
  pageButton(
    'Export nodes as CSV',
    'Save the nodes reached as a CSV file',
    exportAs('nodes', 'csv'),
  ),
  pageButton(
    'Export nodes as JSON',
    'Save the nodes reached as a JSON file',
    exportAs('nodes', 'json'),
  ),
];
frame.actions.append(...pageActions());

/** The change in words: the working tree, the staged changes, or `base..head` (ids shortened). */
function scopeWords(scope: ChangeScope): string {
  if (scope.kind === 'workingTree') return 'working tree';
  if (scope.kind === 'staged') return 'staged changes';
  return rangeWords(scope);
}

/** What the view cannot know, said in the view itself (not only the README). */
function limitsNote(radius: BlastRadius | undefined): HTMLElement {
  const note = document.createElement('div');
  note.className = 'blast-limits';
  note.setAttribute('role', 'note');
  note.setAttribute('aria-label', 'What the blast radius cannot know');
  const list = document.createElement('ul');
  for (const caveat of caveatsToSay(radius)) {
    const item = document.createElement('li');
    item.textContent = CAVEAT_WORDS[caveat];
    list.append(item);
  }
  if (radius?.truncatedAt !== undefined) {
    const item = document.createElement('li');
    item.className = 'warning-text';
    item.textContent = `A PuppetDB answer stopped at ${radius.truncatedAt.toLocaleString('en-US')} rows: the counts are of those rows.`;
    list.append(item);
  }
  const icon = document.createElement('span');
  icon.className = 'codicon codicon-info';
  icon.setAttribute('aria-hidden', 'true');
  note.append(icon, list);
  return note;
}

frame.notes.replaceChildren(limitsNote(undefined));

let shown:
  | {
      radius: BlastRadius;
      restored: RestoredNote | undefined;
      /** The whole answer in place of the first (`NodesView.update`); false: render anew. */
      update: (next: BlastRadius) => boolean;
      dispose: () => void;
    }
  | undefined;

function clear(): void {
  shown?.dispose();
  shown = undefined;
  frame.status.replaceChildren();
  frame.body.replaceChildren();
}

function summaryLine(radius: BlastRadius): HTMLElement {
  const { nodes, failing, environments } = summaryOf(radius);
  const line = document.createElement('p');
  line.className = 'blast-summary';
  const failingText = document.createElement('span');
  failingText.textContent = `${failing.toLocaleString('en-US')} failing`;
  if (failing > 0) failingText.className = 'status-text-error';
  line.append(
    `This change reaches ${plural(nodes, 'node')}, `,
    failingText,
    `, in ${plural(environments, 'environment')}.`,
  );
  return line;
}

/** The focus last applied: a snapshot sent again (hide/show) leaves the filters as the user set them. */
let appliedFocus: string | undefined;

function show(radius: BlastRadius, restored: RestoredNote | undefined, focus?: FocusedFile): void {
  // (a first answer is not kept: a page restored from it would show counts never read)
  if (!radius.counting) keepShown('blastRadius', radius, 'The blast radius', restored?.savedAt);
  if (completeInPlace(radius, restored, focus)) return;
  clear();
  frame.showLoaded(restored);
  frame.setLoading(radius.counting === true);
  frame.setTitle(`Blast radius · ${radius.repository} · ${scopeWords(radius.scope)}`);
  frame.notes.replaceChildren(limitsNote(radius));
  const { nodes, failing } = summaryOf(radius);
  frame.status.textContent = `${plural(radius.files.length, 'file')} changed · ${plural(nodes, 'node')} · ${failing.toLocaleString('en-US')} failing`;
  const body = sectionsBody('blast-body');
  const nodesView = renderNodes(radius, {
    groupBy: ui.value.groupBy ?? 'environmentRole',
    onGroupBy: (groupBy) => {
      ui.save({ groupBy });
      show(radius, restored);
    },
    grid: ui.part('nodes'),
    act: (type, certname) => postToHost('blastRadius', { type, certname }),
  });
  const hunksView = renderHunks(radius, {
    grid: ui.part('hunks'),
    open: (file, hunk) => postToHost('blastRadius', { type: 'openHunk', file, hunk }),
    extra: [
      pageButton(
        'Export as CSV',
        'Save the files and hunks as a CSV file',
        exportAs('hunks', 'csv'),
      ),
    ],
  });
  if (radius.counting) {
    // what is still being counted, as a screen reader is told it (and the tests wait on it)
    nodesView.element.setAttribute('aria-busy', 'true');
    hunksView.element.setAttribute('aria-busy', 'true');
  }
  body.append(summaryLine(radius), nodesView.element, hunksView.element);
  frame.body.replaceChildren(body);
  const focusKey = focus && JSON.stringify(focus);
  if (focus && focusKey !== appliedFocus) {
    nodesView.filter(focus.file);
    hunksView.filter(focus.file);
  }
  appliedFocus = focusKey ?? appliedFocus;
  shown = {
    radius,
    restored,
    update: (next) => nodesView.update(next) && hunksView.update(next),
    dispose: () => {
      nodesView.dispose();
      hunksView.dispose();
    },
  };
  afterPaint(() => postToHost('blastRadius', { type: 'painted', radius: paintedRadiusId(radius) }));
}

/**
 * The whole answer of the large change whose first answer is shown, put into the grids the
 * reader may already be scrolling: rendering the page anew took longer than the grids' rows.
 */
function completeInPlace(
  radius: BlastRadius,
  restored: RestoredNote | undefined,
  focus: FocusedFile | undefined,
): boolean {
  const before = shown;
  if (
    !before?.radius.counting ||
    radius.counting ||
    restored ||
    before.restored ||
    (focus && JSON.stringify(focus) !== appliedFocus) ||
    // the same change (scope and HEAD) as the first answer shown
    paintedRadiusId(before.radius) !== paintedRadiusId({ ...radius, counting: true }) ||
    !before.update(radius)
  ) {
    return false;
  }
  before.radius = radius;
  frame.setLoading(false);
  frame.notes.replaceChildren(limitsNote(radius));
  for (const busy of frame.body.querySelectorAll('[aria-busy]')) busy.removeAttribute('aria-busy');
  afterPaint(() => postToHost('blastRadius', { type: 'painted', radius: paintedRadiusId(radius) }));
  return true;
}

function handle(received: Exclude<HostToBlastRadius, HostToEveryPage>): void {
  if (received.type === 'radius') {
    show(fromWire(received.radius), received.restored, received.focus);
  } else {
    frame.showLoadState(received, clear);
    if (received.type !== 'error') frame.notes.replaceChildren(limitsNote(undefined));
  }
}

// another change's reach in this panel (a preview taken over): empty, as a new page is
onRenew(() => {
  clear();
  ui.reset();
  appliedFocus = undefined;
  frame.startOver();
  frame.actions.append(...pageActions());
  frame.notes.replaceChildren(limitsNote(undefined));
});

onHostMessage('blastRadius', handle);
postToHost('blastRadius', { type: 'ready' });
