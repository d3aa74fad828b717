/**
 * The parts below the two runs: the failing streak (why a node fails), the commits between the
 * runs' code, and the time each resource type took in each run. Every value set as text.
 */
import { formatDuration } from '../../shared/dateFormat';
import type { MetricRow } from '../../shared/history';
import { plural } from '../../shared/plural';
import type { ComparedCommits, ComparedRuns, FailingStreak } from '../../shared/protocol';
import { dateText } from '../common/dateStyle';
import { pageButton } from '../common/page/pageButton';
import { pageSection, rowHeader, tableWithHead } from '../common/page/pageSection';

function paragraph(text: string, className = ''): HTMLElement {
  const element = document.createElement('p');
  element.className = className;
  element.textContent = text;
  return element;
}

function list(items: readonly string[], className: string): HTMLElement {
  const element = document.createElement('ul');
  element.className = className;
  element.append(
    ...items.map((item) => Object.assign(document.createElement('li'), { textContent: item })),
  );
  return element;
}

/** Since when and how the node fails: the streak, and what started failing in its first bad run. */
export function streakView(
  runs: ComparedRuns,
  streak: FailingStreak,
  openMarkdown: () => void,
): HTMLElement {
  const element = pageSection('Failing since', 'compare-streak');
  const subject = streak.resource
    ? `${streak.resource.type}[${streak.resource.title}] on ${runs.certname}`
    : runs.certname;
  if (!streak.failing || !runs.newer) {
    element.append(
      paragraph(
        streak.resource
          ? `${subject} did not fail in the latest run.`
          : `${runs.certname}'s latest run did not fail.`,
      ),
    );
    return element;
  }
  const since = streak.walkStopped
    ? `${subject} has failed in each of the last ${plural(streak.badRuns, 'run')} (the oldest at ${dateText(runs.newer.endTime)}); the walk reads no further back.`
    : streak.failingAsFarBackAsKept
      ? `${subject} has failed in every run PuppetDB keeps (${plural(streak.badRuns, 'run')}, the oldest at ${dateText(runs.newer.endTime)}).`
      : `${subject} has failed since ${dateText(runs.newer.endTime)}: ${plural(streak.badRuns, 'bad run')} since the last good one.`;
  element.append(paragraph(since, 'compare-streak-since'));
  if (streak.newFailures.length > 0) {
    element.append(
      paragraph('Resources that started failing:', 'compare-subheading'),
      list(
        streak.newFailures.map(
          (failure) =>
            `${failure.resource}${failure.skipped ? ' (skipped: a dependency failed)' : ''}${failure.messages.length > 0 ? ` — ${failure.messages.join(' / ')}` : ''}`,
        ),
        'compare-failures',
      ),
    );
  }
  if (streak.newLogLines.length > 0) {
    element.append(
      paragraph('Warnings and errors new in the first bad run:', 'compare-subheading'),
      list(
        streak.newLogLines.map((log) => `${log.level}: ${log.message}`),
        'compare-new-logs',
      ),
    );
  }
  element.append(
    pageButton(
      'Open as Markdown',
      'Open this answer as a Markdown document, to read or copy',
      openMarkdown,
    ),
  );
  return element;
}

const WHY_NO_COMMITS: Record<Extract<ComparedCommits, { found: false }>['reason'], string> = {
  notCommits:
    'The configuration versions are not commit ids (puppetdbExplorer.history.commitPattern can read them out).',
  sameCommit: 'Both runs applied the same commit.',
  noGit: 'The git extension is disabled or missing.',
  noRepository: 'The workspace has no git repository.',
  notFound: "No repository of the workspace has both runs' commits.",
};

/** The commits between the two runs' code, newest first, and a button opening their changes. */
export function commitsView(commits: ComparedCommits, openChanges: () => void): HTMLElement {
  const element = pageSection('Commits between the runs', 'compare-commits');
  if (!commits.found) {
    element.append(paragraph(WHY_NO_COMMITS[commits.reason], 'muted'));
    return element;
  }
  const { table, body } = tableWithHead('compare-table compare-commit-table', [
    'Commit',
    'Subject',
    'Author',
    'Date',
  ]);
  for (const commit of commits.commits) {
    const row = body.insertRow();
    const hash = row.insertCell();
    hash.className = 'compare-commit-hash';
    hash.textContent = commit.hash.slice(0, 12);
    hash.title = commit.hash;
    row.insertCell().textContent = commit.subject;
    row.insertCell().textContent = commit.authorName ?? '';
    row.insertCell().textContent = commit.authorDate ? dateText(commit.authorDate) : '';
  }
  element.append(
    paragraph(
      `${plural(commits.commits.length + commits.more, 'commit')}${commits.more > 0 ? ` (the newest ${commits.commits.length} listed)` : ''}, newest first.`,
      'muted',
    ),
    table,
    pageButton(
      'Open Changes',
      'Open the files these commits changed, each beside its version in the older run',
      openChanges,
    ),
  );
  return element;
}

/** Seconds per resource type and phase in each run, with the difference. */
export function timeTable(
  rows: readonly MetricRow[],
  names: { older: string; newer: string },
): HTMLElement {
  const element = pageSection('Time', 'compare-time');
  if (rows.length === 0) {
    element.append(paragraph('Neither run has time metrics.', 'muted'));
    return element;
  }
  const seconds = (value: number | null) => (value === null ? '—' : formatDuration(value * 1000));
  const { table, body } = tableWithHead('compare-table compare-time-table', [
    '',
    names.older,
    names.newer,
    'Difference',
  ]);
  for (const metric of rows) {
    const row = body.insertRow();
    if (metric.name === 'total') row.className = 'compare-time-total';
    rowHeader(row, metric.name);
    row.insertCell().textContent = seconds(metric.a);
    row.insertCell().textContent = seconds(metric.b);
    const difference = metric.a !== null && metric.b !== null ? metric.b - metric.a : null;
    row.insertCell().textContent =
      difference === null ? '—' : `${difference >= 0 ? '+' : '−'}${seconds(Math.abs(difference))}`;
  }
  element.append(table);
  return element;
}
