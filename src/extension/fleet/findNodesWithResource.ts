/**
 * "PuppetDB: Find Nodes with Resource…": which active nodes' catalogs hold `Type[title]`
 * (`Class[Profile::Web]`, `Package[openssl]`), with their latest run status. The type and title
 * are completed from PuppetDB (aggregate queries: one row per type or title, never every
 * resource), or typed whole.
 */
import * as vscode from 'vscode';
import type { Node } from '../../client';
import { inert } from '../inertText';
import { resolveCommandTarget } from '../commands/commandTarget';
import { pickFromServer, pickNothing } from '../pickers';
import type { Services } from '../services';
import { showNodeList } from './nodeListPicker';
import {
  formatResourceRef,
  normaliseClassTitle,
  normaliseType,
  parseResourceRef,
  type ResourceRef,
} from './resourceRef';
import { MAX_LIST_ROWS } from '../boundedRows';
import { rowsAtMost } from '../truncationNotice';
import { nodesMatching } from './nodesMatching';

/** What the command answers once the list has loaded (the list stays open for the user). */
export interface FoundNodes {
  connectionId: string;
  resource: string;
  certnames: string[];
}

export async function findNodesWithResource(
  services: Services,
  argument?: unknown,
): Promise<FoundNodes | undefined> {
  // the connection: one of the user's named, or asked (commandTarget.ts); then the resource
  const asked = await resolveCommandTarget(services, argument, {
    command: vscode.l10n.t('Find Nodes with Resource'),
    connection: 'ask',
    target: ({ fields }) => ({ resource: resourceOf(fields.resource) }),
  });
  if (!asked) return undefined;
  const { connectionId } = asked;
  const resource = asked.target.resource ?? (await pickResource(services, connectionId));
  if (!resource) return undefined;
  const ref = formatResourceRef(resource);
  const nodes = await showNodeList({
    connectionId,
    title: vscode.l10n.t('Nodes with {0}', inert(ref)),
    focusResource: ref,
    load: (signal) => nodesWithResource(services, connectionId, resource, signal),
  });
  return nodes && { connectionId, resource: ref, certnames: nodes.map((node) => node.name) };
}

/** The active nodes whose catalogs hold the resource, with their status (one request). */
export async function nodesWithResource(
  services: Services,
  connectionId: string,
  { type, title }: ResourceRef,
  signal?: AbortSignal,
): Promise<Node[]> {
  return nodesMatching(
    services,
    connectionId,
    [
      'in',
      'certname',
      [
        'extract',
        'certname',
        ['select_resources', ['and', ['=', 'type', type], ['=', 'title', title]]],
      ],
    ],
    signal,
  );
}

/**
 * The resource an argument names: `"Type[title]"` (the graph's details panel, tests) or a
 * resource of the tree (a ResourceNode's `resource`); undefined: the user is asked.
 */
function resourceOf(resource: unknown): ResourceRef | undefined {
  if (typeof resource === 'string') {
    const parsed = parseResourceRef(resource);
    if (!parsed) {
      throw new Error(vscode.l10n.t('"{0}" is not a resource like Type[title].', resource));
    }
    return parsed;
  }
  const tree = resource as { type?: unknown; name?: unknown } | undefined;
  if (typeof tree?.type === 'string' && typeof tree.name === 'string') {
    return { type: tree.type, title: tree.name };
  }
  return undefined;
}

/** The type (from PuppetDB, or `Type[title]` typed whole), then the title. */
async function pickResource(
  services: Services,
  connectionId: string,
): Promise<ResourceRef | undefined> {
  const client = await services.store.client(connectionId);
  const typePick = await pickFromServer({
    title: vscode.l10n.t('Find Nodes with Resource'),
    placeholder: vscode.l10n.t('Resource type, or a whole reference like Class[Profile::Web]'),
    failedPlaceholder: (message) =>
      vscode.l10n.t(
        'Type a reference like Package[openssl] (types could not be listed: {0})',
        message,
      ),
    load: async (signal) => {
      const rows = (await rowsAtMost(
        client.stream('resources', {
          query: ['extract', ['type', ['function', 'count']], ['group_by', 'type']],
          signal,
        }),
        MAX_LIST_ROWS,
        vscode.l10n.t('The resource types'),
      )) as Array<{ type: string; count: number }>;
      // the type is kept as it is; the label shows it inert (a link or an icon stays text)
      return rows
        .sort((a, b) => a.type.localeCompare(b.type))
        .map((row) => ({
          type: row.type,
          label: inert(row.type),
          description: vscode.l10n.t('{0} in catalogs', row.count.toLocaleString()),
        }));
    },
  });
  if (!typePick) return undefined;
  if (typePick.typed !== undefined) {
    const whole = parseResourceRef(typePick.typed);
    if (whole) return whole;
    const type = normaliseType(typePick.typed);
    if (!type) {
      return pickNothing(
        vscode.l10n.t(
          '"{0}" is neither a resource type nor a reference like Type[title].',
          inert(typePick.typed),
        ),
      );
    }
    return pickTitle(client, type);
  }
  return pickTitle(client, typePick.item!.type);
}

async function pickTitle(
  client: Awaited<ReturnType<Services['store']['client']>>,
  type: string,
): Promise<ResourceRef | undefined> {
  const titlePick = await pickFromServer({
    title: vscode.l10n.t('Find Nodes with {0}[…]', inert(type)),
    placeholder: vscode.l10n.t('Title of the {0}', inert(type)),
    failedPlaceholder: (message) =>
      vscode.l10n.t('Type the title (titles could not be listed: {0})', message),
    load: async (signal) => {
      const rows = (await rowsAtMost(
        client.stream('resources', {
          query: [
            'extract',
            ['title', ['function', 'count']],
            ['=', 'type', type],
            ['group_by', 'title'],
          ],
          signal,
        }),
        MAX_LIST_ROWS,
        vscode.l10n.t('The titles of {0}', inert(type)),
      )) as Array<{ title: string; count: number }>;
      return rows
        .sort((a, b) => b.count - a.count || a.title.localeCompare(b.title))
        .map((row) => ({
          title: row.title,
          label: inert(row.title),
          description: vscode.l10n.t('on {0} nodes', row.count.toLocaleString()),
        }));
    },
  });
  if (!titlePick) return undefined;
  const title = titlePick.item?.title ?? titlePick.typed!;
  return { type, title: type === 'Class' && !titlePick.item ? normaliseClassTitle(title) : title };
}
