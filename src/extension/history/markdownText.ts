/**
 * External text (a certname, a message, a commit subject) in a Markdown document we write: made
 * inert (one line, no link or icon syntax, bounded) and every ASCII punctuation character
 * backslash-escaped, which CommonMark reads as the character itself, so nothing in it becomes a
 * link, an image, HTML, emphasis or a table cell when the document is previewed.
 */
import { inert } from '../inertText';

export function markdownText(text: unknown, maxChars = 500): string {
  return inert(text, { maxChars }).replace(/[!-/:-@[-`{-~]/g, (character) => `\\${character}`);
}
