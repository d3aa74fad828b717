import * as vscode from 'vscode';
import type { WebviewEntry } from '../../shared/protocol';
import {
  registerViewCommand,
  type CommandTarget,
  type TargetQuestions,
} from '../commands/commandTarget';
import { Commands, ConfigurationSection, Contexts, WebviewPanels } from '../ids';
import type { Services } from '../services';
import {
  panelReviver,
  type PanelReviveFunction,
  type PanelRevivers,
  type RevivedPanel,
} from './panelReviver';
import { PanelRecords } from './panelRecords';
import { createPanel } from './webviewHtml';
import type { InfoOf, Opening, WebviewPanelHost } from './webviewPanelHost';

/**
 * What makes a view's panels: the framework does the rest (one panel per key, the reviver after a
 * window reload, the lifecycle, the date style). The composition root (extension.ts) passes one
 * for every view, and features open panels through the `Panels` it makes of it.
 */
export interface PanelDefinition<
  E extends WebviewEntry,
  P extends WebviewPanelHost<E> = WebviewPanelHost<E>,
> {
  entry: E;
  /**
   * Which panel shows `info`: one panel per key, and opening a key again brings its panel
   * forward. Without it, one panel per connection.
   */
  key?(info: InfoOf<E>): string;
  /** The title of a new panel, until its host names it. */
  title(info: InfoOf<E>): string;
  /**
   * The one way a panel's host is made: for a panel a command opens (which then loads), and for
   * one VS Code revives after a window reload (which shows what was kept, fetching nothing).
   */
  create(opening: Opening<E>): P;
  /** New panels open beside the active editor, which keeps the focus (the PQL results). */
  beside?: boolean;
  /**
   * A new panel is a preview, as VS Code's editors are (`workbench.editor.enablePreview`): the
   * next subject opened in its editor group is shown in it, until the user keeps it (Keep Open).
   * For the views of one subject each (a report, a node's graph), browsed one after another.
   */
  preview?: boolean;
  /** Whether a revived panel may show its record (default: yes; the graph's needs its connection). */
  revives?(info: InfoOf<E>): boolean;
  /** The view's own command, which opens its panels (viewCommand makes it). */
  command?: ViewCommand<E, P>;
}

/** A view's command, registered with its panels (registerPanels does). */
export interface ViewCommand<E extends WebviewEntry, P extends WebviewPanelHost<E>> {
  register(services: Services, panels: Panels<E, P>): vscode.Disposable;
}

/**
 * A view's command `id`: its argument read and what it does not name asked (commandTarget.ts),
 * then `open` with the view's panels and what was named; it answers what `open` does.
 */
export function viewCommand<E extends WebviewEntry, P extends WebviewPanelHost<E>, T>(
  id: string,
  command: TargetQuestions<T> & {
    open(panels: Panels<E, P>, asked: CommandTarget<T>): Promise<unknown>;
  },
): ViewCommand<E, P> {
  return {
    register: (services, panels) =>
      registerViewCommand(services, id, {
        ...command,
        open: (asked) => command.open(panels, asked),
      }),
  };
}

/** Several commands opening one view's panels (a view with more than one way in). */
export function viewCommands<E extends WebviewEntry, P extends WebviewPanelHost<E>>(
  ...commands: ViewCommand<E, P>[]
): ViewCommand<E, P> {
  return {
    register: (services, panels) =>
      vscode.Disposable.from(...commands.map((command) => command.register(services, panels))),
  };
}

/** A definition for every view: a view without one does not compile. */
export type PanelDefinitions = { [E in WebviewEntry]: PanelDefinition<E, WebviewPanelHost<E>> };

/** The host class a definition makes. */
type PanelOf<D> = D extends { create(...args: never[]): infer P } ? P : never;

/** The open panels of each view, typed by the definitions given. */
export type PanelsOf<D extends PanelDefinitions> = {
  [E in WebviewEntry]: Panels<E, PanelOf<D[E]> & WebviewPanelHost<E>>;
};

