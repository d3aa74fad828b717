/**
 * Which fact path to explore: a fact name from PuppetDB (the palette), then, for a structured
 * fact, one of its leaf paths from PuppetDB's fact-paths (`os.release.major`). A path typed by
 * hand is taken too. Every fetch is cancelled when its picker closes.
 */
import * as vscode from 'vscode';
import {
  formatFactPath,
  isFactPath,
  parseFactPath,
  type FactPath,
} from '../../shared/factExplorer';
import { inert } from '../inertText';
import { pickFromServer } from '../pickers';
import type { Services } from '../services';
import { MAX_LIST_ROWS } from '../boundedRows';
import { rowsAtMost } from '../truncationNotice';

interface PathItem extends vscode.QuickPickItem {
  path: FactPath;
}

/** The fact's leaf paths (every fact's, without a name), as fact-paths lists them. */
async function leafPaths(
  services: Services,
  connectionId: string,
  factName: string | undefined,
  signal: AbortSignal,
): Promise<Array<{ path: FactPath; type: string }>> {
  const client = await services.store.client(connectionId);
  const rows = (await rowsAtMost(
    client.stream('fact-paths', {
      ...(factName !== undefined && { query: ['=', 'name', factName] }),
      orderBy: [{ field: 'path', order: 'asc' }],
      signal,
    }),
    MAX_LIST_ROWS,
    vscode.l10n.t('The fact paths'),
  )) as Array<{ path?: unknown; type?: unknown }>;
  return rows
    .filter((row) => Array.isArray(row.path) && row.path.length > 0)
    .map((row) => ({ path: row.path as FactPath, type: String(row.type ?? '') }));
}

/** A path of the connection's facts (of one fact, when `factName` is given). */
export async function pickFactPath(
  services: Services,
  connectionId: string,
  factName?: string,
): Promise<FactPath | undefined> {
  const picked = await pickFromServer<PathItem>({
    title:
      factName === undefined
        ? vscode.l10n.t('Explore a fact path')
        : vscode.l10n.t('Explore a path of the structured fact {0}', inert(factName)),
    placeholder: vscode.l10n.t('Fact path, e.g. os.release.major'),
    failedPlaceholder: (message) =>
      vscode.l10n.t('Type a fact path (paths could not be listed: {0})', message),
    load: async (signal) =>
      (await leafPaths(services, connectionId, factName, signal)).map(({ path, type }) => ({
        label: inert(formatFactPath(path)),
        description: inert(type),
        path,
      })),
  });
  if (!picked) return undefined;
  return picked.item?.path ?? typedPath(picked.typed!);
}

/**
 * The path to explore for a fact name: the fact itself when it is a plain value, else one of its
 * leaf paths, picked (fact_contents holds only leaves).
 */
export async function pathOfFact(
  services: Services,
  connectionId: string,
  factName: string,
): Promise<FactPath | undefined> {
  const controller = new AbortController();
  const paths = await leafPaths(services, connectionId, factName, controller.signal);
  const only = paths.length === 1 ? paths[0]!.path : undefined;
  if (only?.length === 1 && only[0] === factName) return only;
  if (paths.length === 0) return [factName];
  return pickFactPath(services, connectionId, factName);
}

/** A fact name from PuppetDB, then its path (palette: "PuppetDB: Explore Fact…"). */
export async function pickFact(
  services: Services,
  connectionId: string,
): Promise<FactPath | undefined> {
  const picked = await pickFromServer({
    title: vscode.l10n.t('Explore Fact'),
    placeholder: vscode.l10n.t('Fact name, or a path like os.release.major'),
    failedPlaceholder: (message) =>
      vscode.l10n.t('Type a fact name (names could not be listed: {0})', message),
    load: async (signal) => {
      const client = await services.store.client(connectionId);
      const names = await rowsAtMost(
        client.stream('fact-names', { signal }),
        MAX_LIST_ROWS,
        vscode.l10n.t('The fact names'),
      );
      // the name is kept as it is; the label shows it inert (a link or an icon stays text)
      return names.map((name) => ({ label: inert(name), name: String(name) }));
    },
  });
  if (!picked) return undefined;
  if (picked.item) return pathOfFact(services, connectionId, picked.item.name);
  const path = typedPath(picked.typed!);
  if (!path) return undefined;
  return path.length === 1 && typeof path[0] === 'string'
    ? pathOfFact(services, connectionId, path[0])
    : path;
}

function typedPath(typed: string): FactPath | undefined {
  const path = parseFactPath(typed);
  if (!path) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t('"{0}" is not a fact path like os.release.major.', inert(typed)),
    );
  }
  return path;
}

/**
 * The path an "Explore Fact" argument names (`{ fact }`: asked for a structured fact's path;
 * `{ path }`, checked) or, naming none, asked; with whether to answer once painted. Undefined: the
 * user cancelled. Anything may be passed to a command: checked here.
 */
export async function exploredPath(
  services: Services,
  fields: Readonly<Record<string, unknown>>,
  connectionId: string,
): Promise<{ path: FactPath; waitForPaint: boolean } | undefined> {
  const { fact, path, waitForPaint } = fields;
  if (path !== undefined && !isFactPath(path)) {
    throw new Error(vscode.l10n.t('Explore Fact: {0} is not a fact path.', JSON.stringify(path)));
  }
  const explored =
    path ??
    (typeof fact === 'string' && fact.length > 0
      ? await pathOfFact(services, connectionId, fact)
      : await pickFact(services, connectionId));
  return explored && { path: explored, waitForPaint: waitForPaint === true };
}
