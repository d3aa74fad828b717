/**
 * Hiera 5, emulated for a node's scope, with no file access: the host passes texts and file lists.
 *
 * A lookup, the way the host puts the pieces together:
 * 1. `parseHieraConfig(text of hiera.yaml, its repository-relative path)` → the hierarchy;
 * 2. `variablesIn(config)` → the facts to ask PuppetDB for (`facts.os.family`, `trusted.certname`…);
 *    a node's `NodeScope` holds them (trusted data is PuppetDB's `trusted` fact);
 * 3. `dataFilesFor(config, scope, files there are)` → the node's data files in lookup order;
 * 4. `parseDataFile(text, candidate.backend)` for each present one → the sources;
 * 5. `lookupKey(key, sources, merge?, scope?)` → the value, where it came from, the merge.
 * For a fleet, `nodesReading(config, scopes, files)` says which nodes read which file.
 * Several layers (a global hiera.yaml before the environment's): concatenate their sources in
 * that order, as Puppet merges across layers with the same behaviour.
 */
export * from './config';
export * from './scope';
export * from './interpolate';
export * from './dataFiles';
export * from './dataFile';
export * from './merge';
export * from './lookup';
export * from './fleetReach';
export { splitKey } from './keys';
