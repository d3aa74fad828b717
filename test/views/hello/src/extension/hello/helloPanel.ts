import * as vscode from 'vscode';
import type { PanelDefinition } from '../webviews/definePanel';
import {
  WebviewPanelHost,
  type InfoOf,
  type Opening,
  type ViewHandlers,
} from '../webviews/webviewPanelHost';

/** The hello panels: one per connection and node. (No command: another view opens it.) */
export function helloPanels(): PanelDefinition<'hello', HelloPanel> {
  return {
    entry: 'hello',
    key: ({ connectionId, certname }) => JSON.stringify([connectionId, certname]),
    title: ({ certname }) => vscode.l10n.t('Hello · {0}', certname),
    create: (opening) => new HelloPanel(opening),
  };
}

/** A greeting for a node, with the version of its PuppetDB. */
export class HelloPanel extends WebviewPanelHost<'hello'> {
  readonly connectionId: string;
  private readonly certname: string;
  private text: string | undefined;

  /** A greeting to ask for, or one revived after a window reload (shown, nothing fetched). */
  constructor(opening: Opening<'hello'>) {
    super(opening);
    ({ connectionId: this.connectionId, certname: this.certname } = opening.info);
    this.text = opening.revived?.kept?.content?.text;
    if (!opening.revived) this.loaded = this.load();
  }

  protected restoreInfo(): InfoOf<'hello'> {
    return { entry: 'hello', connectionId: this.connectionId, certname: this.certname };
  }

  protected reload(): Promise<void> {
    this.loaded = this.load();
    return this.loaded;
  }

  private async load(): Promise<void> {
    const signal = this.nextLoad();
    this.restored = undefined;
    this.failure = undefined;
    this.text = undefined;
    this.sendSnapshot();
    try {
      const client = await this.services.store.client(this.connectionId);
      const version = await client.currentVersion({ signal });
      this.text = `Hello, ${this.certname}: PuppetDB ${version} knows you.`;
      this.sendSnapshot();
    } catch (error) {
      if (!signal.aborted) this.fail(`Greeting ${this.certname}`, error);
    }
  }

  protected sendSnapshot(): void {
    this.persist();
    if (this.postRestoredNote()) return;
    if (this.text !== undefined) {
      this.post({ type: 'greeting', text: this.text, restored: this.restored });
    } else if (this.failure) this.post(this.failure);
    else this.post({ type: 'loading', title: this.panel.title });
  }

  protected readonly handlers: ViewHandlers<'hello'> = {
    again: () => this.reload(),
  };
}