/** The open panels of one view, by key: how features open them. */
export class Panels<E extends WebviewEntry, P extends WebviewPanelHost<E>>
  implements vscode.Disposable
{
  /** The open panels by key, oldest first. */
  private readonly open = new Map<string, P>();
  /** The panel still in preview, if any: the next subject opened in its group replaces it. */
  private preview: P | undefined;

  constructor(
    private readonly services: Services,
    private readonly records: PanelRecords,
    private readonly definition: PanelDefinition<E, P>,
    /** Called when which panel is a preview, or which panel is active, may have changed. */
    private readonly previewChanged: () => void,
  ) {}

  /**
   * The panel showing what `info` names: the open one, brought forward (`isNew` false), or a new
   * host for it (`isNew`; the caller starts what it shows first) in a new panel, or in the
   * preview's panel: its page renewed in place, or loaded again.
   */
  show(info: InfoOf<E>): { panel: P; isNew: boolean } {
    const key = this.keyOf(info);
    const open = this.open.get(key);
    if (open) {
      if (this.definition.beside) open.panel.reveal(undefined, true);
      else open.panel.reveal();
      return { panel: open, isNew: false };
    }
    const title = this.definition.title(info);
    const previewing = this.previewing();
    const replaced = previewing ? this.replaceablePreview() : undefined;
    // a page on screen that can start over does (tens of ms); another is loaded anew
    const renewPage = replaced?.pageCanRenew === true;
    const panel = replaced?.release() ?? this.newPanel(title);
    if (replaced) {
      panel.title = title;
      if (!panel.active) panel.reveal(panel.viewColumn);
    }
    const { services, records } = this;
    const host = this.add(
      key,
      this.definition.create({ panel, services, records, info, renewPage }),
    );
    if (previewing) {
      this.preview = host;
      this.previewChanged();
    }
    return { panel: host, isNew: true };
  }

  private newPanel(title: string): vscode.WebviewPanel {
    return createPanel(
      this.services.extensionUri,
      WebviewPanels[this.definition.entry],
      title,
      this.definition.beside
        ? { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }
        : vscode.ViewColumn.Active,
    );
  }

  /** Whether new panels of this view are previews now (the view's kind, and VS Code's setting). */
  private previewing(): boolean {
    return (
      this.definition.preview === true &&
      vscode.workspace.getConfiguration('workbench.editor').get<boolean>('enablePreview', true)
    );
  }

  /**
   * The preview a new subject replaces: as with VS Code's own previews, the one in the editor group
   * the new panel opens in (the active one). A preview elsewhere stays, kept.
   */
  private replaceablePreview(): P | undefined {
    if (!this.preview) return undefined;
    const group = vscode.window.tabGroups.activeTabGroup.viewColumn;
    return this.preview.panel.viewColumn === group ? this.preview : undefined;
  }

  /** Whether `panel` is this view's preview. */
  isPreview(panel: P): boolean {
    return this.preview === panel;
  }

  /** Keeps the preview open if it is the active panel (Keep Open): whether it was. */
  keepActive(): boolean {
    if (!this.preview?.panel.active) return false;
    this.preview = undefined;
    this.previewChanged();
    return true;
  }

  /** The open panel showing what `info` names, if any (not brought forward). */
  get(info: InfoOf<E>): P | undefined {
    return this.open.get(this.keyOf(info));
  }

  private keyOf(info: InfoOf<E>): string {
    return this.definition.key?.(info) ?? info.connectionId;
  }

  /** The newest open panel (tests talk to it). */
  newest(): P | undefined {
    return [...this.open.values()].at(-1);
  }

  all(): P[] {
    return [...this.open.values()];
  }

  /**
   * Rebuilds a panel VS Code kept across a window reload from the host's record and what its
   * webview kept, or closes it (no record, or one the view no longer shows): whether it kept it.
   */
  revive(panel: vscode.WebviewPanel, saved: RevivedPanel<E> | undefined): boolean {
    if (!saved || this.definition.revives?.(saved.info) === false) {
      panel.dispose();
      return false;
    }
    const { panelId, info, kept } = saved;
    const revived = { panelId, kept };
    const { services, records } = this;
    // (a revived panel is kept: what was a preview before the reload is not told apart)
    this.add(this.keyOf(info), this.definition.create({ panel, services, records, info, revived }));
    return true;
  }

  /** Keeps `panel` under `key` (closing one there before) until it closes or is released. */
  private add(key: string, panel: P): P {
    const before = this.open.get(key);
    this.open.delete(key);
    before?.dispose();
    this.open.set(key, panel);
    const viewState = panel.panel.onDidChangeViewState(() => this.previewChanged());
    panel.onDidDispose(() => {
      viewState.dispose();
      if (this.open.get(key) === panel) this.open.delete(key);
      if (this.preview !== panel) return;
      this.preview = undefined;
      this.previewChanged();
    });
    return panel;
  }

  dispose(): void {
    for (const panel of this.all()) panel.dispose();
    this.open.clear();
  }
}

