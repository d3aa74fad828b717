import type { WebviewEntry } from '../../shared/protocol';

/**
 * Where the host reports what it refused to act on from a webview (a message that breaks the
 * protocol, a saved state it cannot use). One function, so a log channel can replace
 * console.warn in one place.
 */
export function reportDropped(entry: WebviewEntry, what: string, problem: string): void {
  console.warn(`[PuppetDB Explorer] Ignored ${what} from the ${entry} webview: ${problem}`);
}
