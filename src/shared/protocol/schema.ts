/**
 * The run-time checks of what crosses from a webview to the host: every message a webview
 * posts, the host's own record of a panel, and the state VS Code hands back when it restores a
 * panel. Each view's schema is in `<view>Schema.ts`, listed in index.ts; a message type missing
 * there, or a field of the wrong kind, does not compile.
 */
import { checkMessage, object, optional, type Check, type MessageSchema } from '../messageSchema';
import { name } from './commonSchema';
import {
  viewSchemas,
  type KeptContent,
  type Protocols,
  type ShownContents,
  type WebviewEntry,
} from './index';

/** Why a message from the `entry` webview must be dropped, or undefined when it is fine. */
export function checkToHost(entry: WebviewEntry, message: unknown): string | undefined {
  return checkMessage(
    // the entries' schemas differ (one `openManifest` each): a union TypeScript cannot narrow
    viewSchemas[entry].toHost as unknown as MessageSchema<Protocols[WebviewEntry]['toHost']>,
    message,
  );
}

/**
 * Why a record of the host's PanelRecords cannot rebuild a panel of `entry` (one written by an
 * older version, say), or undefined when it can.
 */
export function checkRestoreInfo(entry: WebviewEntry, info: unknown): string | undefined {
  return viewSchemas[entry].restore(info);
}

/** A panel's id as the host gives it out (a random UUID): looked up, never trusted further. */
export function isPanelId(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value)
  );
}

/**
 * What a restored panel of `entry` may use of its webview's saved state; the rest is dropped. The
 * id only names the host's own record of the panel (which says what it may fetch); the kept
 * content is only shown again.
 */
export interface RestoredState<E extends WebviewEntry> {
  panelId: string | undefined;
  kept: KeptContent<E> | undefined;
  /** Why (part of) the state was not used, for the log. */
  problem: string | undefined;
}

export function checkRestoredState<E extends WebviewEntry>(
  entry: E,
  state: unknown,
): RestoredState<E> {
  const saved = (typeof state === 'object' && state !== null ? state : {}) as {
    panelId?: unknown;
    kept?: unknown;
  };
  if (saved.panelId === undefined) {
    return { panelId: undefined, kept: undefined, problem: undefined };
  }
  if (!isPanelId(saved.panelId)) {
    return { panelId: undefined, kept: undefined, problem: 'expected a panel id' };
  }
  const id = saved.panelId;
  if (saved.kept === undefined) return { panelId: id, kept: undefined, problem: undefined };
  const keptProblem = object<KeptContent<E>>({
    savedAt: name,
    content: optional(viewSchemas[entry].shown as Check<ShownContents[E]>),
    omitted: optional(name),
  })(saved.kept);
  return keptProblem
    ? { panelId: id, kept: undefined, problem: `kept content: ${keptProblem}` }
    : { panelId: id, kept: saved.kept as KeptContent<E>, problem: undefined };
}
