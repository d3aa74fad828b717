/**
 * Hiera's answers as Markdown documents, shown in a read-only preview as the peers' are: every
 * value from PuppetDB, a data file or the user goes through markdownText() (inert, its punctuation
 * escaped), so the preview shows text and follows no link. Each answer ends with what the
 * emulation does not do, in the answer itself (limitsText).
 */
import * as vscode from 'vscode';
import type { HieraConfig } from '../../shared/hiera/config';
import type { LookupAnswer, MergeBehaviour } from '../../shared/hiera/lookup';
import { markdownText } from '../history/markdownText';
import {
  skippedFor,
  valueLine,
  type EnvironmentCount,
  type FleetLookup,
  type NodeLookup,
} from './hieraAnswers';

/** The most nodes named under one value (the rest are counted). */
export const NODES_NAMED = 50;
const VALUE_CHARS = 2000;

/** A value as text (valueLine), escaped: an eyaml value stays the encrypted text. */
export function valueText(value: unknown): string {
  return markdownText(valueLine(value), VALUE_CHARS);
}

/** "deep (lookup_options)", "first (Hiera's default)", "unique (asked)". */
export function mergeText(merge: MergeBehaviour, from: LookupAnswer['mergeFrom']): string {
  const behaviour = markdownText(valueLine(merge));
  switch (from) {
    case 'lookup_options':
      return vscode.l10n.t('{0} (from lookup_options)', behaviour);
    case 'argument':
      return vscode.l10n.t('{0} (asked)', behaviour);
    case 'default':
      return vscode.l10n.t("{0} (Hiera's default: first found)", behaviour);
  }
}

/** "production 300, staging 12". */
export function environmentsText(counts: readonly EnvironmentCount[]): string {
  return counts
    .map(({ environment, count }) => `${environment || vscode.l10n.t('no environment')} ${count}`)
    .join(', ');
}

/** What the emulation leaves out, said in every answer. */
export function limitsText(config: HieraConfig): string {
  const custom = [
    ...new Set(
      config.levels.flatMap((level) =>
        level.backend.kind === 'custom' ? [`${level.backend.name} (${level.name})`] : [],
      ),
    ),
  ];
  const lines = [
    vscode.l10n.t(
      'Emulated: the YAML and JSON backends of the environment layer (this hiera.yaml). eyaml values are shown encrypted, never decrypted. The module and global layers are not read.',
    ),
  ];
  if (custom.length > 0) {
    lines.push(
      vscode.l10n.t(
        'Skipped: levels of custom backends, whose data is not in the repository: {0}.',
        custom.map((name) => markdownText(name)).join(', '),
      ),
    );
  }
  return lines.map((line) => `> ${line}`).join('\n>\n');
}

/** The data files that could not be read: Puppet stops a lookup that reaches one. */
function unreadableLines(fileProblems: ReadonlyMap<string, readonly string[]>): string[] {
  if (fileProblems.size === 0) return [];
  const lines = [`## ${vscode.l10n.t('Data files that could not be read')}`, ''];
  for (const [path, problems] of fileProblems) {
    lines.push(
      `- ${markdownText(path)}: ${problems.map((problem) => markdownText(problem)).join(' ')}`,
    );
  }
  return [...lines, ''];
}

/** The lookup's problems (a file Puppet cannot parse, an interpolation not evaluated). */
function problemLines(problems: readonly string[]): string[] {
  if (problems.length === 0) return [];
  return [
    ...problems.map((problem) => `- ${vscode.l10n.t('Problem: {0}', markdownText(problem))}`),
    '',
  ];
}

function certnamesText(certnames: readonly string[]): string {
  const named = certnames.slice(0, NODES_NAMED).map((certname) => markdownText(certname));
  const more = certnames.length - named.length;
  return more > 0 ? vscode.l10n.t('{0} and {1} more', named.join(', '), more) : named.join(', ');
}

