/**
 * What kind of file a changed path is, to a control repository: a manifest, Hiera data (under
 * the data directory `hiera.yaml` names, `data` by default), `hiera.yaml` itself, the
 * `Puppetfile`, or something PuppetDB knows nothing of. Paths are relative to the repository
 * root, with forward slashes. Pure.
 */
import type { ChangedFileKind } from './model';

const DATA_EXTENSIONS = /\.(?:ya?ml|json|eyaml)$/i;

/**
 * `datadirs`: the data directories the repository's `hiera.yaml` files name, relative to the
 * root (`data`, `site-modules/profile/data`); without any, `data` (Hiera 5's default).
 */
export function classifyPath(
  path: string,
  datadirs: readonly string[] = ['data'],
): ChangedFileKind {
  const segments = path.split('/').filter(Boolean);
  const name = segments[segments.length - 1] ?? '';
  if (name.endsWith('.pp')) return 'manifest';
  if (name === 'hiera.yaml') return 'hieraConfig';
  if (name === 'Puppetfile') return 'puppetfile';
  if (DATA_EXTENSIONS.test(name) && datadirs.some((dir) => isUnder(segments, dir))) {
    return 'hieraData';
  }
  return 'other';
}

function isUnder(segments: readonly string[], folder: string): boolean {
  const dir = folder.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (dir.length === 0 || dir.length >= segments.length) return false;
  return dir.every((segment, index) => segments[index] === segment);
}

/**
 * The data directory a `hiera.yaml` names (`defaults: datadir:`, `data` when absent), relative to
 * the repository root: `hieraYamlPath` is the config's own path, `datadir` as written in it.
 */
export function datadirOf(hieraYamlPath: string, datadir: string | undefined): string {
  const folder = hieraYamlPath.split('/').slice(0, -1);
  const relative = (datadir ?? 'data').split('/').filter((segment) => segment && segment !== '.');
  return [...folder, ...relative].join('/');
}
