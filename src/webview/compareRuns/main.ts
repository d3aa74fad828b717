/**
 * The compare-runs view: the page frame (the node and what is compared), then, for a failing node,
 * since when it fails and what started failing; the two runs side by side with what differs; the
 * commits between their code; what one run has and the other has not (on the one grid); and the
 * time each resource type took. The grid's sort and columns survive hide/show.
 */
import '../common/page/codiconStylesheet';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '../common/page/pageFrame.css';
// the grid's rules before the view's own, which refine them
import '../common/grid/grid.css';
import './compareRuns.css';
import type {
  ComparedRuns,
  HostToCompareRuns,
  HostToEveryPage,
  RestoredNote,
} from '../../shared/protocol';
import { comparedRunsId } from '../../shared/protocol/compareRuns';
import { onDateStyleChange } from '../common/dateStyle';
import type { ModelGridState } from '../common/grid/modelGrid';
import { viewPageFrame } from '../common/page/pageFrame';
import { sectionsBody } from '../common/page/pageSection';
import { keepShown, onHostMessage, onRenew, PageUiState, postToHost } from '../common/vscodeApi';
import { afterPaint } from '../common/tasks';
import { differencesOf, renderDifferences, type DifferencesView } from './differencesGrid';
import { commitsView, streakView, timeTable } from './detailsView';
import { changesTable, runCard } from './runsView';

const ui = new PageUiState<{ differences?: ModelGridState }>({});

const frame = viewPageFrame('compareRuns', {
  className: 'compare-header',
  loadingLabel: 'Comparing the runs',
  reload: { label: 'Load again', run: () => postToHost('compareRuns', { type: 'reload' }) },
});

let shown:
  { runs: ComparedRuns; restored: RestoredNote | undefined; grid: DifferencesView } | undefined;

function clear(): void {
  shown?.grid.dispose();
  shown = undefined;
  frame.status.replaceChildren();
  frame.body.replaceChildren();
}

function show(runs: ComparedRuns, restored: RestoredNote | undefined): void {
  keepShown('compareRuns', runs, 'The comparison', restored?.savedAt);
  clear();
  frame.showLoaded(restored);
  const failingMode = runs.streak !== undefined;
  const stopped = runs.streak?.walkStopped === true;
  const names = failingMode
    ? { older: 'Last good run', newer: stopped ? 'Oldest run read' : 'First bad run' }
    : { older: 'Older run', newer: 'Newer run' };
  const resource = runs.streak?.resource;
  frame.setTitle(
    resource
      ? `Since when does ${resource.type}[${resource.title}] fail on ${runs.certname}?`
      : failingMode
        ? `Why is ${runs.certname} failing?`
        : `Compare runs · ${runs.certname}`,
  );
  document.title = frame.title.textContent ?? 'Compare runs';
  const body = sectionsBody('compare-body');
  if (runs.streak) {
    body.append(
      streakView(runs, runs.streak, () => postToHost('compareRuns', { type: 'openMarkdown' })),
    );
  }
  const cards = document.createElement('div');
  cards.className = 'compare-runs';
  const open = (which: 'older' | 'newer') => () =>
    postToHost('compareRuns', { type: 'openRun', which });
  cards.append(
    runCard(
      names.older,
      runs.older,
      open('older'),
      stopped
        ? 'Not reached: the walk read no further back.'
        : 'PuppetDB keeps no good run of this node.',
    ),
    runCard(names.newer, runs.newer, open('newer'), 'No run failed.'),
  );
  body.append(cards);
  let grid: DifferencesView | undefined;
  if (runs.older && runs.newer) {
    body.append(
      changesTable(runs.changes, names),
      commitsView(runs.commits, () => postToHost('compareRuns', { type: 'openChanges' })),
    );
    if (runs.comparison) {
      grid = renderDifferences(differencesOf(runs.comparison), names, ui.part('differences'));
      body.append(grid.element, timeTable(runs.comparison.time, names));
    }
  }
  frame.body.replaceChildren(body);
  shown = { runs, restored, grid: grid ?? { element: body, dispose: () => undefined } };
  afterPaint(() => postToHost('compareRuns', { type: 'painted', runs: comparedRunsId(runs) }));
}

// the dates of the cards, the streak and the commits in a new date style
onDateStyleChange(() => {
  if (shown) show(shown.runs, shown.restored);
});

function handle(received: Exclude<HostToCompareRuns, HostToEveryPage>): void {
  if (received.type === 'compared') show(received.runs, received.restored);
  else frame.showLoadState(received, clear);
}

// the next comparison in this panel (a preview's): shown as on a new page
onRenew(() => {
  clear();
  ui.reset();
  frame.startOver();
});

onHostMessage('compareRuns', handle);
postToHost('compareRuns', { type: 'ready' });
