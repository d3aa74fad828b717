/**
 * Read-only Markdown documents of one scheme (an answer to read and copy: why a node fails, how
 * it differs from its peers), their text kept here until their editor closes, shown as a rendered
 * preview. Their text is made by code that escapes every external value; a Markdown preview runs
 * no command links.
 */
import * as vscode from 'vscode';

export class MarkdownDocuments implements vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private next = 0;
  private readonly disposables: vscode.Disposable[];

  constructor(private readonly scheme: string) {
    this.disposables = [
      vscode.workspace.registerTextDocumentContentProvider(scheme, {
        provideTextDocumentContent: (uri) => this.texts.get(uri.toString()) ?? '',
      }),
      vscode.workspace.onDidCloseTextDocument((document) => {
        this.texts.delete(document.uri.toString());
      }),
    ];
  }

  /** Opens `text` as a preview (its source where the Markdown extension is disabled); answers its URI. */
  async show(name: string, text: string): Promise<string> {
    const uri = vscode.Uri.from({ scheme: this.scheme, path: `/${name}-${++this.next}.md` });
    this.texts.set(uri.toString(), text);
    const document = await vscode.workspace.openTextDocument(uri);
    // read as a page, not as Markdown source full of escapes
    await vscode.commands
      .executeCommand('markdown.showPreview', document.uri)
      .then(undefined, () => vscode.window.showTextDocument(document, { preview: false }));
    return uri.toString();
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}
