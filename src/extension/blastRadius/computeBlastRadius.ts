/**
 * The blast radius of a workspace change: git's diff (gitChange.ts), the hunks and the
 * declarations they touch (src/shared/blastRadius), PuppetDB's answers (fleetReach.ts), put
 * together by `assembleBlastRadius`. One engine per extension: answers are kept per connection,
 * repository HEAD, scope and diff text, so the status bar, the lenses and the view share one
 * computation, and dropped when the connections or the repository change.
 */
import * as vscode from 'vscode';
import type { PuppetDB } from '../../client';
import {
  assembleBlastRadius,
  assembleFirstCounts,
  type ChangedFile,
} from '../../shared/blastRadius/assemble';
import { classifyPath } from '../../shared/blastRadius/classify';
import { declarationLines, touchedDeclarationLines } from '../../shared/blastRadius/declarations';
import { parseHunks, wholeFileHunk } from '../../shared/blastRadius/hunks';
import type { BlastRadius, ChangeScope } from '../../shared/blastRadius/model';
import { modulesByHunk } from '../../shared/blastRadius/puppetfile';
import { normaliseClassTitle, normaliseType } from '../fleet/resourceRef';
import { findDefinitions } from '../code/puppetDefinitions';
import type { Services } from '../services';
import { MAX_LIST_ROWS, readAtMost } from '../boundedRows';
import { KeptAnswers } from '../keptAnswers';
import {
  askWholeFleet,
  fleetReach,
  MANIFEST_PATHS_QUERY,
  type NodesReadingDataFile,
  type ReachCounters,
  type WholeFleet,
} from './fleetReach';
import {
  gitApi,
  readChange,
  repositoryFor,
  type ChangedFileText,
  type GitRepository,
  type RepositoryChange,
} from './gitChange';
import { radiusWords, type NoBlastRadius } from './radiusWords';

export interface BlastRadiusRequest {
  connectionId: string;
  scope: ChangeScope;
  /** The repository's root; else the one holding the active editor's file, else the only one. */
  repository?: vscode.Uri;
  signal?: AbortSignal;
  /**
   * Told a large change's first answer (`BlastRadius.counting`: every node, its facts, no count
   * per hunk yet) before the whole one, when PuppetDB is asked; not when the answer was kept.
   */
  onFirstCounts?: (radius: BlastRadius) => void;
}

export type { NoBlastRadius } from './radiusWords';

export type BlastRadiusAnswer =
  { found: true; radius: BlastRadius } | { found: false; reason: NoBlastRadius; message: string };

/** A request as a computation starts it: with the whole fleet's answer when it was asked early. */
type StartedRequest = BlastRadiusRequest & { wholeFleet?: Promise<WholeFleet> };

/** How many entries the cache keeps (a change per scope and repository is plenty). */
const CACHE_SIZE = 16;

/** A change's blast radius being computed (or computed), and its first answer if one was asked. */
interface Computation {
  radius: Promise<BlastRadius>;
  first?: Promise<BlastRadius>;
}
/**
 * How long the catalogs' manifest paths are reused: a path is new only when a deploy brings a new
 * manifest, and a change computed again within it asks PuppetDB one request less.
 */
const MANIFEST_PATHS_LIFETIME_MS = 5 * 60_000;

export class BlastRadiusEngine implements vscode.Disposable {
  private readonly cache = new Map<string, Computation>();
  private readonly manifestPaths = new KeptAnswers<string[]>(MANIFEST_PATHS_LIFETIME_MS);
  private readonly disposables: vscode.Disposable[] = [];
  /** PuppetDB requests sent (the bench and the tests compare them with the raw ones). */
  readonly counters: ReachCounters = { requests: 0 };
  constructor(
    private readonly services: Services,
    /** Hiera's answer for a changed data file; without it (or without an answer) "not computed". */
    private readonly dataFileReaders: DataFileReaders | undefined,
  ) {
    this.disposables.push(
      services.store.onDidChange(() => this.clear()),
      services.settings.onDidChange(() => this.clear()),
    );
  }

  /** Forgets every answer. */
  clear(): void {
    this.cache.clear();
    this.manifestPaths.clear();
  }

