/** Text for any XML the extension writes (the graph's SVG export, a notebook report's charts). */

/**
 * Text for XML: markup characters as references, and what XML 1.0 forbids even as a reference
 * (control characters other than tab, LF and CR; lone surrogates; U+FFFE and U+FFFF) replaced
 * by U+FFFD, so a catalog title or a chart label holding them still gives a file every SVG reader opens.
 */
export function escapeXml(text: string): string {
  return text
    .replace(FORBIDDEN_IN_XML, '\uFFFD')
    .replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

const FORBIDDEN_IN_XML =
  // control characters are what this pattern is about
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
