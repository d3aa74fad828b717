import * as vscode from 'vscode';
import { PqlLanguageId } from './ids';

/** The documents whose editors ask PuppetDB for something (lenses, diagnostics, live values). */
const ASKING_DOCUMENTS: vscode.DocumentSelector = [
  { language: 'puppet' },
  { pattern: '**/*.pp' },
  { language: PqlLanguageId },
];

/** Whether `editor` shows a manifest or a query: what asks PuppetDB (and loads the extension). */
export function asks(editor: vscode.TextEditor | undefined): boolean {
  return editor !== undefined && vscode.languages.match(ASKING_DOCUMENTS, editor.document) > 0;
}

/**
 * Whether this window has asked PuppetDB for anything yet. Until it has, nothing goes out on the
 * extension's own initiative (the status bar's health checks, the working tree's blast radius): a
 * VS Code opened on a control repository to edit YAML, or left idle, costs PuppetDB no request.
 * It begins the first time a feature asks for a client (the PuppetDB view listing its
 * connections, a manifest's lenses, a command) or a manifest or query is the active editor.
 */
export class FirstUse implements vscode.Disposable {
  private hasBegun = false;
  private readonly began = new vscode.EventEmitter<void>();
  /** Fires once, when the window first asks PuppetDB for something. */
  readonly onDidBegin = this.began.event;
  private readonly disposables: vscode.Disposable[];

  constructor(onClientAsked: vscode.Event<void>) {
    this.disposables = [
      this.began,
      onClientAsked(() => this.begin()),
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (asks(editor)) this.begin();
      }),
    ];
    // told after activation, not during it: those listening are built after this
    if (asks(vscode.window.activeTextEditor)) setTimeout(() => this.begin(), 0);
  }

  get begun(): boolean {
    return this.hasBegun;
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }

  private begin(): void {
    if (this.hasBegun) return;
    this.hasBegun = true;
    this.began.fire();
  }
}
