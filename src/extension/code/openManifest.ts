/**
 * "PuppetDB: Open Manifest": the workspace file and line behind a PuppetDB `file:line` (a
 * resource of the tree, the catalog graph's details, a test), found by an explicit mapping, a
 * choice the user made before, or the longest matching path suffix (see manifestPaths.ts). Every
 * way leads to a file inside the workspace's folders: the index holds only theirs, and a mapping
 * that leads elsewhere is refused before anything there is touched (see mappingTarget.ts).
 */
import { realpath } from 'node:fs/promises';
import * as vscode from 'vscode';
import { inert } from '../inertText';
import type { Settings } from '../settings';
import type { ManifestIndex } from './manifestIndex';
import {
  choiceKey,
  matchedMapping,
  parseServerPath,
  suffixMatches,
  type MappedPath,
} from './manifestPaths';
import { mappingTarget, realMappingTarget, type MappingRefusal } from './mappingTarget';
import { LOCAL_PATH_RULES, samePath } from './pathRules';

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
          inert(environment),
        ),
        10_000,
      );
    }
    return { uri: uri.toString(), line };
  }

  /** The workspace file for a server path; asks when several match, says so when none does. */
  async resolve(serverPath: string): Promise<vscode.Uri | undefined> {
    const mapping = manifestMapping(serverPath, this.settings.codePathMappings());
    if (mapping !== undefined) return this.followMapping(serverPath, mapping);
    const files = await this.index.all();
    const key = CHOICE_PREFIX + choiceKey(serverPath);
    const remembered = this.workspaceState.get<string>(key);
    if (remembered && files.has(remembered)) return files.get(remembered);
    // every match ends with the server path's file name: only those files are compared
    const name = parseServerPath(serverPath).segments.at(-1);
    const matches = name
      ? suffixMatches(serverPath, await this.index.named(name), LOCAL_PATH_RULES)
      : [];
    if (matches.length === 1) return files.get(matches[0]!);
    if (matches.length === 0) return this.noMatch(serverPath);
    const picked = await vscode.window.showQuickPick(
      matches.map((match) => ({ label: inert(vscode.workspace.asRelativePath(match)), match })),
      {
        title: vscode.l10n.t('Which file is {0}?', inert(serverPath)),
        placeHolder: vscode.l10n.t('Several workspace files match; the choice is remembered'),
      },
    );
    if (!picked) return undefined;
    await this.workspaceState.update(key, picked.match);
    return files.get(picked.match);
  }

  /**
   * The workspace files a server path may stand for, asking nothing and touching no file: its
   * explicit mapping's (if it leads inside the workspace), or those sharing the longest suffix
   * with it (the reverse lookup checks its candidates by this).
   */
  async candidates(serverPath: string): Promise<string[]> {
    const mapping = manifestMapping(serverPath, this.settings.codePathMappings());
    if (mapping !== undefined) {
      const target = mappingTarget(mapping.local, await workspaceFolderPaths(), LOCAL_PATH_RULES);
      return 'path' in target ? [target.path] : [];
    }
    return suffixMatches(serverPath, [...(await this.index.all()).keys()], LOCAL_PATH_RULES);
  }

  /**
   * Whether a server path stands for the workspace file `localPath` (the reverse lookup's check):
   * one of its candidates is that file, however each spells it (a mapping's drive letter or case
   * as the setting has it, VS Code's lower-case drive letter).
   */
  async standsFor(serverPath: string, localPath: string): Promise<boolean> {
    return (await this.candidates(serverPath)).some((candidate) =>
      samePath(candidate, localPath, LOCAL_PATH_RULES),
    );
  }

  /**
   * The file an explicit mapping gives, if it is inside the workspace's folders: decided on the
   * path as written before the file system is asked anything, then on its real path.
   */
  private async followMapping(
    serverPath: string,
    mapping: MappedPath,
  ): Promise<vscode.Uri | undefined> {
    const folders = await workspaceFolderPaths();
    let target = mappingTarget(mapping.local, folders, LOCAL_PATH_RULES);
    if ('path' in target) {
      target = await realMappingTarget(target.path, folders, LOCAL_PATH_RULES, realpath);
    }
    if ('path' in target) return vscode.Uri.file(target.path);
    void vscode.window.showWarningMessage(refusalMessage(serverPath, mapping, target.refused));
    return undefined;
  }

  private async noMatch(serverPath: string): Promise<undefined> {
    const addMapping = vscode.l10n.t('Add Path Mapping');
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('No .pp file of this workspace matches {0}.', inert(serverPath)),
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

/** An explicit mapping of a manifest: nothing else is opened. */
function manifestMapping(
  serverPath: string,
  mappings: Parameters<typeof matchedMapping>[1],
): MappedPath | undefined {
  const mapping = matchedMapping(serverPath, mappings, LOCAL_PATH_RULES);
  return mapping?.local.endsWith('.pp') ? mapping : undefined;
}

/**
 * The workspace's folders on this machine's disk, as opened and as their real paths (a folder
 * opened through a symbolic link); the first is the one relative mappings start from.
 */
async function workspaceFolderPaths(): Promise<string[]> {
  const opened = (vscode.workspace.workspaceFolders ?? [])
    .filter((folder) => folder.uri.scheme === 'file')
    .map((folder) => folder.uri.fsPath);
  const real = await Promise.all(opened.map((folder) => realpath(folder).catch(() => folder)));
  return [...new Set([...opened, ...real])];
}

/** Why a mapping is not followed, naming it: the user fixes the setting from this. */
function refusalMessage(serverPath: string, mapping: MappedPath, why: MappingRefusal): string {
  const from = inert(mapping.from);
  const to = inert(mapping.to);
  switch (why) {
    case 'network':
      return vscode.l10n.t(
        'The setting puppetdbExplorer.code.pathMappings maps "{0}" to "{1}", a network path: Open Manifest opens files of this workspace only, and never asks another machine.',
        from,
        to,
      );
    case 'noFolder':
      return vscode.l10n.t(
        'The setting puppetdbExplorer.code.pathMappings maps "{0}" to the relative path "{1}", but no folder is open to find it in.',
        from,
        to,
      );
    case 'outside':
      return vscode.l10n.t(
        'The setting puppetdbExplorer.code.pathMappings maps "{0}" to "{1}", which is outside the workspace folders: Open Manifest opens files of this workspace only. Map it to a folder of the workspace, or add that folder to the workspace.',
        from,
        to,
      );
    case 'link':
      return vscode.l10n.t(
        'The setting puppetdbExplorer.code.pathMappings maps "{0}" to "{1}", which a symbolic link leads outside the workspace folders: Open Manifest opens files of this workspace only.',
        from,
        to,
      );
    case 'missing':
      return vscode.l10n.t(
        'The setting puppetdbExplorer.code.pathMappings maps {0} to {1}, which does not exist.',
        inert(serverPath),
        inert(mapping.local),
      );
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
