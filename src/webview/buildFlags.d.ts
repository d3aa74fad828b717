/** Set by esbuild.mjs at build time. */

/** True in development builds only: test hooks such as `window.__pdbxGraph` are compiled out of production bundles. */
declare const PDBX_TEST_HOOKS: boolean;
