/** The entity a PQL query asks for (`nodes`, `facts`…): its first word, when it is one. */
export function queryEntity(query: string): string | undefined {
  return /^\s*([a-z_]+)/.exec(query)?.[1];
}

/** The file name an export of a query's rows proposes: its entity, else `results`. */
export function resultsFileStem(query: string): string {
  return queryEntity(query) ?? 'results';
}
