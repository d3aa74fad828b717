import { performance } from 'node:perf_hooks';

/**
 * When a bundle began to run: the entry (codeCachedEntry.ts) and the extension's own bundle
 * (extension.ts) each import this first, so it is the first module the bundle evaluates, and each
 * logs how long it took from there.
 */
export const bundleStarted = performance.now();
