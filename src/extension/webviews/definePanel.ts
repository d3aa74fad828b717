import * as vscode from 'vscode';
import type { WebviewEntry } from '../../shared/protocol';
import {
  registerViewCommand,
  type CommandTarget,
  type TargetQuestions,
} from '../commands/commandTarget';
import { ConfigurationSection, WebviewPanels } from '../ids';
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

  constructor(
    private readonly services: Services,
    private readonly records: PanelRecords,
    private readonly definition: PanelDefinition<E, P>,
  ) {}

  /**
   * The panel showing what `info` names: the open one, brought forward (`isNew` false), or a new
   * one made for it (`isNew`; the caller starts what it shows first).
   */
  show(info: InfoOf<E>): { panel: P; isNew: boolean } {
    const key = this.keyOf(info);
    const open = this.open.get(key);
    if (open) {
      if (this.definition.beside) open.panel.reveal(undefined, true);
      else open.panel.reveal();
      return { panel: open, isNew: false };
    }
    const panel = createPanel(
      this.services.extensionUri,
      WebviewPanels[this.definition.entry],
      this.definition.title(info),
      this.definition.beside
        ? { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }
        : vscode.ViewColumn.Active,
    );
    const { services, records } = this;
    const host = this.definition.create({ panel, services, records, info });
    return { panel: this.add(key, host), isNew: true };
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
    this.add(this.keyOf(info), this.definition.create({ panel, services, records, info, revived }));
    return true;
  }

  /** Keeps `panel` under `key` (closing one there before) until it closes. */
  private add(key: string, panel: P): P {
    const before = this.open.get(key);
    this.open.delete(key);
    before?.dispose();
    this.open.set(key, panel);
    panel.onDidDispose(() => {
      if (this.open.get(key) === panel) this.open.delete(key);
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
  // one Panels per entry; TypeScript cannot relate an entry's definition to its Panels in a loop
  const byEntry = new Map<WebviewEntry, Panels<WebviewEntry, WebviewPanelHost<WebviewEntry>>>(
    entries.map((entry) => [
      entry,
      new Panels(services, records, definitions[entry] as unknown as PanelDefinition<WebviewEntry>),
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
      // (a new display language restarts VS Code: each page is given it on its next `ready`)
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(`${ConfigurationSection}.utcTimes`)) {
          for (const panel of each()) panel.postDateStyle();
        }
      }),
    ],
  };
}
