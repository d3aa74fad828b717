import * as vscode from 'vscode';
import { clashes, withQueries, type LibraryQuery } from '../../shared/queryLibrary/libraryFile';
import {
  PresetsFileError,
  readPuppetboardPresets,
  type PresetProblem,
} from '../../shared/queryLibrary/puppetboardPresets';
import { inert } from '../inertText';
import type { LibraryStore } from './libraryStore';

/** A presets file larger than this is refused unread (Puppetboard's are a few kilobytes). */
const MAX_PRESETS_FILE_BYTES = 5 * 1024 * 1024;

/** What an import did (the test API answers it). */
export interface PresetImport {
  folder: string;
  /** Names of the presets now in the library (new or replacing one of the same name). */
  imported: string[];
  /** Names of presets left out because the user kept the library's query of that name. */
  kept: string[];
  skipped: PresetProblem[];
}

/** Import Puppetboard Presets…: the user picks the file; see `importPresetsFrom`. */
export async function importPresets(
  library: LibraryStore,
  log: vscode.LogOutputChannel,
): Promise<PresetImport | undefined> {
  const [uri] =
    (await vscode.window.showOpenDialog({
      title: vscode.l10n.t("Import Puppetboard's Query Presets"),
      openLabel: vscode.l10n.t('Import'),
      canSelectMany: false,
      filters: { [vscode.l10n.t('YAML')]: ['yaml', 'yml'] },
    })) ?? [];
  return uri && importPresetsFrom(library, log, uri);
}

/**
 * Each PQL preset of a Puppetboard presets file becomes a library query in a folder named after
 * the file. Entries that cannot be imported are named with their reasons, and the rest still
 * are; a preset whose name is already in that folder replaces it only if the user says so.
 */
export async function importPresetsFrom(
  library: LibraryStore,
  log: vscode.LogOutputChannel,
  uri: vscode.Uri,
): Promise<PresetImport | undefined> {
  const fileName = uri.path.slice(uri.path.lastIndexOf('/') + 1);
  const { size } = await vscode.workspace.fs.stat(uri);
  if (size > MAX_PRESETS_FILE_BYTES) {
    void vscode.window.showErrorMessage(
      vscode.l10n.t(
        '{0} is larger than 5 MB: it is not a Puppetboard presets file, and was not read.',
        inert(fileName),
      ),
    );
    return undefined;
  }
  let read;
  try {
    read = readPuppetboardPresets(
      new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)),
    );
  } catch (error) {
    if (!(error instanceof PresetsFileError)) throw error;
    void vscode.window.showErrorMessage(
      vscode.l10n.t('Nothing was imported from {0}: {1}', inert(fileName), inert(error.message)),
    );
    return undefined;
  }
  const { presets, problems } = read;
  for (const problem of problems) log.warn(`Presets of ${fileName}: ${problemText(problem)}`);
  if (presets.length === 0) {
    void vscode.window.showErrorMessage(
      vscode.l10n.t(
        'No preset of {0} can be imported: {1}',
        inert(fileName),
        inert(problems.map(problemText).join('; ')),
      ),
    );
    return { folder: fileName, imported: [], kept: [], skipped: problems };
  }
  const addedAt = new Date().toISOString();
  const incoming: LibraryQuery[] = presets.map((preset) => ({
    name: preset.name,
    folder: fileName,
    ...(preset.description !== undefined && { description: preset.description }),
    query: preset.query,
    addedAt,
  }));
  const result = await library.update(async (queries) => {
    const clashing = clashes(queries, incoming);
    // named as the library has them: what the user would lose
    const replaced = queries.filter((kept) => clashes([kept], incoming).length > 0);
    let replace = false;
    if (clashing.length > 0) {
      const replaceAnswer = vscode.l10n.t('Replace Them');
      const keepAnswer = vscode.l10n.t('Keep Mine');
      const answer = await vscode.window.showWarningMessage(
        vscode.l10n.t(
          '{0} of these presets have the names of queries already in “{1}” of your library. Replace them?',
          clashing.length,
          inert(fileName),
        ),
        {
          modal: true,
          detail: inert(replaced.map((query) => query.name).join('\n'), {
            multiline: true,
            maxChars: 2000,
          }),
        },
        replaceAnswer,
        keepAnswer,
      );
      if (answer === undefined) return undefined;
      replace = answer === replaceAnswer;
    }
    const kept = replace ? [] : clashing.map((query) => query.name);
    return {
      queries: withQueries(queries, incoming, replace),
      result: {
        folder: fileName,
        imported: incoming.map((query) => query.name).filter((name) => !kept.includes(name)),
        kept,
        skipped: problems,
      },
    };
  });
  if (!result) return undefined;
  if (problems.length === 0) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        'Imported {0} presets of {1} into your query library.',
        result.imported.length,
        inert(fileName),
      ),
    );
  } else {
    void vscode.window.showWarningMessage(
      vscode.l10n.t(
        'Imported {0} presets of {1} into your query library; {2} skipped: {3}',
        result.imported.length,
        inert(fileName),
        problems.length,
        inert(problems.map(problemText).join('; ')),
      ),
    );
  }
  return result;
}

/** "3 “Name”: it has no "query"" — the entry by its place in the file and its name. */
export function problemText(problem: PresetProblem): string {
  const name = problem.name === undefined ? '' : ` “${problem.name}”`;
  return `#${problem.position}${name}: ${problem.reason}`;
}