/**
 * Makes the panels of every view from its definition, and what they share: each view's command,
 * what rebuilds a panel VS Code kept across a reload (a reviver per view; VS Code's serializers
 * hand it the panels), and the date style every open page is given again when
 * `puppetdbExplorer.utcTimes` changes.
 */
export function registerPanels<D extends PanelDefinitions>(
  services: Services,
  definitions: D,
): {
  panels: PanelsOf<D>;
  disposables: vscode.Disposable[];
  revive: PanelReviveFunction;
  records: PanelRecords;
} {
  // what each panel shows, kept for a window reload (the webviews keep only ids)
  const records = new PanelRecords(services.context.workspaceState);
  const entries = Object.keys(definitions) as WebviewEntry[];
  // the Keep Open button shows on the title bar of a preview while it is the active panel
  let previewActive = false;
  const showPreviewActive = () => {
    const active = [...byEntry.values()].some((open) =>
      open.all().some((panel) => panel.panel.active && open.isPreview(panel)),
    );
    if (active === previewActive) return;
    previewActive = active;
    void vscode.commands.executeCommand('setContext', Contexts.previewViewActive, active);
  };
  // one Panels per entry; TypeScript cannot relate an entry's definition to its Panels in a loop
  const byEntry = new Map<WebviewEntry, Panels<WebviewEntry, WebviewPanelHost<WebviewEntry>>>(
    entries.map((entry) => [
      entry,
      new Panels(
        services,
        records,
        definitions[entry] as unknown as PanelDefinition<WebviewEntry>,
        showPreviewActive,
      ),
    ]),
  );
  const panels = Object.fromEntries(byEntry) as unknown as PanelsOf<D>;
  const each = () => [...byEntry.values()].flatMap((open) => open.all());
  const commands = entries.flatMap((entry) => {
    const { command } = definitions[entry] as unknown as PanelDefinition<WebviewEntry>;
    return command ? [command.register(services, byEntry.get(entry)!)] : [];
  });
  const revive = panelReviver(
    services.log,
    records,
    Object.fromEntries(
      [...byEntry].map(([entry, open]) => [
        entry,
        (panel: vscode.WebviewPanel, saved: RevivedPanel<WebviewEntry> | undefined) =>
          open.revive(panel, saved),
      ]),
    ) as PanelRevivers,
  );
  return {
    panels,
    records,
    revive,
    disposables: [
      ...commands,
      ...byEntry.values(),
      // takes no argument: it keeps the active panel, if that is a preview
      vscode.commands.registerCommand(Commands.keepView, () => {
        for (const open of byEntry.values()) if (open.keepActive()) return true;
        return false;
      }),
      // (a new display language restarts VS Code: each page is given it on its next `ready`)
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(`${ConfigurationSection}.utcTimes`)) {
          for (const panel of each()) panel.postDateStyle();
        }
      }),
    ],
  };
}
