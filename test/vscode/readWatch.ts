/**
 * Whether files were read, seen from outside the extension: each watched file gets an access time
 * older than its modification time, which the kernel moves forward on the next read (Linux's
 * default `relatime` and `strictatime` do so; a `noatime` mount does not, which `reliable` says:
 * it is learnt by reading a control file of the same folder).
 */
import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const LONG_AGO = new Date('2001-01-01T00:00:00Z');

export interface ReadWatch {
  /** The file system records reads: the check below means something. */
  reliable: boolean;
  /** The watched files read since the watch began. */
  read(): string[];
}

export function watchReads(paths: readonly string[]): ReadWatch {
  const agedAt = new Map<string, number>();
  for (const path of paths) agedAt.set(path, age(path));
  const control = join(dirname(paths[0]!), '.read-watch-control');
  writeFileSync(control, 'control');
  const controlAged = age(control);
  readFileSync(control);
  const reliable = statSync(control).atimeMs > controlAged;
  return {
    reliable,
    read: () => paths.filter((path) => statSync(path).atimeMs > agedAt.get(path)!),
  };
}

/** Sets the file's access time long before its modification time; answers that access time. */
function age(path: string): number {
  utimesSync(path, LONG_AGO, new Date());
  return statSync(path).atimeMs;
}
