/**
 * The two answers as Markdown documents, shown in a read-only preview as "Why Is This Node
 * Failing?" is: every value from PuppetDB or the user goes through markdownText() (inert, its
 * punctuation escaped), so the preview shows text and follows no link. The ranking names its
 * nodes as text, without links: the comparison of one is a command away.
 */
import * as vscode from 'vscode';
import { ABSENT, RARE_SHARE, SELF, type PeerGroup, type ResourceRef } from '../../shared/peers';
import { markdownText } from '../history/markdownText';
import type { GroupRanking, PeerAnswer } from './peerAnswers';

/** The most nodes a ranking document lists. */
export const RANKING_ROWS = 1000;

export function groupText(group: PeerGroup): string {
  switch (group.kind) {
    case 'class':
      return vscode.l10n.t('the nodes with the class {0}', markdownText(group.title));
    case 'fact':
      return vscode.l10n.t(
        'the nodes whose fact {0} is {1}',
        markdownText(group.name),
        markdownText(group.value),
      );
    case 'pql':
      return vscode.l10n.t('the nodes of the query {0}', markdownText(group.query, 1000));
  }
}

const resourceText = (ref: ResourceRef) =>
  ref.title === undefined
    ? vscode.l10n.t('{0}[its own certname]', markdownText(ref.type))
    : markdownText(`${ref.type}[${ref.title}]`);

/** A value as the comparison holds it (canonical JSON, SELF or ABSENT), for reading. */
function valueText(text: string): string {
  if (text === SELF) return vscode.l10n.t('its own certname');
  if (text === ABSENT) return vscode.l10n.t('not set');
  let value: unknown = text;
  try {
    value = JSON.parse(text);
  } catch {
    // a version: plain text
  }
  return markdownText(typeof value === 'string' ? value : text, 300);
}

function section(lines: string[], title: string, items: string[]): void {
  lines.push(`## ${title} (${items.length})`, '');
  lines.push(...(items.length === 0 ? [vscode.l10n.t('None.')] : items.map((item) => `- ${item}`)));
  lines.push('');
}

export function peersMarkdown(answer: PeerAnswer, pattern: RegExp | undefined): string {
  const { comparison } = answer;
  const node = markdownText(answer.certname);
  const lines = [`# ${vscode.l10n.t('How {0} differs from its peers', node)}`, ''];
  lines.push(
    vscode.l10n.t(
      'Its peers: {0}, {1} nodes besides it.',
      groupText(answer.group),
      comparison.peers,
    ),
  );
  if (answer.roles && pattern) {
    lines.push(
      '',
      vscode.l10n.t(
        'Its role is its class matching the pattern {0} (the setting `puppetdbExplorer.peers.rolePattern`).',
        markdownText(pattern.source),
      ),
    );
    if (answer.roles.length > 1) {
      lines.push(
        vscode.l10n.t(
          'It has {0} such classes; the first is used: {1}.',
          answer.roles.length,
          answer.roles.map((role) => markdownText(role)).join(', '),
        ),
      );
    }
  }
  lines.push('');
  if (comparison.peers === 0) {
    lines.push(vscode.l10n.t('The group has no other node: there is nothing to compare with.'));
    return `${lines.join('\n')}\n`;
  }
  const of = (count: number, total: number) => vscode.l10n.t('{0} of {1}', count, total);
  lines.push(
    `**${vscode.l10n.t('Distance from its peers: {0}', comparison.distance)}** ${vscode.l10n.t('(every difference below counts one)')}`,
    '',
  );
  section(
    lines,
    vscode.l10n.t('Resources it has that most peers lack'),
    comparison.extraResources.map((item) =>
      vscode.l10n.t('{0}: on {1} peers', resourceText(item), of(item.peersWith, comparison.peers)),
    ),
  );
  section(
    lines,
    vscode.l10n.t('Resources most peers have that it lacks'),
    comparison.missingResources.map((item) =>
      vscode.l10n.t('{0}: on {1} peers', resourceText(item), of(item.peersWith, comparison.peers)),
    ),
  );
  section(
    lines,
    vscode.l10n.t('Parameters that differ from the majority'),
    comparison.parameters.map((item) =>
      vscode.l10n.t(
        '{0} {1}: {2}; {3} on {4} peers with the resource',
        resourceText(item.resource),
        markdownText(item.parameter),
        valueText(item.value),
        valueText(item.majority),
        of(item.majorityCount, item.holders),
      ),
    ),
  );
  section(
    lines,
    vscode.l10n.t('Package versions that differ from the majority'),
    comparison.packages.map((item) =>
      vscode.l10n.t(
        '{0} ({1}): {2}; {3} on {4} peers with the package',
        markdownText(item.name),
        markdownText(item.provider),
        item.versions.map(valueText).join(', '),
        valueText(item.majority),
        of(item.majorityCount, item.holders),
      ),
    ),
  );
  section(
    lines,
    vscode.l10n.t('Facts where it is in a small minority'),
    comparison.facts.map((item) =>
      vscode.l10n.t(
        '{0}: {1}, shared by {2} peers; {3} on {4} peers',
        markdownText(item.name),
        valueText(item.value),
        of(item.sharedBy, comparison.peers),
        valueText(item.majority),
        of(item.majorityCount, comparison.peers),
      ),
    ),
  );
  lines.push(
    `_${vscode.l10n.t(
      'A majority is more than half of the peers (of those with the resource or package, for parameters and versions); a fact is rare when fewer than {0} % of the peers share its value. Resources titled after their own node count as one resource; facts that change on every run (uptime, free memory, load) are not compared.',
      RARE_SHARE * 100,
    )}_`,
    '',
  );
  return `${lines.join('\n')}\n`;
}

export function rankingMarkdown(ranking: GroupRanking): string {
  const lines = [
    `# ${vscode.l10n.t('Nodes by distance from their peers')}`,
    '',
    vscode.l10n.t(
      'The group: {0}, {1} nodes. Farthest first, with the distance of each (in bold):',
      groupText(ranking.group),
      ranking.members,
    ),
    '',
  ];
  if (ranking.nodes.length === 0) {
    lines.push(vscode.l10n.t('The group has no node.'));
    return `${lines.join('\n')}\n`;
  }
  ranking.nodes.slice(0, RANKING_ROWS).forEach((node, index) => {
    lines.push(
      `${index + 1}. **${node.distance}** ${markdownText(node.certname)}: ${vscode.l10n.t(
        'resources {0} extra, {1} missing; parameters {2}; package versions {3}; facts {4}',
        node.extraResources,
        node.missingResources,
        node.parameters,
        node.packages,
        node.facts,
      )}`,
    );
  });
  if (ranking.nodes.length > RANKING_ROWS) {
    lines.push('', vscode.l10n.t('… and {0} more.', ranking.nodes.length - RANKING_ROWS));
  }
  lines.push(
    '',
    `_${vscode.l10n.t(
      'The distance of a node is the number of its differences from its peers: resources most of them lack or have, parameters, package versions and rare facts. Compare Node with Its Peers shows them for one node.',
    )}_`,
    '',
  );
  return `${lines.join('\n')}\n`;
}
