/**
 * Asking the user which group to compare with, or to rank: the fleet's role classes (those the
 * role pattern matches, with their node counts, one aggregate request), another class, a fact's
 * value, or a PQL query that yields certnames.
 */
import * as vscode from 'vscode';
import type { PuppetDB } from '../../client';
import { classTitle, type PeerGroup } from '../../shared/peers';
import { MAX_LIST_ROWS } from '../boundedRows';
import { inert } from '../inertText';
import { rowsAtMost } from '../truncationNotice';

interface GroupItem extends vscode.QuickPickItem {
  pick: () => Promise<PeerGroup | undefined> | PeerGroup | undefined;
}

/** The classes matching `pattern` and their node counts, by title. */
async function roleCounts(
  client: PuppetDB,
  pattern: RegExp,
): Promise<Array<{ title: string; count: number }>> {
  const rows = await rowsAtMost(
    client.stream('resources', {
      query: [
        'extract',
        ['title', ['function', 'count']],
        ['=', 'type', 'Class'],
        ['group_by', 'title'],
      ],
    }),
    MAX_LIST_ROWS,
    vscode.l10n.t('The list of classes'),
  );
  return rows
    .map((row) => row as { title?: unknown; count?: unknown })
    .filter(
      (row): row is { title: string; count: number } =>
        typeof row.title === 'string' &&
        typeof row.count === 'number' &&
        pattern.test(row.title.slice(0, 1000)),
    )
    .sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0));
}

const required = (text: string) =>
  text.trim() === '' ? vscode.l10n.t('Type something, or press Escape.') : undefined;

async function askClass(): Promise<PeerGroup | undefined> {
  const name = await vscode.window.showInputBox({
    title: vscode.l10n.t('Peers: a class'),
    prompt: vscode.l10n.t('The nodes with this class (e.g. profile::web or Role::Db)'),
    validateInput: required,
  });
  return name === undefined ? undefined : { kind: 'class', title: classTitle(name) };
}

async function askFact(): Promise<PeerGroup | undefined> {
  const name = await vscode.window.showInputBox({
    title: vscode.l10n.t('Peers: a fact value'),
    prompt: vscode.l10n.t('The fact (a top-level name, e.g. datacenter)'),
    validateInput: required,
  });
  if (name === undefined) return undefined;
  const value = await vscode.window.showInputBox({
    title: vscode.l10n.t('Peers: a fact value'),
    prompt: vscode.l10n.t('The nodes whose fact {0} has this value', inert(name.trim())),
    validateInput: required,
  });
  return value === undefined ? undefined : { kind: 'fact', name: name.trim(), value };
}

async function askQuery(): Promise<PeerGroup | undefined> {
  const query = await vscode.window.showInputBox({
    title: vscode.l10n.t('Peers: a PQL query'),
    prompt: vscode.l10n.t('A PQL query whose rows have a certname'),
    placeHolder: 'inventory[certname] { facts.os.release.major = "12" }',
    validateInput: required,
  });
  return query === undefined ? undefined : { kind: 'pql', query: query.trim() };
}

/** The group the user picks; undefined when they cancel. */
export async function askGroup(
  client: PuppetDB,
  pattern: RegExp,
  title: string,
): Promise<PeerGroup | undefined> {
  const roles = await roleCounts(client, pattern).catch(() => []);
  const items: GroupItem[] = [
    ...roles.map((role) => ({
      label: inert(role.title),
      description: vscode.l10n.t('{0} nodes', role.count),
      pick: (): PeerGroup => ({ kind: 'class', title: role.title }),
    })),
    {
      label: vscode.l10n.t('Another class…'),
      description: vscode.l10n.t('the nodes with a class'),
      pick: askClass,
    },
    {
      label: vscode.l10n.t('A fact value…'),
      description: vscode.l10n.t('the nodes whose fact has a value'),
      pick: askFact,
    },
    {
      label: vscode.l10n.t('A PQL query…'),
      description: vscode.l10n.t('the nodes a query yields'),
      pick: askQuery,
    },
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title,
    placeHolder: vscode.l10n.t('Which nodes are the peers?'),
  });
  return picked?.pick();
}
