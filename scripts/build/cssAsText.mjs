// The PQL notebooks' renderer is one ES module VS Code loads into a notebook's webview: no page of
// ours links its stylesheets, and a stylesheet esbuild would write beside it is never loaded. So in
// its build each CSS file it imports (its own, the grid's, the menu's) becomes a module handing the
// file's text to `collector` (src/webview/notebookRenderer/rendererCss.ts), which puts it in a
// <style> of each output: the styles come with the code, in import order, before anything draws.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

/** The esbuild plugin; `collector` is the path of the module whose `addCss(text)` keeps the text. */
export function cssAsText(collector) {
  const collectorPath = resolve(collector);
  return {
    name: 'css-as-text',
    setup(build) {
      build.onLoad({ filter: /\.css$/ }, async (args) => ({
        contents:
          `import { addCss } from ${JSON.stringify(collectorPath)};\n` +
          `addCss(${JSON.stringify(await readFile(args.path, 'utf8'))});\n`,
        loader: 'js',
      }));
    },
  };
}
