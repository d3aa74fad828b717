/**
 * What the host checks of a graph export before it writes the file: the page that made it shows
 * catalog data and may have been subverted, so its picture is held to exactly what our exporters
 * write. An SVG may hold only the elements and attributes src/webview/graph/svgExport.ts writes,
 * in the order and shape it writes them (no script, no event attribute, no foreignObject, no link
 * to anything, no DOCTYPE, entity, comment or processing instruction); a PNG must be a PNG.
 *
 * The SVG check is a strict reading of that one small grammar rather than a general XML parser:
 * no shipped dependency parses XML, and a file that every XML reader reads the same way leaves
 * no room for a reader that sees something the check did not. Pure (no vscode): unit tested
 * against the real exporter's output.
 */
import { MESSAGE_TEXT_MAX_CHARS } from '../../shared/protocol';

/** The file's bytes, or why it must not be written. */
export type CheckedExport = { bytes: Uint8Array } | { problem: string };

export function checkedExport(format: 'png' | 'svg', data: string): CheckedExport {
  if (data.length > MESSAGE_TEXT_MAX_CHARS) {
    return { problem: `it is longer than ${MESSAGE_TEXT_MAX_CHARS} characters` };
  }
  if (format === 'png') return checkedPng(data);
  const problem = svgProblem(data);
  return problem ? { problem } : { bytes: new TextEncoder().encode(data) };
}

// --- PNG --------------------------------------------------------------------------------------

const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]*={0,2})$/;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG data URL's bytes: the signature, then the IHDR chunk every PNG starts with. */
function checkedPng(data: string): CheckedExport {
  const match = PNG_DATA_URL.exec(data);
  if (!match) return { problem: 'it is not a base64 data URL of a PNG image' };
  const bytes = Buffer.from(match[1]!, 'base64');
  if (bytes.length < 33 || PNG_SIGNATURE.some((byte, index) => bytes[index] !== byte)) {
    return { problem: 'it does not start with the PNG signature' };
  }
  // the first chunk: length 13, type IHDR (PNG 1.2, 5.2 and 11.2.2)
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') {
    return { problem: 'its first chunk is not the PNG header (IHDR)' };
  }
  return { bytes };
}

// --- SVG --------------------------------------------------------------------------------------

type ValueCheck = (value: string) => boolean;

const NUMBER = /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:e[+-]?\d+)?$/;
const number: ValueCheck = (value) => NUMBER.test(value);
const numbers =
  (count?: number): ValueCheck =>
  (value) => {
    const parts = value.split(' ');
    return (count === undefined || parts.length === count) && parts.every(number);
  };
const exactly =
  (expected: string): ValueCheck =>
  (value) =>
    value === expected;
/**
 * The theme's colours (CSS variables as the page read them): hex, a colour function of numbers,
 * or a keyword. Never `url(…)`, which would reference something.
 */
const colour: ValueCheck = (value) =>
  /^#[0-9a-f]{3,8}$/i.test(value) ||
  /^[a-z]+$/i.test(value) ||
  /^(?:rgb|rgba|hsl|hsla)\([\d.,%\s/+-]*\)$/i.test(value);

interface ElementRule {
  /** The elements it may stand in (none: the root). */
  parents: readonly string[];
  attributes: Readonly<Record<string, ValueCheck>>;
  /** Whether it holds text (only labels do). */
  text?: boolean;
}

const SHAPE = { fill: colour, stroke: colour, 'stroke-width': number };

/** Every element svgExport.ts writes, where, and with which attributes. */
const ELEMENTS: Readonly<Record<string, ElementRule>> = {
  svg: {
    parents: [],
    attributes: {
      xmlns: exactly('http://www.w3.org/2000/svg'),
      viewBox: numbers(4),
      width: number,
      height: number,
    },
  },
  defs: { parents: ['svg'], attributes: {} },
  marker: {
    parents: ['defs'],
    attributes: {
      id: exactly('arrow'),
      viewBox: numbers(4),
      refX: number,
      refY: number,
      markerWidth: number,
      markerHeight: number,
      orient: exactly('auto'),
    },
  },
  // the arrowhead's outline
  path: { parents: ['marker'], attributes: { d: exactly('M 0 0 L 10 5 L 0 10 z'), fill: colour } },
  rect: {
    parents: ['svg'],
    attributes: {
      x: number,
      y: number,
      width: number,
      height: number,
      rx: number,
      ...SHAPE,
      'stroke-dasharray': numbers(),
    },
  },
  line: {
    parents: ['svg'],
    attributes: {
      x1: number,
      y1: number,
      x2: number,
      y2: number,
      ...SHAPE,
      'stroke-dasharray': numbers(),
      'stroke-opacity': number,
      // the one reference an export holds: the arrowhead defined in the same file
      'marker-end': exactly('url(#arrow)'),
    },
  },
  text: {
    parents: ['svg'],
    attributes: {
      x: number,
      y: number,
      'text-anchor': exactly('middle'),
      'font-family': exactly('sans-serif'),
      'font-size': number,
      fill: colour,
    },
    text: true,
  },
};

