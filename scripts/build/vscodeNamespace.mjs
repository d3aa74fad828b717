// The one copy of VS Code's API every module of the bundle imports (see vscodeOnce.mjs).
export * from 'vscode';
