/**
 * Loads a CommonJS bundle the way `require` does, but compiled with V8's code cache: the bytecode
 * V8 made for it in an earlier process, kept in a file of our own. Without it, every start of the
 * extension host compiles the client bundle (undici included, 600 kB) again, and its first request
 * compiles each function on that path on first call. With it, loading the client took 27 ms
 * instead of 45 ms, and the first record of a fresh process came 2.5 ms sooner (bench:client).
 *
 * Pure Node (no vscode): the extension and bench/clientProbe.ts load the client through it.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script, constants } from 'node:vm';

export interface CodeCachedModule<T> {
  exports: T;
  /** Whether V8 compiled the bundle from the cache (false: none yet, or one it refused). */
  readonly cacheUsed: boolean;
  /**
   * Writes what V8 has compiled of the bundle so far, for the next process, unless it was loaded
   * from a cache: call it once the module has done its usual work (the client: after its first
   * answered request), so that the functions of that path are in it. Only the first call writes;
   * older caches of the same bundle are removed.
   */
  saveCache(): Promise<void>;
}

/** The extension of the cache files, which the cache folder holds nothing but. */
const CACHE_SUFFIX = '.v8cache';

/**
 * Loads `file` (a CommonJS module that requires only Node's own modules) with the code cache kept
 * in `cacheDir`. A cache that is missing, unreadable or refused by V8 only costs the compiling; a
 * bundle that fails to run throws as `require` would.
 */
export async function requireWithCodeCache<T>(
  file: string,
  cacheDir: string,
): Promise<CodeCachedModule<T>> {
  const source = await readFile(file, 'utf8');
  const name = basename(file, '.js');
  const cacheFile = join(cacheDir, `${name}-${sourceHash(source)}${CACHE_SUFFIX}`);
  const cachedData = await readFile(cacheFile).catch(() => undefined);
  // the wrapper Node puts around a CommonJS module, on the source's first line: line numbers in
  // stack traces stay the file's own
  const script = new Script(
    `(function (exports, require, module, __filename, __dirname) { ${source}\n})`,
    {
      filename: file,
      ...(cachedData ? { cachedData } : {}),
      importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    },
  );
  const cacheUsed = cachedData !== undefined && script.cachedDataRejected === false;
  const module = { exports: {} as T };
  const wrapper = script.runInThisContext() as (
    exports: T,
    require: NodeJS.Require,
    module: { exports: T },
    filename: string,
    dirname: string,
  ) => void;
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));

  let saving: Promise<void> | undefined;
  return {
    exports: module.exports,
    cacheUsed,
    saveCache: () => (saving ??= cacheUsed ? Promise.resolve() : save(script, cacheFile, name)),
  };
}

/**
 * A hash of the bundle's text and of the V8 that compiles it. V8 checks its own version and flags
 * when it reads a cache, but of the source only the length: a cache of another build of the
 * bundle with the same length would be taken, and run the wrong code.
 */
function sourceHash(source: string): string {
  return createHash('sha256')
    .update(source)
    .update(`\0${process.versions.v8}\0${process.arch}`)
    .digest('hex')
    .slice(0, 32);
}

async function save(script: Script, cacheFile: string, name: string): Promise<void> {
  const dir = dirname(cacheFile);
  await mkdir(dir, { recursive: true });
  // written whole under another name, then renamed: a process reading it never sees half a cache
  const partial = `${cacheFile}.${process.pid}.partial`;
  await writeFile(partial, script.createCachedData());
  await rename(partial, cacheFile);
  // the caches of earlier builds of this bundle (an update) are never read again
  const stale = (await readdir(dir)).filter(
    (entry) =>
      entry !== basename(cacheFile) &&
      entry.endsWith(CACHE_SUFFIX) &&
      /^[0-9a-f]{32}$/.test(entry.slice(name.length + 1, -CACHE_SUFFIX.length)) &&
      entry.startsWith(`${name}-`),
  );
  await Promise.all(stale.map((entry) => rm(join(dir, entry), { force: true })));
}
