/**
 * The renderer's styles, in VS Code's theme colours (the notebook webview defines the
 * --vscode-* variables for the light, dark and high-contrast themes).
 */
export const RENDERER_CSS = `
.pqlbook-output { font-family: var(--vscode-font-family); color: var(--vscode-foreground); }
.pqlbook-error { color: var(--vscode-errorForeground); white-space: pre-wrap; margin: 4px 0; }
.pqlbook-toolbar { display: flex; gap: 4px; margin: 2px 0 6px; }
.pqlbook-toolbar button {
  font: inherit; color: var(--vscode-button-secondaryForeground);
  background: var(--vscode-button-secondaryBackground);
  border: 1px solid var(--vscode-contrastBorder, transparent); padding: 2px 10px; cursor: pointer;
}
.pqlbook-toolbar button[aria-pressed='true'] {
  color: var(--vscode-button-foreground); background: var(--vscode-button-background);
  /* high contrast gives both buttons one background: the pressed one is underlined and bold too */
  font-weight: 600; text-decoration: underline;
}
.pqlbook-output button:focus-visible { outline: 1px solid var(--vscode-focusBorder); outline-offset: 1px; }
.pqlbook-table { max-height: 420px; overflow: auto; }
.pqlbook-table table { border-collapse: collapse; font-size: var(--vscode-editor-font-size, 13px); }
.pqlbook-table caption { text-align: left; padding: 2px 0 4px; color: var(--vscode-descriptionForeground); }
.pqlbook-table th, .pqlbook-table td {
  text-align: left; padding: 2px 8px; border-bottom: 1px solid var(--vscode-editorWidget-border, #8884);
  white-space: pre; vertical-align: top;
}
.pqlbook-table th { position: sticky; top: 0; background: var(--vscode-editor-background); }
.pqlbook-link {
  font: inherit; color: var(--vscode-textLink-foreground); background: none; border: none;
  padding: 0; cursor: pointer; text-decoration: underline;
}
.pqlbook-chart text { fill: var(--vscode-foreground); dominant-baseline: middle; font-size: 12px; }
.pqlbook-chart .pqlbook-label { text-anchor: end; }
.pqlbook-chart .pqlbook-bar { fill: var(--vscode-charts-blue); }
`;