/** One piece of markup as svgExport.ts writes it: a start tag, an end tag, or text. */
const TOKEN =
  /<([A-Za-z][\w.:-]*)((?:\s+[^\s=/>]+="[^"<]*")*)\s*(\/?)>|<\/([A-Za-z][\w.:-]*)>|[^<]+/y;
const ATTRIBUTE = /\s+([^\s=/>]+)="([^"<]*)"/g;

/** Whether XML 1.0 allows a character, raw or as a reference (its Char production). */
function allowedCharacter(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}
/** What escapeXml always writes as a reference (`&` only starts one). */
const RAW_MARKUP = new Set(['<', '>', '&', '"', "'"]);

/** Why a label's text is not as escapeXml writes it: decimal references, XML characters. */
function escapedTextProblem(text: string): string | undefined {
  for (const [reference, digits] of text.matchAll(/&(?:#(\d{1,7});)?/g)) {
    if (digits === undefined || !allowedCharacter(Number(digits))) {
      return `a reference our exporter never writes (${reference})`;
    }
  }
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if (character !== '&' && RAW_MARKUP.has(character)) return `an unescaped "${character}"`;
    // (a lone surrogate is a "character" of its own here, outside the allowed ranges)
    if (!allowedCharacter(code)) {
      return `a character XML does not allow (U+${code.toString(16).toUpperCase()})`;
    }
  }
  return undefined;
}

/** A name from the file, short enough for a message. */
const cut = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** Why `svg` is not a picture our SVG exporter could have written, or undefined when it is. */
export function svgProblem(svg: string): string | undefined {
  const open: string[] = [];
  let roots = 0;
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < svg.length) {
    const at = TOKEN.lastIndex;
    const token = TOKEN.exec(svg);
    if (!token) {
      const markup = svg.slice(at, at + 12);
      if (/^<[!?]/.test(markup)) {
        return `it holds a declaration, comment or instruction (${markup}…), which our exporter never writes`;
      }
      return `it holds markup our exporter never writes at character ${at} (${markup}…)`;
    }
    const [whole, name, attributes, selfClosing, endName] = token;
    const parent = open.at(-1);
    if (endName !== undefined) {
      if (endName !== parent) return `</${cut(endName)}> does not close the element open there`;
      open.pop();
    } else if (name !== undefined) {
      const problem = startTagProblem(name, attributes ?? '', parent);
      if (problem) return problem;
      if (parent === undefined && roots++ > 0) return 'it holds more than one <svg> element';
      if (!selfClosing) open.push(name);
    } else if (parent !== undefined && ELEMENTS[parent]?.text) {
      const problem = escapedTextProblem(whole);
      if (problem) return `a label holds ${problem}`;
    } else if (whole.trim() !== '') {
      return `it holds text outside a label (${whole.trim().slice(0, 20)})`;
    }
  }
  if (open.length > 0) return `<${open.at(-1)}> is never closed`;
  if (roots === 0) return 'it holds no <svg> element';
  return undefined;
}

function startTagProblem(
  name: string,
  attributes: string,
  parent: string | undefined,
): string | undefined {
  const rule = Object.hasOwn(ELEMENTS, name) ? ELEMENTS[name] : undefined;
  if (!rule) return `it holds a <${cut(name)}> element, which our exporter never writes`;
  const allowedParents = rule.parents;
  if (parent === undefined ? allowedParents.length > 0 : !allowedParents.includes(parent)) {
    return `a <${name}> element stands where our exporter never puts one`;
  }
  const seen = new Set<string>();
  for (const [, attribute, value] of attributes.matchAll(ATTRIBUTE)) {
    const check = Object.hasOwn(rule.attributes, attribute!)
      ? rule.attributes[attribute!]
      : undefined;
    if (!check) {
      return `<${name}> has a "${cut(attribute!)}" attribute, which our exporter never writes`;
    }
    if (seen.has(attribute!)) return `<${name}> has the "${attribute}" attribute twice`;
    seen.add(attribute!);
    if (!check(value!)) return `<${name}> has a "${attribute}" our exporter never writes`;
  }
  return undefined;
}