/** A value found: the value, whether it is encrypted, and how it was merged from which files. */
function foundLines(
  found: Pick<LookupAnswer, 'value' | 'encrypted' | 'merge' | 'mergeFrom' | 'from'>,
): string[] {
  const lines = [`${vscode.l10n.t('Value:')} ${valueText(found.value)}`, ''];
  if (found.encrypted) lines.push(vscode.l10n.t('Encrypted (eyaml): not decrypted.'), '');
  lines.push(
    vscode.l10n.t(
      'Merge: {0}; from {1}.',
      mergeText(found.merge, found.mergeFrom),
      found.from.map((path) => markdownText(path)).join(', '),
    ),
    '',
  );
  return lines;
}

/** "Look Up This Key Across the Fleet": the key's value per file, and which nodes get which value. */
export function fleetLookupMarkdown(
  lookup: FleetLookup,
  config: HieraConfig,
  connectionName: string,
): string {
  const key = markdownText(lookup.key);
  const lines = [
    `# ${vscode.l10n.t('Hiera key {0} across the fleet', key)}`,
    '',
    vscode.l10n.t(
      '{0} active nodes of {1}, each looked up with its own facts and environment.',
      lookup.nodes,
      markdownText(connectionName),
    ),
    '',
    vscode.l10n.t(
      'Values are shown as the data writes them: Puppet interpolates the %{…} in them for each node.',
    ),
    '',
    `## ${vscode.l10n.t('Values per hierarchy level')}`,
    '',
  ];
  if (lookup.files.length === 0) {
    lines.push(vscode.l10n.t('No data file any node reads holds this key.'));
  }
  for (const file of lookup.files) {
    lines.push(
      `- ${vscode.l10n.t(
        '{0} ({1}, read by {2} nodes): {3}',
        markdownText(file.path),
        markdownText(file.level),
        file.readers,
        valueText(file.value),
      )}`,
    );
  }
  lines.push('', `## ${vscode.l10n.t('What each node gets')}`, '');
  for (const group of lookup.groups) {
    const who = vscode.l10n.t(
      '{0} nodes ({1})',
      group.certnames.length,
      markdownText(environmentsText(group.byEnvironment)),
    );
    if (!group.found) {
      lines.push(`### ${vscode.l10n.t('Not found: {0}', who)}`, '');
    } else {
      lines.push(`### ${who}`, '', ...foundLines(group));
    }
    lines.push(...problemLines(group.problems), certnamesText(group.certnames), '');
  }
  lines.push(...unreadableLines(lookup.fileProblems), limitsText(config), '');
  return lines.join('\n');
}

/** "Look Up a Key on This Node…": the winning value, its files, the merge, each level's part. */
export function nodeLookupMarkdown(lookup: NodeLookup, config: HieraConfig): string {
  const { answer } = lookup;
  const lines = [
    `# ${vscode.l10n.t(
      'Hiera key {0} on {1}',
      markdownText(lookup.key),
      markdownText(lookup.certname),
    )}`,
    '',
    vscode.l10n.t('Environment: {0}.', markdownText(lookup.environment)),
    '',
  ];
  if (answer.found) {
    lines.push(...foundLines(answer));
  } else {
    lines.push(vscode.l10n.t('Not found: no data file of this node holds the key.'), '');
  }
  lines.push(...problemLines(answer.problems), `## ${vscode.l10n.t('Each level')}`, '');
  const perLevel = new Map(answer.perLevel.map((level) => [level.path, level]));
  for (const candidate of lookup.candidates) {
    const skipped = skippedFor(candidate);
    const level = perLevel.get(candidate.path);
    let what: string;
    if (skipped) {
      what = vscode.l10n.t(
        'skipped: {0} not set',
        skipped.map((variable) => markdownText(variable)).join(', '),
      );
    } else if (!candidate.present) what = vscode.l10n.t('missing');
    else if (candidate.backend.kind === 'custom') {
      what = vscode.l10n.t('custom backend {0}: skipped', markdownText(candidate.backend.name));
    } else if (level?.has) what = valueText(level.value);
    else what = vscode.l10n.t('does not hold the key');
    lines.push(`- ${markdownText(candidate.level)}: ${markdownText(candidate.path)}: ${what}`);
  }
  lines.push('', ...unreadableLines(lookup.fileProblems), limitsText(config), '');
  return lines.join('\n');
}
