/**
 * Whether a workspace's settings file tries to define PuppetDB connections. VS Code drops such a
 * value (the setting is application-scoped) without telling the extension, so the files are read
 * to tell the user. Pure: the caller reads the file.
 */
// the package's UMD entry requires its parts at run time, which a bundle can't follow
import { parse } from 'jsonc-parser/lib/esm/main.js';

/** `settings`: a folder's .vscode/settings.json; `workspaceFile`: a .code-workspace file. */
export type SettingsFileKind = 'settings' | 'workspaceFile';

const SECTION = 'puppetdbExplorer';
const KEY = 'connections';

export function definesConnections(text: string, kind: SettingsFileKind): boolean {
  const root = asObject(parse(text, [], { allowTrailingComma: true }));
  const settings = kind === 'workspaceFile' ? asObject(root?.settings) : root;
  if (!settings) return false;
  // the dotted key, or the same key nested under its section
  return `${SECTION}.${KEY}` in settings || KEY in (asObject(settings[SECTION]) ?? {});
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
