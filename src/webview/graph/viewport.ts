/** A view's zoom and pan, as cytoscape's viewport. */
export interface Camera {
  zoom: number;
  pan: { x: number; y: number };
}

/** Axis-aligned box in graph coordinates. */
export interface Bounds {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** The box around boxes given by their centre and size. */
export function boundsOf(
  boxes: ReadonlyArray<{ x: number; y: number; width: number; height: number }>,
): Bounds {
  const bounds = { x1: Infinity, y1: Infinity, x2: -Infinity, y2: -Infinity };
  for (const box of boxes) {
    bounds.x1 = Math.min(bounds.x1, box.x - box.width / 2);
    bounds.y1 = Math.min(bounds.y1, box.y - box.height / 2);
    bounds.x2 = Math.max(bounds.x2, box.x + box.width / 2);
    bounds.y2 = Math.max(bounds.y2, box.y + box.height / 2);
  }
  return boxes.length > 0 ? bounds : { x1: 0, y1: 0, x2: 0, y2: 0 };
}

/**
 * The zoom and pan that show `bounds` whole and centred in a `width` × `height` viewport. Worked
 * out from the layout's own positions because cytoscape's fit() measures every element (labels
 * and edges included), which costs hundreds of milliseconds on thousands of them.
 */
export function fitViewport(
  bounds: Bounds,
  width: number,
  height: number,
  padding: number,
  zoomRange: { min: number; max: number },
): { zoom: number; pan: { x: number; y: number } } {
  const w = Math.max(1, bounds.x2 - bounds.x1);
  const h = Math.max(1, bounds.y2 - bounds.y1);
  const fitted = Math.min((width - 2 * padding) / w, (height - 2 * padding) / h);
  // small graphs are not blown up past a readable size
  const zoom = Math.min(zoomRange.max, 1.5, Math.max(zoomRange.min, fitted));
  return {
    zoom,
    pan: {
      x: width / 2 - zoom * (bounds.x1 + w / 2),
      y: height / 2 - zoom * (bounds.y1 + h / 2),
    },
  };
}

/** A camera `factor` times closer (or farther), the point `about` (on screen) staying put. */
export function zoomedAbout(
  camera: Camera,
  factor: number,
  about: { x: number; y: number },
  zoomRange: { min: number; max: number },
): Camera {
  const zoom = Math.min(zoomRange.max, Math.max(zoomRange.min, camera.zoom * factor));
  const scale = zoom / camera.zoom;
  return {
    zoom,
    pan: {
      x: about.x - (about.x - camera.pan.x) * scale,
      y: about.y - (about.y - camera.pan.y) * scale,
    },
  };
}
