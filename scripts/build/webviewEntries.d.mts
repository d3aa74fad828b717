/** The webview bundles the build makes: the folders of `folder` (src/webview) with a main.ts. */
export function webviewEntries(folder?: string): string[];
