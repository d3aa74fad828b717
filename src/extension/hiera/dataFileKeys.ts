/**
 * The Hiera key under the cursor of a data file: the top-level key whose block holds the line
 * (`profile::ntp::servers:` and the lines of its value below it). Read from the text, without
 * parsing the whole file, so that a file with a mistake further down still answers. Pure.
 */

export interface KeyAtLine {
  key: string;
  /** The line the key is written on (0-based) and where it starts and ends there. */
  line: number;
  start: number;
  end: number;
}

/** A top-level YAML key: at column 0, plain or quoted, followed by a colon. */
const YAML_KEY =
  /^(?:"((?:[^"\\]|\\.)+)"|'((?:[^']|'')+)'|([^\s#'"\-?:&*!|>%@`{[][^#]*?))\s*:(?:\s|$)/;
/** A JSON key on its own line: `  "key": …`. */
const JSON_KEY = /^(\s*)"((?:[^"\\]|\\.)+)"\s*:/;

/** The top-level key whose block holds `line` of a YAML or JSON data file's `text`. */
export function keyAt(text: string, line: number, kind: 'yaml' | 'json'): KeyAtLine | undefined {
  const lines = text.split(/\r?\n/);
  if (line < 0 || line >= lines.length) return undefined;
  return kind === 'json' ? jsonKeyAt(lines, line) : yamlKeyAt(lines, line);
}

function yamlKeyAt(lines: readonly string[], line: number): KeyAtLine | undefined {
  for (let index = line; index >= 0; index--) {
    const text = lines[index]!;
    if (text === '---' || text.startsWith('--- ')) return undefined; // the document's start
    if (text.trim() === '' || /^\s/.test(text) || text.startsWith('#')) continue;
    const match = YAML_KEY.exec(text);
    if (!match) return undefined;
    const key =
      match[1] !== undefined
        ? unescapeJson(match[1])
        : match[2] !== undefined
          ? match[2].replace(/''/g, "'")
          : match[3]!.trimEnd();
    const written = match[1] ?? match[2] ?? match[3]!.trimEnd();
    const start = match[3] !== undefined ? 0 : 1;
    return { key, line: index, start, end: start + written.length };
  }
  return undefined;
}

/** In JSON, the top level's keys are those indented least (a data file is one object). */
function jsonKeyAt(lines: readonly string[], line: number): KeyAtLine | undefined {
  let topIndent: number | undefined;
  for (const text of lines) {
    const match = JSON_KEY.exec(text);
    if (match) topIndent = Math.min(topIndent ?? Infinity, match[1]!.length);
  }
  if (topIndent === undefined) return undefined;
  for (let index = line; index >= 0; index--) {
    const match = JSON_KEY.exec(lines[index]!);
    if (!match || match[1]!.length !== topIndent) continue;
    const start = topIndent + 1;
    return { key: unescapeJson(match[2]!), line: index, start, end: start + match[2]!.length };
  }
  return undefined;
}

function unescapeJson(text: string): string {
  try {
    return JSON.parse(`"${text}"`) as string;
  } catch {
    return text;
  }
}

/** The most characters of a key typed or passed (Hiera keys are names, not documents). */
export const MAX_KEY_CHARS = 500;

/**
 * Why `text` cannot be a Hiera key, or undefined when it can: not empty, one line, no spaces
 * (Hiera keys are `name`, `module::name` or dotted `name.sub`; quoted parts may hold dots).
 */
export function keyProblem(text: string): string | undefined {
  if (text.trim() === '') return 'empty';
  if (text.length > MAX_KEY_CHARS) return 'long';
  if (/\s/.test(text)) return 'space';
  return undefined;
}
