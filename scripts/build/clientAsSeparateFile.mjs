// The extension loads the client (and undici, most of the code) on first use from dist/client.js,
// so activation only parses the small host bundle: an import of src/client from src/extension is
// left to that file instead of being bundled.

/** Whether esbuild's importer path is a file of src/extension, on any OS (Windows: backslashes). */
export function importedByExtension(importer) {
  return /(^|\/)src\/extension\//.test(importer.replace(/\\/g, '/'));
}

export const clientAsSeparateFile = {
  name: 'client-as-separate-file',
  setup(build) {
    build.onResolve({ filter: /^(\.\.\/)+client$/ }, (args) =>
      importedByExtension(args.importer) ? { path: './client.js', external: true } : undefined,
    );
  },
};
