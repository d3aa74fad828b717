/**
 * What Hiera answers for the fleet, computed by a test on its own: every active node's whole
 * facts and trusted data from PuppetDB's inventory (one row per node, not the extension's
 * selective requests), the control repository's hiera.yaml and data files read from disk (not
 * through VS Code), and the pure engine (src/shared/hiera, unit tested on its own). Host and e2e
 * tests compare the extension's answers with these.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { PuppetDB } from '../../src/client';
import { parseHieraConfig, type HieraConfig } from '../../src/shared/hiera/config';
import { parseDataFile } from '../../src/shared/hiera/dataFile';
import { dataFilesFor, type DataFileCandidate } from '../../src/shared/hiera/dataFiles';
import { lookupKey, type LookupAnswer } from '../../src/shared/hiera/lookup';
import type { NodeScope } from '../../src/shared/hiera/scope';

export interface HieraExpectations {
  config: HieraConfig;
  /** The data files on disk under the datadirs, relative to the repository. */
  present: Set<string>;
  scopes: NodeScope[];
  /** A node's data files in order, present or missing. */
  candidates(scope: NodeScope): DataFileCandidate[];
  /** The present files a node reads, in order. */
  filesRead(scope: NodeScope): string[];
  /** The nodes that read each present file, sorted. */
  readers(): Map<string, string[]>;
  /** "read by 12 nodes (production 7, staging 5)", or "read by no node". */
  readersLabel(certnames: readonly string[]): string;
  /**
   * What a node gets for a key; its values' own %{…} interpolated with the node's facts unless
   * `asWritten` (the fleet-wide lookup compares values as the data writes them).
   */
  lookup(scope: NodeScope, key: string, asWritten?: boolean): LookupAnswer;
  /** Every top-level key of the data files but lookup_options. */
  keys(): string[];
}

function filesUnder(root: string, directory: string): string[] {
  try {
    return readdirSync(join(root, directory), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'));
  } catch {
    return [];
  }
}

export async function hieraExpectations(
  repository: string,
  client: PuppetDB,
): Promise<HieraExpectations> {
  const parsed = parseHieraConfig(
    readFileSync(join(repository, 'hiera.yaml'), 'utf8'),
    'hiera.yaml',
  );
  if (!parsed.config) throw new Error(`hiera.yaml does not read: ${parsed.problems.join(' ')}`);
  const config = parsed.config;
  const present = new Set(
    [...new Set([config.datadir, ...config.levels.map((level) => level.datadir)])].flatMap(
      (datadir) => filesUnder(repository, datadir),
    ),
  );
  const rows = (await client
    .stream('inventory', { query: ['extract', ['certname', 'environment', 'facts', 'trusted']] })
    .toArray()) as Array<{
    certname: string;
    environment: string;
    facts: Record<string, unknown>;
    trusted: Record<string, unknown>;
  }>;
  const scopes: NodeScope[] = rows
    .map((row) => ({
      certname: row.certname,
      environment: row.environment,
      facts: row.facts,
      trusted: row.trusted,
      serverFacts: { environment: row.environment },
    }))
    .sort((a, b) => (a.certname < b.certname ? -1 : 1));
  const environmentOf = new Map(scopes.map((scope) => [scope.certname, scope.environment]));
  const data = new Map<string, unknown>();
  const dataOf = (candidate: DataFileCandidate) => {
    if (!data.has(candidate.path)) {
      const text = readFileSync(join(repository, candidate.path), 'utf8');
      data.set(candidate.path, parseDataFile(text, candidate.backend).data);
    }
    return data.get(candidate.path);
  };
  const candidates = (scope: NodeScope) => dataFilesFor(config, scope, present);
  const filesRead = (scope: NodeScope) =>
    candidates(scope)
      .filter((candidate) => candidate.present)
      .map((candidate) => candidate.path);
  return {
    config,
    present,
    scopes,
    candidates,
    filesRead,
    readers() {
      const readers = new Map<string, string[]>([...present].map((path) => [path, []]));
      for (const scope of scopes) {
        for (const path of filesRead(scope)) readers.get(path)?.push(scope.certname);
      }
      return readers;
    },
    readersLabel(certnames) {
      if (certnames.length === 0) return 'read by no node';
      const counts = new Map<string, number>();
      for (const certname of certnames) {
        const environment = environmentOf.get(certname) ?? '';
        counts.set(environment, (counts.get(environment) ?? 0) + 1);
      }
      const split = [...counts]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .map(([environment, count]) => `${environment} ${count}`)
        .join(', ');
      return certnames.length === 1
        ? `read by 1 node (${split})`
        : `read by ${certnames.length} nodes (${split})`;
    },
    lookup(scope, key, asWritten = false) {
      return lookupKey(
        key,
        candidates(scope).map((candidate) => ({
          candidate,
          data:
            candidate.present && candidate.backend.kind !== 'custom'
              ? dataOf(candidate)
              : undefined,
        })),
        undefined,
        asWritten ? undefined : scope,
      );
    },
    keys() {
      const keys = new Set<string>();
      for (const scope of scopes) {
        for (const candidate of candidates(scope)) {
          if (!candidate.present || candidate.backend.kind === 'custom') continue;
          const value = dataOf(candidate);
          if (typeof value !== 'object' || value === null) continue;
          for (const key of Object.keys(value)) if (key !== 'lookup_options') keys.add(key);
        }
      }
      return [...keys].sort();
    },
  };
}