  /** The repository a request means, or why none. */
  async repository(
    request: Pick<BlastRadiusRequest, 'repository'>,
  ): Promise<GitRepository | { found: false; reason: NoBlastRadius; message: string }> {
    const api = await gitApi();
    if (!api) return refusal('noGit');
    if (api.repositories.length === 0) return refusal('noRepository');
    const wanted = request.repository?.toString();
    const repository = wanted
      ? api.repositories.find((candidate) => candidate.rootUri.toString() === wanted)
      : repositoryFor(api.repositories, vscode.window.activeTextEditor?.document.uri);
    if (repository) return repository;
    return refusal(wanted ? 'noRepository' : 'severalRepositories');
  }

  async compute(request: BlastRadiusRequest): Promise<BlastRadiusAnswer> {
    const repository = await this.repository(request);
    if (!('rootUri' in repository)) return repository;
    if (!repository.state.HEAD?.commit) return refusal('noCommit');
    // the connection's client and the catalogs' manifest paths while git reads the change
    const client = this.services.store.client(request.connectionId);
    const manifestPaths = this.manifestPathsOf(request.connectionId, client, request.signal);
    // (awaited below only if PuppetDB is asked; a failure then is the computation's)
    client.catch(() => {});
    manifestPaths.catch(() => {});
    const wantsFirst = request.onFirstCounts !== undefined;
    // and, for a view (which wants a first answer), the whole fleet's nodes and roles: its first
    // answer waits for them, and they need nothing of the change (dropped if nothing asks them)
    const early = wantsFirst ? this.askWholeFleetEarly(client, request.signal) : undefined;
    const change = await readChange(repository, request.scope).catch((error: unknown) => {
      early?.drop();
      throw error;
    });
    if (change.files.length === 0) {
      early?.drop();
      return refusal('noChange');
    }
    const key = [
      request.connectionId,
      repository.rootUri.toString(),
      change.head,
      JSON.stringify(request.scope),
      ...change.files.map((file) => `${file.path}\n${file.patch}\n${file.newText ?? ''}`),
    ].join('\0');
    let computation = this.cache.get(key);
    // one that gives no first answer (the status bar's) is no answer for a view waiting for one
    if (!computation || (wantsFirst && !computation.first)) {
      const started = this.start(
        { ...request, ...(early && { wholeFleet: early.answer }) },
        change,
        client,
        manifestPaths,
        wantsFirst,
      );
      computation = started;
      this.cache.delete(key);
      this.cache.set(key, started);
      started.radius.catch(() => {
        if (this.cache.get(key) === started) this.cache.delete(key);
      });
      while (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    } else {
      early?.drop();
    }
    // before the whole answer, even when both are known already (a `then` queued first runs first)
    if (request.onFirstCounts) void computation.first?.then(request.onFirstCounts);
    return { found: true, radius: await computation.radius };
  }

  /** A computation every later request of the same change shares, its first answer with it. */
  private start(
    request: StartedRequest,
    change: RepositoryChange,
    client: Promise<PuppetDB>,
    manifestPaths: Promise<string[]>,
    wantsFirst: boolean,
  ): Computation {
    if (!wantsFirst) return { radius: this.computeFresh(request, change, client, manifestPaths) };
    let firstKnown!: (radius: BlastRadius) => void;
    // (never settles for a change that has no first answer: its lines were asked for whole)
    const first = new Promise<BlastRadius>((resolve) => (firstKnown = resolve));
    const radius = this.computeFresh(
      { ...request, onFirstCounts: firstKnown },
      change,
      client,
      manifestPaths,
    );
    return { radius, first };
  }

  private async computeFresh(
    request: StartedRequest,
    change: RepositoryChange,
    client: Promise<PuppetDB>,
    manifestPaths: Promise<string[]>,
  ): Promise<BlastRadius> {
    const files = change.files.map(changedFile);
    const localPaths = new Map(change.files.map((file) => [file.path, file.uri.fsPath]));
    const readers = this.dataFileReaders;
    const nodesReadingDataFile: NodesReadingDataFile | undefined =
      readers &&
      (async (path) => {
        const local = localPaths.get(path);
        return local === undefined
          ? undefined
          : readers(request.connectionId, vscode.Uri.file(local));
      });
    const answers = await fleetReach(
      await client,
      {
        files,
        localPaths,
        branch: change.repository.state.HEAD?.name,
        pathMappings: this.services.settings.codePathMappings(),
        workspaceFolders: (vscode.workspace.workspaceFolders ?? [])
          .filter((folder) => folder.uri.scheme === 'file')
          .map((folder) => folder.uri.fsPath),
        unreportedHours: this.services.settings.unreportedHours(),
        nodesReadingDataFile,
        manifestPaths,
        ...(request.wholeFleet && { wholeFleet: request.wholeFleet }),
        signal: request.signal,
        ...(request.onFirstCounts && {
          onFirst: (first) =>
            request.onFirstCounts!(
              assembleFirstCounts(
                { scope: request.scope, repository: change.name, head: change.head },
                files,
                first,
              ),
            ),
        }),
      },
      this.counters,
    );
    return assembleBlastRadius(
      { scope: request.scope, repository: change.name, head: change.head },
      files,
      answers,
    );
  }

  /** The whole fleet's nodes and roles, asked now; `drop` stops the requests when no one needs them. */
  private askWholeFleetEarly(
    client: Promise<PuppetDB>,
    signal: AbortSignal | undefined,
  ): { answer: Promise<WholeFleet>; drop(): void } {
    const dropped = new AbortController();
    const answer = client.then((connected) =>
      askWholeFleet(
        connected,
        {
          unreportedHours: this.services.settings.unreportedHours(),
          signal: signal ? AbortSignal.any([signal, dropped.signal]) : dropped.signal,
        },
        this.counters,
      ),
    );
    answer.catch(() => {});
    return { answer, drop: () => dropped.abort() };
  }

  /** The manifest paths the connection's catalogs name, kept a while; a failure is not kept. */
  private manifestPathsOf(
    connectionId: string,
    client: Promise<PuppetDB>,
    signal: AbortSignal | undefined,
  ): Promise<string[]> {
    return this.manifestPaths.get(connectionId, async () => {
      this.counters.requests++;
      const { rows } = await readAtMost(
        (await client).stream('resources', { query: MANIFEST_PATHS_QUERY, signal }),
        MAX_LIST_ROWS,
      );
      return (rows as Array<{ file?: unknown }>)
        .map((row) => row.file)
        .filter((file): file is string => typeof file === 'string' && file.endsWith('.pp'));
    });
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}

/** A changed file as the pure parts read it: its kind, hunks, touched lines and definitions. */
export function changedFile(file: ChangedFileText): ChangedFile {
  const kind = classifyPath(file.path);
  const hunks =
    file.patch === '' ? [wholeFileHunk(lineCount(file.newText ?? ''))] : parseHunks(file.patch);
  if (kind === 'puppetfile') {
    const modules = modulesByHunk(file.oldText, file.newText, hunks);
    return {
      path: file.path,
      kind,
      hunks,
      touchedLines: hunks.map(() => []),
      definitions: [],
      modules,
    };
  }
  if (kind !== 'manifest') {
    return { path: file.path, kind, hunks, touchedLines: hunks.map(() => []), definitions: [] };
  }
  const declarations = file.oldText !== undefined ? declarationLines(file.oldText) : undefined;
  const touchedLines = hunks.map((hunk) =>
    declarations ? touchedDeclarationLines(declarations, hunk) : [],
  );
  const definitions = findDefinitions(file.oldText ?? file.newText ?? '').flatMap((definition) => {
    if (definition.kind === 'class') return [normaliseClassTitle(definition.name)];
    if (definition.kind === 'define') return [normaliseType(definition.name) ?? []].flat();
    return [];
  });
  return { path: file.path, kind, hunks, touchedLines, definitions };
}

function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

function refusal(reason: NoBlastRadius): { found: false; reason: NoBlastRadius; message: string } {
  return { found: false, reason, message: radiusWords(reason) };
}

/** Which nodes read a changed Hiera data file, by the connection and the file's local URI. */
export type DataFileReaders = (
  connectionId: string,
  file: vscode.Uri,
) => Promise<ReadonlySet<string> | undefined>;
