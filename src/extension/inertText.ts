/**
 * Text from outside the extension (a PuppetDB answer, an agent's report, a webview's message, a
 * file, a command argument) made inert for the VS Code surfaces that parse what they show:
 *
 * - notification messages (and their progress) turn `[label](command:id?args)`, `(https://…)` and
 *   `(file:…)` into links that run or open what they name;
 * - status bar items, quick picks, CodeLens titles and progress titles turn `$(name)` into icons.
 *
 * A word joiner (zero width, no line break) is put where those two syntaxes join (`]` and `(`,
 * `$` and `(`), so the text reads the same but neither parses; it is also put after a closing `]`
 * or `$` at the end and before an opening `(` at the start, where the text meets our own words
 * around it. Line breaks
 * and control characters become spaces (one-line surfaces), bidirectional controls are removed
 * (they reorder what a reader sees), and the text is cut at `maxChars`, on a whole character.
 * Pure: no vscode, unit tested alone. Markdown (hovers, tooltips) is made inert differently:
 * `MarkdownString.appendText`, never `appendMarkdown`, with external text.
 *
 * What reaches a surface is held to this by test/unit/extension/inertSurfaces.test.ts: every value
 * given to a notification, a progress, the status bar, a quick pick or input box, a tree item, a
 * CodeLens or a MarkdownString is followed back to where it was made, and must be a literal,
 * `vscode.l10n.t('literal', …)` of such parts, `inert(…)`, or built only of those.
 */

declare const inertBrand: unique symbol;

/**
 * Text no VS Code surface parses as a link or an icon: what `inert()` returns. Our own words
 * composed with it may be cast to it (`… as InertText`): the surface check
 * (test/unit/extension/inertSurfaces.test.ts) checks every such cast as it checks a surface.
 */
export type InertText = string & { readonly [inertBrand]: true };

/**
 * Breaks a link or an icon where it would start, without changing what the text reads: U+2060
 * WORD JOINER, invisible like a zero-width space but no place to wrap a line (a notification
 * wrapped after the "$" of "$(alert)" at a zero-width space).
 */
export const INERT_JOINER = '\u2060';

/** Where external text is cut by default: a notification, a label, a title stays readable. */
export const INERT_MAX_CHARS = 500;

export interface InertOptions {
  /** The most characters (code points) kept; longer text ends with "…". */
  maxChars?: number;
  /** Keeps line breaks (a modal's detail); one line by default. */
  multiline?: boolean;
}

// C0 and C1 controls, and U+2028/U+2029 (line and paragraph separators): finding them is the point
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;
const LINE_BREAKS = /\r\n|[\r\n\t]/g;
// bidirectional embeddings, overrides, isolates and marks
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `text` as VS Code shows it without parsing a link or an icon in it. */
export function inert(text: unknown, options: InertOptions = {}): InertText {
  const { maxChars = INERT_MAX_CHARS, multiline = false } = options;
  let value = typeof text === 'string' ? text : String(text);
  value = value.replace(BIDI_CONTROLS, '');
  value = multiline
    ? value.replace(/\r\n?/g, '\n').replace(/\t/g, ' ')
    : value.replace(LINE_BREAKS, ' ');
  value = value.replace(CONTROLS, ' ');
  value = cut(value, maxChars);
  return value
    .replace(/([\]$])(?=\()/g, `$1${INERT_JOINER}`)
    .replace(/[\]$]$/, `$&${INERT_JOINER}`)
    .replace(/^\(/, `${INERT_JOINER}(`) as InertText;
}

/** At most `maxChars` code points, never half a surrogate pair; "…" says it was cut. */
function cut(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const points = Array.from(text);
  if (points.length <= maxChars) return text;
  return `${points.slice(0, Math.max(0, maxChars - 1)).join('')}…`;
}
