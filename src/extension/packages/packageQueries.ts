/**
 * The package questions asked of PuppetDB 7 (package-inventory): which names exist, which
 * versions of one are installed on how many nodes, and which nodes hold which versions. Counts
 * are PuppetDB's own (`count()` with `group_by`); the version order is the provider's.
 */
import type { PuppetDB } from '../../client';
import { compareProviderVersions } from '../../shared/packageVersions';
import { MAX_LIST_ROWS } from '../boundedRows';
import { rowsAtMost } from '../truncationNotice';
import { l10n } from 'vscode';
import { inert } from '../inertText';

export interface PackageVersion {
  version: string;
  provider: string;
  /** Nodes that have this version from this provider. */
  nodes: number;
}

export interface PackageHolder {
  certname: string;
  version: string;
  provider: string;
}

/** Every package name PuppetDB knows, sorted. */
export async function packageNames(client: PuppetDB, signal?: AbortSignal): Promise<string[]> {
  const rows = await rowsAtMost(
    client.packages({ query: ['extract', ['package_name'], ['group_by', 'package_name']], signal }),
    MAX_LIST_ROWS,
    l10n.t('The package names'),
  );
  return rows.map((row) => String(row.package_name)).sort((a, b) => a.localeCompare(b));
}

/** The versions of `name` installed anywhere, by provider, newest first in the provider's order. */
export async function packageVersions(
  client: PuppetDB,
  name: string,
  signal?: AbortSignal,
): Promise<PackageVersion[]> {
  const rows = await rowsAtMost(
    client.packageInventory({
      query: [
        'extract',
        ['version', 'provider', ['function', 'count']],
        ['=', 'package_name', name],
        ['group_by', 'version', 'provider'],
      ],
      signal,
    }),
    MAX_LIST_ROWS,
    l10n.t('The versions of {0}', inert(name)),
  );
  return rows
    .map((row) => ({
      version: String(row.version),
      provider: String(row.provider),
      nodes: Number(row.count),
    }))
    .sort(
      (a, b) =>
        a.provider.localeCompare(b.provider) ||
        compareProviderVersions(a.provider, b.version, a.version),
    );
}

/** The versions older than `threshold` in their provider's ordering. */
export function olderThan(
  versions: readonly PackageVersion[],
  threshold: string,
): PackageVersion[] {
  return versions.filter(
    (entry) => compareProviderVersions(entry.provider, entry.version, threshold) < 0,
  );
}

/** The nodes holding `name` in one of `versions`, by certname. */
export async function packageHolders(
  client: PuppetDB,
  name: string,
  versions: ReadonlyArray<Pick<PackageVersion, 'version' | 'provider'>>,
  signal?: AbortSignal,
): Promise<PackageHolder[]> {
  if (versions.length === 0) return [];
  const rows = await rowsAtMost(
    client.packageInventory({
      query: [
        'extract',
        ['certname', 'version', 'provider'],
        [
          'and',
          ['=', 'package_name', name],
          [
            'or',
            ...versions.map((entry) => [
              'and',
              ['=', 'version', entry.version],
              ['=', 'provider', entry.provider],
            ]),
          ],
        ],
      ],
      orderBy: [{ field: 'certname', order: 'asc' }],
      // one clause per version: a long "older than" list would not fit in a URL
      requestMethod: 'POST',
      signal,
    }),
    MAX_LIST_ROWS,
    l10n.t('The nodes holding {0}', inert(name)),
  );
  return rows.map((row) => ({
    certname: String(row.certname),
    version: String(row.version),
    provider: String(row.provider),
  }));
}
