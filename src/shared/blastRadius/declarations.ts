/**
 * Which resource declaration each line of a manifest belongs to. A catalog gives a resource the
 * line of its declaration's head (`file { '/etc/motd':`), so a change to one of its attributes
 * three lines further down must be traced back to that head. A brace scan, not a parser: strings
 * and comments are skipped, every other `{` opens a block, and a block whose head looks like a
 * resource declaration (`type { title:`, `@@type {`, `class { 'x':`) is a resource's. Pure.
 */

/** 1-based lines: the resource head enclosing each line, and the one still open after it. */
export interface DeclarationLines {
  /** The head line of the innermost resource whose declaration spans `line` (its head to its `}`). */
  at(line: number): number | undefined;
  /** The head line of the innermost resource still open after `line` (0: before the first line). */
  openAfter(line: number): number | undefined;
}

/** `type {` or `@@type {` followed by a title (a string, a variable, an array) or nothing yet. */
const RESOURCE_HEAD = /^\s*(?:@@?)?([a-z][a-z0-9_]*(?:::[a-z][a-z0-9_]*)*)\s*\{\s*(?:['"$[]|$)/;
/** Words that open a block but never declare a resource. */
const KEYWORDS = new Set([
  'if',
  'unless',
  'else',
  'elsif',
  'case',
  'node',
  'define',
  'function',
  'plan',
  'type',
  'application',
  'site',
]);

export function declarationLines(text: string): DeclarationLines {
  const lines = text.split(/\r?\n/);
  const at: Array<number | undefined> = [undefined];
  const openAfter: Array<number | undefined> = [undefined];
  /** Open blocks: the resource head line of each, or undefined for any other block. */
  const stack: Array<number | undefined> = [];
  const innermost = () => {
    for (let index = stack.length - 1; index >= 0; index--) {
      if (stack[index] !== undefined) return stack[index];
    }
    return undefined;
  };
  let quote: '"' | "'" | undefined;
  let inBlockComment = false;
  lines.forEach((source, index) => {
    const line = index + 1;
    let enclosing = innermost();
    const head = !quote && !inBlockComment ? RESOURCE_HEAD.exec(source) : null;
    const isResourceHead = head !== null && !KEYWORDS.has(head[1]!);
    let headOpened = false;
    for (let column = 0; column < source.length; column++) {
      const char = source[column]!;
      if (inBlockComment) {
        if (char === '*' && source[column + 1] === '/') {
          inBlockComment = false;
          column++;
        }
        continue;
      }
      if (quote) {
        if (char === '\\') column++;
        else if (char === quote) quote = undefined;
        continue;
      }
      if (char === '#') break;
      if (char === '/' && source[column + 1] === '*') {
        inBlockComment = true;
        column++;
      } else if (char === '"' || char === "'") {
        quote = char;
      } else if (char === '{') {
        // the line's first brace is its head's block
        const opensResource = isResourceHead && !headOpened;
        headOpened = true;
        stack.push(opensResource ? line : undefined);
        if (opensResource) enclosing = line;
      } else if (char === '}') {
        stack.pop();
      }
    }
    at.push(enclosing);
    openAfter.push(innermost());
  });
  return {
    at: (line) => at[line],
    openAfter: (line) => (line === 0 ? undefined : openAfter[line]),
  };
}

/**
 * The catalog lines a hunk may have changed the resources of: each removed line, the resource
 * head enclosing it, and the resource open where lines were inserted. Sorted, distinct.
 */
export function touchedDeclarationLines(
  declarations: DeclarationLines,
  hunk: { removedLines: readonly number[]; insertedAfter: readonly number[] },
): number[] {
  const lines = new Set<number>();
  for (const line of hunk.removedLines) {
    lines.add(line);
    const head = declarations.at(line);
    if (head !== undefined) lines.add(head);
  }
  for (const line of hunk.insertedAfter) {
    const head = declarations.openAfter(line);
    if (head !== undefined) lines.add(head);
  }
  return [...lines].sort((a, b) => a - b);
}
