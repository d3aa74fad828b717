/**
 * Tree item ids. VS Code wants every id unique across the whole tree (versions in our `engines`
 * range throw "Element with id … is already registered", and `reveal()` of a duplicated id lands
 * on either). One node can stand in two places (a failed node under Nodes and under Failures), and
 * keys can hold any character (a fact named `os.family` beside `os` → `family`), so an id is the
 * path from the root: the parent's id and the node's own key, percent-encoded so no key can forge
 * a separator.
 */

/** The id of a tree root. */
export function rootId(key: string): string {
  return encodeURIComponent(key);
}

/**
 * The ids of a parent's children, in order. `keys` are what each child calls itself (undefined
 * for leaves with no identity of their own, which take their position); two siblings with the
 * same key get distinct ids as well.
 */
export function childIds(parentId: string, keys: ReadonlyArray<string | undefined>): string[] {
  const used = new Set<string>();
  return keys.map((key, index) => {
    const base = `${parentId}/${key === undefined ? `#${index}` : encodeURIComponent(key)}`;
    let id = base;
    for (let copy = 2; used.has(id); copy++) id = `${base}~${copy}`;
    used.add(id);
    return id;
  });
}
