// Every module of the extension imports `vscode` as a namespace (`import * as vscode`). Bundled as
// they are, each of them (over a hundred) wraps VS Code's API in an object of its own, copying every
// one of its exports, when the bundle loads: a few milliseconds of each activation. Here they all
// import one module that re-exports the API once.
import { fileURLToPath } from 'node:url';

const ONE_NAMESPACE = fileURLToPath(new URL('./vscodeNamespace.mjs', import.meta.url));

export const vscodeOnce = {
  name: 'vscode-once',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.importer === ONE_NAMESPACE
        ? { path: 'vscode', external: true }
        : { path: ONE_NAMESPACE },
    );
  },
};
