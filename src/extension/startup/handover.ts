/**
 * What the startup shell (startupShell.ts) and the extension it loads on first use hand each
 * other. The shell is all that runs when VS Code starts; the extension's bundle loads when
 * something first needs it, and then answers for the registrations the shell keeps.
 */
import type * as vscode from 'vscode';
import type { WebviewEntry } from '../../shared/protocol';

/** How the entry loaded the extension's bundle: read, compiled and run, in ms. */
export interface BundleLoading {
  ms: number;
  fromCache: boolean;
}

/** What the shell gives the extension it loads. */
export interface Startup {
  /** The extension's log (the shell made it, to log its own activation). */
  log: vscode.LogOutputChannel;
  loading?: BundleLoading;
  /** What first needed the extension ("the command …", "the PuppetDB view"), for the log. */
  wokenBy: string;
}

/** What the loaded extension answers for the registrations the shell keeps for its lifetime. */
export interface Loaded<Api> {
  /** The tests' API (ExtensionMode.Test only). */
  api: Api | undefined;
  /** Rebuilds a panel VS Code kept across a window reload (the shell's panel serializers). */
  revivePanel(entry: WebviewEntry, panel: vscode.WebviewPanel, state: unknown): Promise<void>;
  deactivate(): void;
}

/** The extension's bundle, loaded: `start` registers everything the shell did not. */
export interface ExtensionBundle<Api> {
  start(context: vscode.ExtensionContext, startup: Startup): Loaded<Api>;
}
