/**
 * The definitions of a Puppet manifest that PuppetDB can count (`class x`, `define x`, `node
 * 'name'`) and the class names it uses (`include x`, `contain x`, `class { 'x': }`). A line scan,
 * not a parser: it only has to find where a lens or a hover goes. Pure: no vscode.
 */

export type Definition =
  | { kind: 'class' | 'define'; name: string; line: number }
  /** `node 'a', 'b'`: the certnames it names literally (regexes and `default` are not counted). */
  | { kind: 'node'; name: string; certnames: string[]; line: number };

const NAME = String.raw`(?:::)?[a-z][a-z0-9_]*(?:::[a-z][a-z0-9_]*)*`;
const CLASS_OR_DEFINE = new RegExp(String.raw`^\s*(class|define)\s+(${NAME})(?=[\s({]|$)`);
const NODE = /^\s*node\s+(.*?)\s*(?:\{|$)/;

/** Every definition, by 0-based line, outside comments. */
export function findDefinitions(text: string): Definition[] {
  const definitions: Definition[] = [];
  const lines = text.split(/\r?\n/);
  let inBlockComment = false;
  lines.forEach((raw, line) => {
    let source = raw;
    if (inBlockComment) {
      const end = source.indexOf('*/');
      if (end < 0) return;
      inBlockComment = false;
      source = ' '.repeat(end + 2) + source.slice(end + 2);
    }
    if (/^\s*\/\*/.test(source) && !source.includes('*/')) {
      inBlockComment = true;
      return;
    }
    if (/^\s*#/.test(source)) return;
    const definition = CLASS_OR_DEFINE.exec(source);
    if (definition) {
      const kind = definition[1] as 'class' | 'define';
      definitions.push({ kind, name: definition[2]!.replace(/^::/, ''), line });
      return;
    }
    const node = NODE.exec(source);
    if (node) {
      const names = node[1]!;
      const certnames = [...names.matchAll(/'([^']+)'|"([^"]+)"/g)].map(
        (match) => (match[1] ?? match[2])!,
      );
      definitions.push({ kind: 'node', name: names, certnames, line });
    }
  });
  return definitions;
}

/**
 * The class name used at `column` of `lineText`, if it stands in an `include`/`contain`/`require`
 * list or as the title of `class { 'name': }`; with where it starts and ends.
 */
export function classReferenceAt(
  lineText: string,
  column: number,
): { name: string; start: number; end: number } | undefined {
  const word = new RegExp(NAME, 'g');
  for (const match of lineText.matchAll(word)) {
    const start = match.index;
    const end = start + match[0].length;
    if (column < start || column > end) continue;
    const before = lineText.slice(0, start);
    const listed =
      /^\s*(?:include|contain|require)\s+(?:['"]?(?:::)?[a-z][\w:]*['"]?\s*,\s*)*['"]?$/.test(
        before,
      );
    const declared = /\bclass\s*\{\s*['"]$/.test(before) && /^['"]\s*:/.test(lineText.slice(end));
    if (!listed && !declared) return undefined;
    return { name: match[0].replace(/^::/, ''), start, end };
  }
  return undefined;
}
