/**
 * The workspace's Hiera code and a PuppetDB's fleet together: the scopes a control repository's
 * hierarchy needs, which nodes read each of its data files (computed once per code and scopes,
 * so every lens and hover of every file costs nothing more), and the data a lookup reads.
 */
import type * as vscode from 'vscode';
import type { DataFileCandidate } from '../../shared/hiera/dataFiles';
import type { FleetScopes, FleetScopesAnswer } from './fleetScopes';
import { readersByFile, type ReadData, type Readers } from './hieraAnswers';
import type { HieraCode, HieraWorkspace } from './hieraWorkspace';

export interface FileReaders {
  code: HieraCode;
  path: string;
  readers: Readers;
}

export class HieraFleet {
  /** Per code (replaced when its files change) and scopes (replaced when they expire). */
  private readonly readers = new WeakMap<
    HieraCode,
    WeakMap<FleetScopesAnswer, Map<string, Readers>>
  >();

  constructor(
    readonly workspace: HieraWorkspace,
    readonly scopes: FleetScopes,
  ) {}

  /** The scopes of the connection's active nodes for what `code`'s hierarchy interpolates. */
  scopesFor(connectionId: string, code: HieraCode): Promise<FleetScopesAnswer> {
    return this.scopes.scopes(connectionId, code.variables);
  }

  /** Who reads the data file at `uri`; undefined when it is no present data file. */
  async readersOf(connectionId: string, uri: vscode.Uri): Promise<FileReaders | undefined> {
    const found = await this.workspace.dataFileAt(uri);
    if (!found?.code.config) return undefined;
    const all = await this.allReaders(connectionId, found.code);
    return {
      code: found.code,
      path: found.path,
      readers: all.get(found.path) ?? { certnames: [], byEnvironment: [] },
    };
  }

  /**
   * The certnames that read the present data file at `uri` (the blast radius of a change to it);
   * undefined when it is no data file of a workspace folder's hiera.yaml.
   */
  async certnamesReading(
    connectionId: string,
    uri: vscode.Uri,
  ): Promise<ReadonlySet<string> | undefined> {
    const found = await this.readersOf(connectionId, uri);
    return found && new Set(found.readers.certnames);
  }

  /** Who reads each of `code`'s data files. */
  async allReaders(connectionId: string, code: HieraCode): Promise<Map<string, Readers>> {
    if (!code.config) return new Map();
    const answer = await this.scopesFor(connectionId, code);
    let byScopes = this.readers.get(code);
    if (!byScopes) {
      byScopes = new WeakMap();
      this.readers.set(code, byScopes);
    }
    let readers = byScopes.get(answer);
    if (!readers) {
      readers = readersByFile(code.config, answer.scopes, code.present);
      byScopes.set(answer, readers);
    }
    return readers;
  }

  /** Reads a present file's data for a lookup (a file that fails to parse holds nothing). */
  reader(code: HieraCode): ReadData {
    return (candidate: DataFileCandidate) =>
      this.workspace.data(code, candidate.path, candidate.backend);
  }
}
