import type { OpenManifestAt } from '../../shared/protocol';
import { openViews } from './openViews';

/** Where an event or a log says it was declared, as PuppetDB gave it. */
export interface HeldLocation {
  file: string | null;
  line: number | null;
}

/**
 * A webview's "open manifest": opened only when one of the rows the panel sent it names this
 * file and line, so a webview never chooses a path of its own; the command then maps that
 * PuppetDB path to a workspace file through the path mapping alone.
 */
export function openHeldManifest(
  held: Iterable<HeldLocation>,
  { file, line }: Omit<OpenManifestAt, 'type'>,
): Thenable<unknown> | undefined {
  for (const location of held) {
    if (location.file === file && (location.line ?? undefined) === line) {
      return openViews.manifest({ file, line });
    }
  }
  return undefined;
}
