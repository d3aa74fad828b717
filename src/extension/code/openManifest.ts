/**
 * "PuppetDB: Open Manifest": the workspace file and line behind a PuppetDB `file:line` (a
 * resource of the tree, the catalog graph's details, a test), found by an explicit mapping, a
 * choice the user made before, or the longest matching path suffix (see manifestPaths.ts).
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Settings } from '../settings';
import type { ManifestIndex } from './manifestIndex';
import { choiceKey, mappedPath, parseServerPath, suffixMatches } from './manifestPaths';

export interface ManifestLocation {
  /** The server's path, as PuppetDB stores it. */
  file: string;
  /** 1-based; undefined opens the file at its top. */
  line: number | undefined;
}

/** What the command answers (tests read it): the file and line it opened. */
export interface OpenedManifest {
  uri: string;
  line: number;
}

const CHOICE_PREFIX = 'code.manifestChoice:';

export class ManifestOpener {
  constructor(
    private readonly index: ManifestIndex,
    private readonly settings: Settings,
    private readonly workspaceState: vscode.Memento,
  ) {}

  async open(location: ManifestLocation): Promise<OpenedManifest | undefined> {
    const uri = await this.resolve(location.file);
    if (!uri) return undefined;
    const line = Math.max(1, location.line ?? 1);
    const position = new vscode.Position(line - 1, 0);
    const editor = await vscode.window.showTextDocument(uri, {
      selection: new vscode.Range(position, position),
      preview: true,
    });
    editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.InCenter);
    const { environment } = parseServerPath(location.file);
    if (environment) {
      // the workspace shows whatever branch is checked out; never switch it for the user
      vscode.window.setStatusBarMessage(
        vscode.l10n.t(
          'PuppetDB compiled this from environment "{0}"; the workspace shows its checked-out branch.',
          environment,
        ),
        10_000,
      );
    }
    return { uri: uri.toString(), line };
  }

  /** The workspace file for a server path; asks when several match, says so when none does. */
  async resolve(serverPath: string): Promise<vscode.Uri | undefined> {
    const mapped = manifestMapping(serverPath, this.settings.codePathMappings());
    if (mapped !== undefined) {
      const uri = vscode.Uri.file(absolute(mapped));
      if (await exists(uri)) return uri;
      void vscode.window.showWarningMessage(
        vscode.l10n.t(
          'The setting puppetdbExplorer.code.pathMappings maps {0} to {1}, which does not exist.',
          serverPath,
          uri.fsPath,
        ),
      );
      return undefined;
    }
    const files = await this.index.all();
    const key = CHOICE_PREFIX + choiceKey(serverPath);
    const remembered = this.workspaceState.get<string>(key);
    if (remembered && files.has(remembered)) return files.get(remembered);
    // every match ends with the server path's file name: only those files are compared
    const name = parseServerPath(serverPath).segments.at(-1);
    const matches = name ? suffixMatches(serverPath, await this.index.named(name)) : [];
    if (matches.length === 1) return files.get(matches[0]!);
    if (matches.length === 0) return this.noMatch(serverPath);
    const picked = await vscode.window.showQuickPick(
      matches.map((match) => ({ label: vscode.workspace.asRelativePath(match), match })),
      {
        title: vscode.l10n.t('Which file is {0}?', serverPath),
        placeHolder: vscode.l10n.t('Several workspace files match; the choice is remembered'),
      },
    );
    if (!picked) return undefined;
    await this.workspaceState.update(key, picked.match);
    return files.get(picked.match);
  }

  /**
   * The workspace files a server path may stand for, asking nothing: its explicit mapping's, or
   * those sharing the longest suffix with it (the reverse lookup checks its candidates by this).
   */
  async candidates(serverPath: string): Promise<string[]> {
    const mapped = manifestMapping(serverPath, this.settings.codePathMappings());
    if (mapped !== undefined) return [vscode.Uri.file(absolute(mapped)).fsPath];
    return suffixMatches(serverPath, [...(await this.index.all()).keys()]);
  }

  private async noMatch(serverPath: string): Promise<undefined> {
    const addMapping = vscode.l10n.t('Add Path Mapping');
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('No .pp file of this workspace matches {0}.', serverPath),
      addMapping,
    );
    if (answer === addMapping) {
      await vscode.commands.executeCommand(
        'workbench.action.openSettings',
        'puppetdbExplorer.code.pathMappings',
      );
    }
    return undefined;
  }
}

/** An explicit mapping's local path, for manifests only: nothing else is opened. */
function manifestMapping(
  serverPath: string,
  mappings: Parameters<typeof mappedPath>[1],
): string | undefined {
  const mapped = mappedPath(serverPath, mappings);
  return mapped?.endsWith('.pp') ? mapped : undefined;
}

/** A mapping's local side: absolute, or relative to the first workspace folder. */
function absolute(local: string): string {
  if (path.isAbsolute(local)) return local;
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  return folder ? path.resolve(folder, local) : path.resolve(local);
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

/**
 * `{file, line}` (the graph, tests), a resource of the tree (`{resource: Resource}`), or
 * `"file:line"` text; anything else is not a location.
 */
export function manifestLocationOf(argument: unknown): ManifestLocation | undefined {
  if (typeof argument === 'string') return parseLocationText(argument);
  const given = (argument ?? {}) as {
    file?: unknown;
    line?: unknown;
    resource?: { sourcefile?: unknown; sourceline?: unknown };
  };
  const file = given.file ?? given.resource?.sourcefile;
  const line = given.file !== undefined ? given.line : given.resource?.sourceline;
  if (typeof file !== 'string' || !file.trim()) return undefined;
  return {
    file,
    line: typeof line === 'number' && Number.isInteger(line) && line > 0 ? line : undefined,
  };
}

/** `/path/to/file.pp:12` (or the path alone). */
export function parseLocationText(text: string): ManifestLocation | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const match = /^(.*\.pp):(\d+)$/.exec(trimmed);
  return match ? { file: match[1]!, line: Number(match[2]) } : { file: trimmed, line: undefined };
}
