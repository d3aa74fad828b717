// The webview bundles the build makes: one per folder of src/webview with a main.ts
// (src/webview/<entry>/main.ts -> dist/webview/<entry>.js). esbuild.mjs builds these, and a unit
// test holds each against the rest of what a view needs (test/unit/extension/webviews/webviewEntries.test.ts).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The entries under `folder` (src/webview by default), sorted. */
export function webviewEntries(folder = 'src/webview') {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(folder, entry.name, 'main.ts')))
    .map((entry) => entry.name)
    .sort();
}
