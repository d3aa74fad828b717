/**
 * The Hiera code of the workspace: each workspace folder with a `hiera.yaml` at its root is one
 * control repository, the environment level every node's environment is deployed from (a branch
 * per environment, the same layout: r10k's way). Read here: its configuration, the data files
 * present under its datadirs (`workspace.findFiles`) and, on demand, their parsed data; kept until
 * a watcher sees `hiera.yaml` or a data file change. Only files of a workspace folder are read.
 */
import * as vscode from 'vscode';
import { parseHieraConfig, type HieraConfig } from '../../shared/hiera/config';
import { parseDataFile } from '../../shared/hiera/dataFile';
import type { HieraBackend } from '../../shared/hiera/config';
import { variablesIn } from '../../shared/hiera/scope';
import { DATA_FILE_GLOB, HIERA_CONFIG_FILE } from './hieraFiles';

/** The most data files read of one control repository. */
const MAX_DATA_FILES = 20_000;

/** One workspace folder's Hiera code. */
export interface HieraCode {
  folder: vscode.WorkspaceFolder;
  /** Undefined when hiera.yaml could not be read as version 5: `problems` say why. */
  config: HieraConfig | undefined;
  problems: string[];
  /** The data files present, relative to the folder, with forward slashes. */
  present: ReadonlySet<string>;
  /** Its datadirs, relative to the folder (`data`). */
  datadirs: string[];
  /** The variables its hierarchy interpolates (`facts.os.family`, `trusted.certname`, …). */
  variables: string[];
}

/** A parsed data file: its data, or the problems that kept it from being read. */
export interface ParsedDataFile {
  data: unknown;
  problems: string[];
}

export class HieraWorkspace implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when a hiera.yaml or a data file changed (created, edited on disk, deleted). */
  readonly onDidChange = this.changed.event;
  private codes: Promise<HieraCode[]> | undefined;
  /** The codes last read, to tell whether a changed file is one of theirs. */
  private known: HieraCode[] | undefined;
  private readonly parsed = new Map<string, Promise<ParsedDataFile>>();
  private readonly disposables: vscode.Disposable[];

  constructor() {
    const watcher = vscode.workspace.createFileSystemWatcher('**/*.{yaml,yml,json,eyaml}');
    const forget = (uri?: vscode.Uri) => {
      if (uri && !this.concerns(uri)) return;
      this.codes = undefined;
      this.known = undefined;
      this.parsed.clear();
      this.changed.fire();
    };
    this.disposables = [
      watcher,
      watcher.onDidChange(forget),
      watcher.onDidCreate(forget),
      watcher.onDidDelete(forget),
      vscode.workspace.onDidChangeWorkspaceFolders(() => forget()),
      this.changed,
    ];
  }

  /** The Hiera code of every workspace folder that has a hiera.yaml. */
  all(): Promise<HieraCode[]> {
    this.codes ??= readAll().then(
      (codes) => (this.known = codes),
      (error: unknown) => {
        this.codes = undefined;
        throw error;
      },
    );
    return this.codes;
  }

  /** Whether a changed file may change an answer: a hiera.yaml, or a file under a datadir. */
  private concerns(uri: vscode.Uri): boolean {
    if (uri.path.endsWith(`/${HIERA_CONFIG_FILE}`)) return true;
    if (!this.known) return false; // nothing read yet: nothing to forget
    return this.known.some((code) => {
      const path = relativePath(code.folder.uri, uri);
      return (
        path !== undefined &&
        code.datadirs.some((datadir) => datadir === '' || path.startsWith(`${datadir}/`))
      );
    });
  }

  /** The control repository `uri` is a present data file of, and its path there. */
  async dataFileAt(uri: vscode.Uri): Promise<{ code: HieraCode; path: string } | undefined> {
    for (const code of await this.all()) {
      const path = relativePath(code.folder.uri, uri);
      if (path !== undefined && code.present.has(path)) return { code, path };
    }
    return undefined;
  }

  /** A present data file's data (parsed once until it changes); undefined for any other path. */
  data(code: HieraCode, path: string, backend: HieraBackend): Promise<ParsedDataFile | undefined> {
    if (!code.present.has(path)) return Promise.resolve(undefined);
    const key = `${code.folder.uri.toString()}\n${path}\n${backend.kind}`;
    let parsed = this.parsed.get(key);
    if (!parsed) {
      parsed = readText(vscode.Uri.joinPath(code.folder.uri, path)).then((text) => {
        const { data, problems } = parseDataFile(text, backend);
        return { data, problems };
      });
      this.parsed.set(key, parsed);
      parsed.catch(() => this.parsed.delete(key));
    }
    return parsed;
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}

async function readAll(): Promise<HieraCode[]> {
  const codes: HieraCode[] = [];
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const code = await readFolder(folder);
    if (code) codes.push(code);
  }
  return codes;
}

async function readFolder(folder: vscode.WorkspaceFolder): Promise<HieraCode | undefined> {
  let text: string;
  try {
    text = await readText(vscode.Uri.joinPath(folder.uri, HIERA_CONFIG_FILE));
  } catch {
    return undefined; // no hiera.yaml: not a control repository with Hiera data
  }
  const { config, problems } = parseHieraConfig(text, HIERA_CONFIG_FILE);
  if (!config) return { folder, config, problems, present: new Set(), datadirs: [], variables: [] };
  const datadirs: string[] = [];
  for (const datadir of new Set([config.datadir, ...config.levels.map((level) => level.datadir)])) {
    const inside = staticPart(datadir);
    // the data of this repository only: an absolute datadir or one above it is not read
    if (inside.startsWith('/') || /^[A-Za-z]:/.test(inside) || inside.split('/').includes('..')) {
      problems.push(
        vscode.l10n.t('datadir {0} is outside the repository: its files are not read.', datadir),
      );
    } else if (!datadirs.includes(inside)) datadirs.push(inside);
  }
  const present = new Set<string>();
  for (const datadir of datadirs) {
    const files = await vscode.workspace.findFiles(
      new vscode.RelativePattern(vscode.Uri.joinPath(folder.uri, datadir), DATA_FILE_GLOB),
      undefined,
      MAX_DATA_FILES,
    );
    for (const file of files) {
      const path = relativePath(folder.uri, file);
      if (path !== undefined) present.add(path);
    }
  }
  return { folder, config, problems, present, datadirs, variables: variablesIn(config) };
}

/**
 * The part of a datadir before its first interpolation (`data/%{environment}` → `data`), without
 * `./` or a trailing slash: where its files are looked for.
 */
export function staticPart(datadir: string): string {
  const cut = datadir.indexOf('%{');
  const fixed = cut === -1 ? datadir : datadir.slice(0, datadir.lastIndexOf('/', cut) + 1);
  return fixed.replace(/^(\.\/)+/, '').replace(/\/+$/, '');
}

/** `uri` relative to `folder`, with forward slashes; undefined when it is not inside it. */
export function relativePath(folder: vscode.Uri, uri: vscode.Uri): string | undefined {
  if (folder.scheme !== uri.scheme || folder.authority !== uri.authority) return undefined;
  const base = folder.path.endsWith('/') ? folder.path : `${folder.path}/`;
  if (!uri.path.startsWith(base)) return undefined;
  const path = uri.path.slice(base.length);
  return path.split('/').includes('..') ? undefined : path;
}

async function readText(uri: vscode.Uri): Promise<string> {
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
}
