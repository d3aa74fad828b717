import type { Look, SketchDraw, SketchScene } from './sketchScene';

/** What a sketch is drawn with: where it is on screen or, in a worker, an OffscreenCanvas. */
type SketchContext = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/**
 * Draws a scene on a plain 2D canvas (on the page or offscreen) the size of its box, one canvas
 * pixel per CSS pixel as the cytoscape drawing it stands in for (pixelRatio: 1).
 */
export function drawSketch(
  canvas: HTMLCanvasElement | OffscreenCanvas,
  scene: SketchScene,
  { palette, viewport, size, marks, lines, near, labels, fontFamily }: SketchDraw,
): void {
  const width = Math.max(1, Math.round(size.width));
  const height = Math.max(1, Math.round(size.height));
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const context = canvas.getContext('2d', { alpha: false }) as SketchContext | null;
  if (!context) return;
  const batches = scene.batches(palette, viewport, { width, height }, marks, {
    lines,
    near,
    labels,
  });
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.globalAlpha = 1;
  context.fillStyle = palette.background;
  context.fillRect(0, 0, width, height);
  const { zoom, pan } = viewport;
  context.setTransform(zoom, 0, 0, zoom, pan.x, pan.y);
  for (const { look, coordinates } of batches.lines) {
    const path = new Path2D();
    for (let i = 0; i < coordinates.length; i += 4) {
      path.moveTo(coordinates[i]!, coordinates[i + 1]!);
      path.lineTo(coordinates[i + 2]!, coordinates[i + 3]!);
    }
    stroke(context, look, path, zoom);
  }
  // arrowheads are filled, undashed, with their line's colour and opacity (as cytoscape's)
  for (const { look, coordinates } of batches.arrows) {
    const path = new Path2D();
    for (let i = 0; i < coordinates.length; i += 6) {
      path.moveTo(coordinates[i]!, coordinates[i + 1]!);
      path.lineTo(coordinates[i + 2]!, coordinates[i + 3]!);
      path.lineTo(coordinates[i + 4]!, coordinates[i + 5]!);
      path.closePath();
    }
    context.globalAlpha = look.alpha;
    context.fillStyle = look.colour;
    context.fill(path);
  }
  // boxes over the lines, as cytoscape draws them; a rectangle call per box costs a software
  // rasterizer a third of one path of thousands of rectangles
  for (const { look, coordinates } of batches.boxes) {
    const strokeAlpha = setStroke(context, look, zoom);
    context.fillStyle = look.fill ?? palette.nodeBackground;
    for (let i = 0; i < coordinates.length; i += 4) {
      const x = coordinates[i]!;
      const y = coordinates[i + 1]!;
      const w = coordinates[i + 2]!;
      const h = coordinates[i + 3]!;
      if (strokeAlpha === look.alpha) {
        context.fillRect(x, y, w, h);
        context.strokeRect(x, y, w, h);
        continue;
      }
      // a faded dash: fill and stroke differ in alpha
      context.globalAlpha = look.alpha;
      context.fillRect(x, y, w, h);
      context.globalAlpha = strokeAlpha;
      context.strokeRect(x, y, w, h);
    }
  }
  context.globalAlpha = 1;
  // labels over their boxes, centred, in graph units (they grow with the zoom, as cytoscape's)
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  for (const batch of batches.labels) {
    context.font = `${batch.bold ? 'bold ' : ''}${LABEL_FONT_SIZE}px ${fontFamily}`;
    context.fillStyle = batch.colour;
    for (const { text, x, y } of batch.labels) context.fillText(text, x, y);
  }
}

/** graphStyle's `font-size` of a label, in graph units. */
const LABEL_FONT_SIZE = 11;

/** Dashes shorter than this on screen are drawn as a solid line of the same average ink. */
const SMALLEST_DASH_PX = 4;

function stroke(context: SketchContext, look: Look, path: Path2D, zoom: number): void {
  setStroke(context, look, zoom);
  context.stroke(path);
}

/** Sets up the context to stroke a look; returns the alpha the stroke is drawn with. */
function setStroke(context: SketchContext, look: Look, zoom: number): number {
  const period = look.dash.reduce((sum, length) => sum + length, 0);
  // a dash pattern of a pixel or two cannot be seen, yet rasterizing it costs several times the
  // line: far out, a dashed line is a fainter solid one
  const blurred = period > 0 && period * zoom < SMALLEST_DASH_PX;
  const ink = blurred
    ? look.dash.filter((_, index) => index % 2 === 0).reduce((a, b) => a + b, 0) / period
    : 1;
  context.globalAlpha = look.alpha * ink;
  context.strokeStyle = look.colour;
  context.lineWidth = look.width;
  context.setLineDash(blurred ? [] : look.dash);
  return look.alpha * ink;
}
