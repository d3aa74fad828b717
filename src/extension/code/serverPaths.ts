/**
 * The reverse of "Open Manifest": which of the manifest paths PuppetDB knows stand for one
 * workspace file. PuppetDB is asked for the resources' distinct `file` values that end like the
 * local file (from its `manifests` folder on); each is kept only if the forward mapping (explicit
 * mappings, else the longest suffix) takes it back to this very file.
 */
import { l10n, type Uri } from 'vscode';
import type { PuppetDB } from '../../client';
import { suffixPattern } from './manifestPaths';
import type { ManifestOpener } from './openManifest';
import { LOCAL_PATH_RULES } from './pathRules';
import { MAX_LIST_ROWS } from '../boundedRows';
import { rowsAtMost } from '../truncationNotice';

export async function serverPathsOf(
  client: PuppetDB,
  opener: ManifestOpener,
  file: Uri,
  signal?: AbortSignal,
): Promise<string[]> {
  const rows = (await rowsAtMost(
    client.stream('resources', {
      query: [
        'extract',
        ['file'],
        ['~', 'file', suffixPattern(file.fsPath, LOCAL_PATH_RULES)],
        ['group_by', 'file'],
      ],
      signal,
    }),
    MAX_LIST_ROWS,
    l10n.t('The manifest paths PuppetDB knows'),
  )) as Array<{ file?: unknown }>;
  const found: string[] = [];
  for (const { file: serverPath } of rows) {
    if (typeof serverPath !== 'string') continue;
    if (await opener.standsFor(serverPath, file.fsPath)) found.push(serverPath);
  }
  return found.sort();
}
