import type { Collection, Core } from 'cytoscape';
import { DETAIL_ZOOM } from './detailZoom';

/**
 * The most pixels an exported PNG may have: those of 8,000 × 8,000 (a 256 MB bitmap while it is
 * drawn and encoded). A cap on the area rather than on each side lets a wide catalog (the graph
 * is laid out left to right) be drawn large enough for its labels.
 */
export const PNG_MAX_PIXELS = 8000 * 8000;
/** The longest side of an exported PNG (Chromium's canvas takes up to 32,767). */
export const PNG_MAX_SIDE = 16_384;
/**
 * The longest side of a picture too small for labels even at PNG_MAX_PIXELS: more pixels would
 * only make the file bigger (a big graph's lines compress poorly).
 */
const UNLABELLED_MAX_SIDE = 8000;
/** Past this a small graph is only blown up: four times is crisp on any screen or page. */
const PNG_MAX_SCALE = 4;

/**
 * The class a big graph's style gives, while its PNG is drawn, what the level of detail gives in
 * view: arrowheads to every edge (but containments), and labels to every box, shown whatever the
 * zoom on screen (see graphStyle).
 */
export const EXPORT_DETAILED = 'export-detailed';

/**
 * The scale of a PNG of the whole graph (`box`: its bounding box at zoom 1): as large as the caps
 * allow when that makes labels legible (an 11 px label at least 7 px tall, as on screen), else at
 * most UNLABELLED_MAX_SIDE a side.
 */
export function exportScale(box: { w: number; h: number }): number {
  const width = Math.max(1, Math.ceil(box.w));
  const height = Math.max(1, Math.ceil(box.h));
  const largest = Math.min(
    PNG_MAX_SCALE,
    Math.sqrt(PNG_MAX_PIXELS / (width * height)),
    PNG_MAX_SIDE / width,
    PNG_MAX_SIDE / height,
  );
  if (largest >= DETAIL_ZOOM) return largest;
  return Math.min(largest, UNLABELLED_MAX_SIDE / width, UNLABELLED_MAX_SIDE / height);
}

/** An exported picture, and whether its labels are in it (legible at its scale). */
export interface PngPicture {
  /** A `data:image/png;base64,` URL. */
  data: string;
  labelled: boolean;
  /** Its size against the graph's at zoom 1. */
  scale: number;
}

export interface PngOptions {
  /** The theme's background, painted under the graph. */
  background: string;
  /** The longest data URL the host takes: a longer picture is drawn again, smaller. */
  maxChars: number;
  /**
   * For a big graph, how its elements' classes change (as the level of detail changes them: one
   * batch that, for the canvas renderer, does not sort the graph by z-order again); undefined
   * for a small graph, whose style gives every label and arrowhead.
   */
  restyle?: (elements: Collection, work: () => void) => void;
  /** A blob's `data:` URL (FileReader's, in a page). */
  dataUrl: (blob: Blob) => Promise<string>;
}

const DATA_URL_PREFIX = 'data:image/png;base64,';

/**
 * The whole graph as a PNG. A big graph's picture gets the details that the level of detail
 * gives only to what is in view on screen: every arrowhead, and every label when they are
 * legible at the picture's scale (the SVG export has them at any size). Without this the picture
 * had the graph's boxes and lines, and labels and arrowheads only where the view happened to be
 * zoomed in. The class is given for the drawing only: the screen draws as before.
 *
 * The picture is drawn at once, and encoded by the browser while the page goes on (a big graph's
 * tens of megapixels took seconds to encode, in one task, as a data URL).
 *
 * Undefined when even a picture a tenth of the size is longer than `maxChars`.
 */
export async function exportPng(cy: Core, options: PngOptions): Promise<PngPicture | undefined> {
  let scale = exportScale(cy.elements().boundingBox());
  const detail = options.restyle
    ? withDetails(cy, options.restyle, scale >= DETAIL_ZOOM)
    : (draw: () => Promise<Blob>) => draw();
  // a picture's bytes grow with its area: each new try aims at nine tenths of the limit
  for (const smallest = scale / 10; scale >= smallest;) {
    const at = scale;
    const blob = await detail(() => drawPng(cy, options.background, at));
    const chars = DATA_URL_PREFIX.length + 4 * Math.ceil(blob.size / 3);
    if (chars <= options.maxChars) {
      const data = await options.dataUrl(blob);
      return { data, labelled: scale >= DETAIL_ZOOM, scale };
    }
    scale *= Math.sqrt((0.9 * options.maxChars) / chars);
  }
  return undefined;
}

/** Runs `draw` with the export's class on every edge, and every node when `labelled`. */
function withDetails(
  cy: Core,
  restyle: (elements: Collection, work: () => void) => void,
  labelled: boolean,
) {
  const elements = cy.elements(labelled ? '*' : 'edge');
  return <T>(draw: () => T): T => {
    restyle(elements, () => elements.addClass(EXPORT_DETAILED));
    try {
      return draw();
    } finally {
      if (!cy.destroyed()) restyle(elements, () => elements.removeClass(EXPORT_DETAILED));
    }
  };
}

/** Draws the picture now; the promise is of its encoding. */
function drawPng(cy: Core, background: string, scale: number): Promise<Blob> {
  // with `scale` given, cytoscape multiplies it by the screen's pixel ratio unless a maximum size
  // is given too (which it then does not apply): the sides given are never reached
  return cy.png({
    output: 'blob-promise',
    full: true,
    bg: background,
    scale,
    maxWidth: PNG_MAX_SIDE,
    maxHeight: PNG_MAX_SIDE,
  });
}
