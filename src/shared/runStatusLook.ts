/**
 * How a Puppet run status looks, everywhere it is shown: the tree, the report's header, recent
 * runs' grid and chips. One table, so that "changed" is not a green tick in one view and a blue
 * arrow in the next. The tone names a status colour pair of media/webview.css (--pdbx-<tone>-text
 * for words, --pdbx-<tone>-mark for icons) and, in the tree, a theme colour.
 */
export type StatusTone = 'error' | 'change' | 'ok' | 'noop' | 'muted';

export interface RunStatusLook {
  /** A codicon name. */
  icon: string;
  /** No tone: a status we do not know, shown in the text's own colour. */
  tone?: StatusTone;
}

const LOOKS: Readonly<Record<string, RunStatusLook>> = {
  failed: { icon: 'error', tone: 'error' },
  changed: { icon: 'sync', tone: 'change' },
  unchanged: { icon: 'pass', tone: 'ok' },
  noop: { icon: 'circle-large-outline', tone: 'noop' },
  unreported: { icon: 'question', tone: 'muted' },
};

const UNKNOWN: RunStatusLook = { icon: 'circle-outline' };

export function runStatusLook(status: string | null | undefined): RunStatusLook {
  return (
    (typeof status === 'string' && Object.hasOwn(LOOKS, status) ? LOOKS[status] : undefined) ??
    UNKNOWN
  );
}
