/**
 * What a lens's click lists: the active nodes applying a class (its catalog graph then focuses
 * on that class), a defined type, or a node definition's nodes; failures on top.
 */
import * as vscode from 'vscode';
import type { Node } from '../../client';
import { nodesWithResource } from '../fleet/findNodesWithResource';
import { showNodeList } from '../fleet/nodeListPicker';
import { normaliseClassTitle, normaliseType } from '../fleet/resourceRef';
import { inert } from '../inertText';
import type { Services } from '../services';
import type { CountTarget } from './fleetCounts';
import { nodesMatching } from '../fleet/nodesMatching';

export type NodesApplyingTarget = { connectionId: string } & CountTarget;

export async function showNodesApplying(
  services: Services,
  argument: unknown,
): Promise<readonly Node[] | undefined> {
  const target = targetOf(argument);
  if (!target) return undefined;
  const { connectionId } = target;
  if (target.kind === 'class') {
    const resource = { type: 'Class', title: normaliseClassTitle(target.name) };
    return showNodeList({
      connectionId,
      title: vscode.l10n.t('Nodes applying {0}', inert(`Class[${resource.title}]`)),
      focusResource: `Class[${resource.title}]`,
      load: (signal) => nodesWithResource(services, connectionId, resource, signal),
    });
  }
  const query =
    target.kind === 'node'
      ? ['or', ...target.certnames.map((certname) => ['=', 'certname', certname])]
      : [
          'in',
          'certname',
          ['extract', 'certname', ['select_resources', ['=', 'type', target.name]]],
        ];
  return showNodeList({
    connectionId,
    title:
      target.kind === 'node'
        ? vscode.l10n.t('Nodes of this node definition')
        : vscode.l10n.t('Nodes applying {0}', inert(target.name)),
    load: (signal) => nodesMatching(services, connectionId, query, signal),
  });
}

/** The command can be run with anything: only a well-formed target is followed. */
function targetOf(argument: unknown): NodesApplyingTarget | undefined {
  const given = (argument ?? {}) as Record<string, unknown>;
  const { connectionId, kind, name, certnames } = given;
  if (typeof connectionId !== 'string') return undefined;
  if ((kind === 'class' || kind === 'define') && typeof name === 'string') {
    const type = normaliseType(name);
    if (!type) return undefined;
    return { connectionId, kind, name: kind === 'define' ? type : name };
  }
  if (
    kind === 'node' &&
    Array.isArray(certnames) &&
    certnames.length > 0 &&
    certnames.every((certname) => typeof certname === 'string')
  ) {
    return { connectionId, kind, certnames: certnames as string[] };
  }
  return undefined;
}
