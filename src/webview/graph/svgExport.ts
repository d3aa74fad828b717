import type { Core, NodeSingular } from 'cytoscape';
import { escapeXml } from '../../shared/xmlText';
import { typeColourIndex, type Palette } from './palette';

/**
 * The drawn graph as a standalone SVG (no dependency needed): each node a rounded box with its
 * label, each edge a straight line from box edge to box edge, styled like the canvas. Labels are
 * escaped: they are catalog data.
 */
export function toSvg(cy: Core, palette: Palette): string {
  const pad = 20;
  const box = { x1: Infinity, y1: Infinity, x2: -Infinity, y2: -Infinity };
  const nodes = cy.nodes().map((node) => {
    const { x, y } = node.position();
    const width = Number(node.data('width'));
    const height = Number(node.data('height'));
    box.x1 = Math.min(box.x1, x - width / 2);
    box.y1 = Math.min(box.y1, y - height / 2);
    box.x2 = Math.max(box.x2, x + width / 2);
    box.y2 = Math.max(box.y2, y + height / 2);
    return { node, x, y, width, height };
  });
  if (nodes.length === 0) Object.assign(box, { x1: 0, y1: 0, x2: 0, y2: 0 });
  const diffColour = (element: { hasClass(name: string): boolean }) =>
    (['added', 'removed', 'changed'] as const).find((state) => element.hasClass(state));
  const parts: string[] = [];
  for (const edge of cy.edges()) {
    const from = edgeEnd(edge.source(), edge.target().position());
    const to = edgeEnd(edge.target(), edge.source().position());
    const state = diffColour(edge);
    const colour = state ? palette[state] : palette.muted;
    const attributes = [
      `x1="${round(from.x)}" y1="${round(from.y)}" x2="${round(to.x)}" y2="${round(to.y)}"`,
      `stroke="${attr(colour)}" stroke-width="1.25"`,
      edge.hasClass('refresh') ? 'stroke-dasharray="6 3"' : '',
      edge.hasClass('contains') ? 'stroke-opacity="0.3"' : 'marker-end="url(#arrow)"',
    ];
    parts.push(`<line ${attributes.filter(Boolean).join(' ')}/>`);
  }
  for (const { node, x, y, width, height } of nodes) {
    const state = diffColour(node);
    const stroke = state
      ? palette[state]
      : palette.types[typeColourIndex(String(node.data('type')))];
    parts.push(
      `<rect x="${round(x - width / 2)}" y="${round(y - height / 2)}" width="${width}" height="${height}" rx="5" fill="${attr(palette.nodeBackground)}" stroke="${attr(stroke ?? palette.muted)}" stroke-width="1.5"${state === 'removed' ? ' stroke-dasharray="4 2"' : ''}/>`,
      `<text x="${round(x)}" y="${round(y + 4)}" text-anchor="middle" font-family="sans-serif" font-size="11" fill="${attr(palette.foreground)}">${escapeXml(String(node.data('label')))}</text>`,
    );
  }
  const width = round(box.x2 - box.x1 + 2 * pad);
  const height = round(box.y2 - box.y1 + 2 * pad);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${round(box.x1 - pad)} ${round(box.y1 - pad)} ${width} ${height}" width="${width}" height="${height}">`,
    `<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto"><path d="M 0 0 L 10 5 L 0 10 z" fill="${attr(palette.muted)}"/></marker></defs>`,
    `<rect x="${round(box.x1 - pad)}" y="${round(box.y1 - pad)}" width="${width}" height="${height}" fill="${attr(palette.background)}"/>`,
    ...parts,
    '</svg>',
  ].join('\n');
}

/** Where the line from a node's centre towards `towards` leaves the node's box. */
function edgeEnd(node: NodeSingular, towards: { x: number; y: number }): { x: number; y: number } {
  const { x, y } = node.position();
  const halfWidth = Number(node.data('width')) / 2;
  const halfHeight = Number(node.data('height')) / 2;
  const dx = towards.x - x;
  const dy = towards.y - y;
  if (dx === 0 && dy === 0) return { x, y };
  const scale = Math.min(
    dx === 0 ? Infinity : halfWidth / Math.abs(dx),
    dy === 0 ? Infinity : halfHeight / Math.abs(dy),
  );
  return { x: x + dx * Math.min(1, scale), y: y + dy * Math.min(1, scale) };
}

const round = (value: number) => Math.round(value * 10) / 10;

/** Colours come from CSS variables; keep them from breaking out of the attribute. */
const attr = (value: string) => escapeXml(value);
