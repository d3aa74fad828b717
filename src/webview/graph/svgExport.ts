import type { Core } from 'cytoscape';
import type { Palette } from './graphStyle';

/** The drawn graph as a standalone SVG: rectangles, labels and arrows at their positions. */
export function toSvg(cy: Core, palette: Palette): string {
  const box = cy.elements().boundingBox({});
  const pad = 20;
  const parts: string[] = [];
  const escape = (text: string) =>
    text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
  for (const edge of cy.edges(':visible')) {
    const source = edge.source().position();
    const target = edge.target().position();
    const dashed = edge.hasClass('refresh') ? ' stroke-dasharray="6 3"' : '';
    const opacity = edge.hasClass('contains') ? ' stroke-opacity="0.25"' : '';
    const arrow = edge.hasClass('contains') ? '' : ' marker-end="url(#arrow)"';
    parts.push(
      `<line x1="${source.x}" y1="${source.y}" x2="${target.x}" y2="${target.y}" stroke="${palette.muted}" stroke-width="1.5"${dashed}${opacity}${arrow}/>`,
    );
  }
  for (const node of cy.nodes(':visible')) {
    const { x, y } = node.position();
    const width = Number(node.data('width'));
    const height = Number(node.data('height'));
    parts.push(
      `<rect x="${x - width / 2}" y="${y - height / 2}" width="${width}" height="${height}" rx="6" fill="${palette.background}" stroke="${String(node.data('colour'))}" stroke-width="2"/>`,
      `<text x="${x}" y="${y + 4}" text-anchor="middle" font-family="sans-serif" font-size="11" fill="${palette.foreground}">${escape(String(node.data('label')))}</text>`,
    );
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${box.x1 - pad} ${box.y1 - pad} ${box.w + 2 * pad} ${box.h + 2 * pad}" width="${box.w + 2 * pad}" height="${box.h + 2 * pad}">`,
    `<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="${palette.muted}"/></marker></defs>`,
    `<rect x="${box.x1 - pad}" y="${box.y1 - pad}" width="${box.w + 2 * pad}" height="${box.h + 2 * pad}" fill="${palette.background}"/>`,
    ...parts,
    '</svg>',
  ].join('\n');
}
