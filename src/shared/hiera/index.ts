/** Hiera 5, emulated for a node's scope: configuration, data files, lookup and fleet reach. */
export * from './config';
export * from './scope';
export * from './interpolate';
export * from './dataFiles';
export * from './dataFile';
export * from './merge';
export * from './lookup';
export * from './fleetReach';
export { splitKey } from './keys';
