import * as vscode from 'vscode';
import type { Node, NodesOptions } from '../../client';
import { MAX_LIST_ROWS } from '../boundedRows';
import type { Services } from '../services';
import { rowsAtMost } from '../truncationNotice';

/**
 * The nodes a fleet question selects ("which nodes hold Class[Profile::Web]?", "which have
 * os.family = Debian?"), with their status, in one request; a longer answer than the explorer's
 * lists hold stops with a clear error instead of being read whole.
 */
export async function nodesMatching(
  services: Services,
  connectionId: string,
  query: NodesOptions['query'],
  signal?: AbortSignal,
): Promise<Node[]> {
  const client = await services.store.client(connectionId);
  return rowsAtMost(
    client.nodes({
      query,
      withStatus: true,
      unreported: services.settings.unreportedHours(),
      signal,
    }),
    MAX_LIST_ROWS,
    vscode.l10n.t('The node list'),
  );
}
