const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element with its attributes, for the charts drawn by hand (d3-shape gives the paths). */
export function svgElement<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number>,
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  return element;
}
