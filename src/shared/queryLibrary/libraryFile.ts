/**
 * The user's query library as it is kept: one JSON file in the extension's global storage (never
 * settings: a query is no preference, and a settings file syncs and is shared). Pure: the
 * extension reads and writes the file; this reads, checks, changes and writes its text.
 *
 * ```json
 * {
 *   "format": "pdbx-query-library",
 *   "version": 1,
 *   "queries": [
 *     { "name": "Failed nodes", "folder": "Puppetboard", "description": "…", "query": "nodes[…] {…}",
 *       "addedAt": "2026-11-29T20:30:00.000Z" }
 *   ]
 * }
 * ```
 * A query is known by its folder and name (compared without regard to case): adding one of the
 * same folder and name replaces it only when the caller says so. A file this version cannot read
 * entirely is refused whole, saying where: the extension then writes nothing until it is fixed,
 * so no query in it is lost.
 */

export const LIBRARY_FORMAT = 'pdbx-query-library';
export const LIBRARY_VERSION = 1;

export interface LibraryQuery {
  name: string;
  /** The folder it is shown in ("" at the top); "/" separates nothing, it is one folder's name. */
  folder: string;
  query: string;
  description?: string;
  /** When it was added (ISO 8601). */
  addedAt?: string;
}

/** A library file this version cannot read: the message says what and where. */
export class LibraryFormatError extends Error {
  override readonly name = 'LibraryFormatError';
}

/** What a new library file holds. */
export function emptyLibrary(): LibraryQuery[] {
  return [];
}

/** The queries of a library file's text; an empty text is an empty library (a new file). */
export function parseLibrary(text: string): LibraryQuery[] {
  if (text.trim() === '') return emptyLibrary();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new LibraryFormatError(`it is not valid JSON (${(error as Error).message})`);
  }
  if (!isRecord(value) || value.format !== LIBRARY_FORMAT) {
    throw new LibraryFormatError(`it is not a query library (no "format": "${LIBRARY_FORMAT}")`);
  }
  if (value.version !== LIBRARY_VERSION) {
    throw new LibraryFormatError(
      `it is version ${JSON.stringify(value.version)}; this extension reads version ${LIBRARY_VERSION}`,
    );
  }
  if (!Array.isArray(value.queries)) throw new LibraryFormatError('it has no "queries" list');
  return value.queries.map((entry, index) => parseQuery(entry, index));
}

function parseQuery(entry: unknown, index: number): LibraryQuery {
  const where = `queries[${index}]`;
  if (!isRecord(entry)) throw new LibraryFormatError(`${where} is not an object`);
  const text = (key: string, required: boolean): string | undefined => {
    const value = entry[key];
    if (value === undefined && !required) return undefined;
    if (typeof value !== 'string' || (required && value.trim() === '')) {
      throw new LibraryFormatError(`${where}."${key}" is ${required ? 'missing or ' : ''}not text`);
    }
    return value;
  };
  const query: LibraryQuery = {
    name: text('name', true)!,
    folder: text('folder', false) ?? '',
    query: text('query', true)!,
  };
  const description = text('description', false);
  if (description !== undefined) query.description = description;
  const addedAt = text('addedAt', false);
  if (addedAt !== undefined) query.addedAt = addedAt;
  return query;
}

/** The file's text: fixed key order, 2-space indent, a final newline (readable, diff-friendly). */
export function serializeLibrary(queries: readonly LibraryQuery[]): string {
  const file = {
    format: LIBRARY_FORMAT,
    version: LIBRARY_VERSION,
    queries: queries.map((query) => ({
      name: query.name,
      folder: query.folder,
      ...(query.description !== undefined && { description: query.description }),
      query: query.query,
      ...(query.addedAt !== undefined && { addedAt: query.addedAt }),
    })),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** Whether two entries are the same library query (same folder and name, case aside). */
export function sameQuery(
  a: Pick<LibraryQuery, 'folder' | 'name'>,
  b: Pick<LibraryQuery, 'folder' | 'name'>,
): boolean {
  return (
    a.folder.toLowerCase() === b.folder.toLowerCase() &&
    a.name.toLowerCase() === b.name.toLowerCase()
  );
}

/** The queries of `incoming` that would replace one already in the library. */
export function clashes(
  library: readonly LibraryQuery[],
  incoming: readonly LibraryQuery[],
): LibraryQuery[] {
  return incoming.filter((query) => library.some((kept) => sameQuery(kept, query)));
}

/**
 * The library with `incoming` added: a query of the same folder and name is replaced when
 * `replace` is true, and the incoming one left out otherwise (the kept one wins).
 */
export function withQueries(
  library: readonly LibraryQuery[],
  incoming: readonly LibraryQuery[],
  replace: boolean,
): LibraryQuery[] {
  const result = [...library];
  for (const query of incoming) {
    const at = result.findIndex((kept) => sameQuery(kept, query));
    if (at < 0) result.push(query);
    else if (replace) result[at] = query;
  }
  return result;
}

/** The library without the query of that folder and name. */
export function withoutQuery(
  library: readonly LibraryQuery[],
  removed: Pick<LibraryQuery, 'folder' | 'name'>,
): LibraryQuery[] {
  return library.filter((query) => !sameQuery(query, removed));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
