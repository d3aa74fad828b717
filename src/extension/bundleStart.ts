import { performance } from 'node:perf_hooks';

/**
 * When the extension's bundle began to run: extension.ts imports this first, so it is the first
 * module the bundle evaluates, and activate() logs how long the whole bundle took to load.
 */
export const bundleStarted = performance.now();
