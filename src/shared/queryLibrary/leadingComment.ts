/**
 * A query's description, from the text it is kept in: the `# …` lines at the top of a `.pql`
 * file, or the first markdown cell of a `.pqlbook` notebook. Pure: the Queries view shows it
 * (as inert text) beside the file's name and in its tooltip.
 */

/** Where a description is cut: a tree item's description stays one readable line. */
export const MAX_DESCRIPTION_CHARS = 300;

/** The `# @connection` line that picks a connection is the editor's, not prose. */
const DIRECTIVE = /^#[ \t]*@\w+/;

/**
 * The comment lines a `.pql` text starts with (blank lines before them skipped), without their
 * `#`, joined by spaces; `# @connection` lines are left out. Undefined when there is none.
 */
export function pqlDescription(text: string): string | undefined {
  const words: string[] = [];
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (line === '') {
      if (words.length > 0) break;
      continue;
    }
    if (!line.startsWith('#')) break;
    if (DIRECTIVE.test(line)) continue;
    const prose = line.replace(/^#+/, '').trim();
    if (prose !== '') words.push(prose);
  }
  return shortened(words.join(' '));
}

/**
 * The first markdown cell's text as one line: heading marks, emphasis and link targets dropped,
 * so that `# Failed nodes` reads "Failed nodes". Undefined when the notebook has no prose.
 */
export function notebookDescription(
  cells: ReadonlyArray<{ kind: string; source: string }>,
): string | undefined {
  const markdown = cells.find((cell) => cell.kind === 'markdown' && cell.source.trim() !== '');
  if (!markdown) return undefined;
  const text = markdown.source
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+)/, '').trim())
    .filter((line) => line !== '')
    .join(' ')
    // [text](target) reads as its text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]+/g, '');
  return shortened(text);
}

function shortened(text: string): string | undefined {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line === '') return undefined;
  const chars = [...line];
  return chars.length > MAX_DESCRIPTION_CHARS
    ? `${chars.slice(0, MAX_DESCRIPTION_CHARS - 1).join('')}…`
    : line;
}
