/**
 * The answer to "Why is this node failing?" as a Markdown document, for now the text-only form of
 * the history view: every value from PuppetDB or git goes through markdownText() (inert, and its
 * punctuation escaped), so a preview of it shows text and follows no link.
 */
import * as vscode from 'vscode';
import { formatAge, formatTableTimestamp, type DateStyle } from '../../shared/dateFormat';
import type { ComparedField, RunSummary } from '../../shared/history';
import type { CommitsAnswer } from './gitCommits';
import { markdownText } from './markdownText';
import type { WhyFailing } from './whyFailing';

/** Each compared field's name, in the display language (asked when a document is made). */
const fieldNames = (): Record<ComparedField, string> => ({
  configurationVersion: vscode.l10n.t('Configuration version'),
  codeId: vscode.l10n.t('Code id'),
  environment: vscode.l10n.t('Environment'),
  puppetVersion: vscode.l10n.t('Agent version'),
  catalogUuid: vscode.l10n.t('Catalog'),
  cachedCatalogStatus: vscode.l10n.t('Cached catalog use'),
});

function fieldName(field: ComparedField): string {
  return fieldNames()[field];
}

function runLine(run: RunSummary, now: number, style: DateStyle): string {
  const end = new Date(run.endTime);
  return vscode.l10n.t(
    '{0} ({1}), report {2}',
    markdownText(formatTableTimestamp(end, style)),
    markdownText(formatAge(end, now, style)),
    markdownText(run.hash),
  );
}

const value = (text: string | null) => (text === null ? vscode.l10n.t('none') : markdownText(text));

function commitLines(commits: CommitsAnswer | undefined): string[] {
  if (!commits) {
    return [
      vscode.l10n.t(
        'The two runs do not name commits (their configuration versions are no commit ids; the setting `puppetdbExplorer.history.commitPattern` can take one out of them).',
      ),
    ];
  }
  if (!commits.found) {
    const reasons = {
      noGit: vscode.l10n.t('The git extension is not available.'),
      noRepository: vscode.l10n.t('The workspace has no git repository.'),
      notFound: vscode.l10n.t("No repository of the workspace has both runs' commits."),
    };
    return [reasons[commits.reason]];
  }
  const lines = [
    vscode.l10n.t('In {0}, newest first:', markdownText(commits.repository)),
    '',
    ...commits.commits.map(
      (commit) =>
        `- \`${commit.hash.slice(0, 12)}\` ${markdownText(commit.subject)}` +
        (commit.authorName ? ` — ${markdownText(commit.authorName)}` : '') +
        (commit.authorDate ? `, ${markdownText(commit.authorDate)}` : ''),
    ),
  ];
  if (commits.commits.length === 0) lines.push(vscode.l10n.t('No commits: the range is empty.'));
  if (commits.more > 0) lines.push('', vscode.l10n.t('… and {0} more.', commits.more));
  return lines;
}

export function whyFailingMarkdown(
  result: WhyFailing,
  commits: CommitsAnswer | undefined,
  now: number,
  style: DateStyle,
): string {
  const { answer } = result;
  const lines = [`# ${vscode.l10n.t('Why is {0} failing?', markdownText(result.certname))}`, ''];
  if (!answer.failing || !answer.firstBad) {
    lines.push(
      vscode.l10n.t(
        '{0} is not failing: its latest run did not fail.',
        markdownText(result.certname),
      ),
    );
    return `${lines.join('\n')}\n`;
  }
  const stopped = answer.walkStopped;
  lines.push(
    `- ${
      stopped
        ? vscode.l10n.t('Oldest run read: {0}', runLine(answer.firstBad, now, style))
        : vscode.l10n.t('First bad run: {0}', runLine(answer.firstBad, now, style))
    }`,
    `- ${vscode.l10n.t('Failed runs since: {0}', answer.badRuns.length)}`,
    `- ${
      answer.lastGood
        ? vscode.l10n.t('Last good run: {0}', runLine(answer.lastGood, now, style))
        : stopped
          ? vscode.l10n.t(
              'Last good run: not reached (each of the last {0} runs failed; the walk reads no further back).',
              answer.badRuns.length.toLocaleString('en-US'),
            )
          : vscode.l10n.t(
              'Last good run: none kept (the node fails as far back as PuppetDB keeps its reports).',
            )
    }`,
    '',
  );
  if (answer.lastGood) {
    lines.push(`## ${vscode.l10n.t('What differs between the two runs')}`, '');
    if (result.changes.length === 0) lines.push(vscode.l10n.t('Nothing in their summaries.'));
    for (const change of result.changes) {
      lines.push(`- ${fieldName(change.field)}: ${value(change.before)} → ${value(change.after)}`);
    }
    lines.push('');
  }
  lines.push(`## ${vscode.l10n.t('Resources that started failing')}`, '');
  if (result.newFailures.length === 0) lines.push(vscode.l10n.t('None.'));
  for (const failure of result.newFailures) {
    const state = failure.skipped ? vscode.l10n.t('skipped') : vscode.l10n.t('failed');
    lines.push(`- ${markdownText(failure.resource)} (${state})`);
    for (const message of failure.messages) lines.push(`  - ${markdownText(message, 2000)}`);
  }
  lines.push('', `## ${vscode.l10n.t('Warnings and errors new in the first bad run')}`, '');
  if (result.newLogLines.length === 0) lines.push(vscode.l10n.t('None.'));
  for (const log of result.newLogLines) {
    lines.push(`- ${markdownText(log.level)}: ${markdownText(log.message, 2000)}`);
  }
  lines.push(
    '',
    `_${vscode.l10n.t('Messages are compared with their numbers, times and hex ids replaced by placeholders.')}_`,
    '',
  );
  if (answer.lastGood) {
    lines.push(
      `## ${vscode.l10n.t('Commits between the two runs')}`,
      '',
      ...commitLines(commits),
      '',
    );
  }
  return `${lines.join('\n')}\n`;
}
