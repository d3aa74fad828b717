import type { SketchViewport } from './sketchScene';
import { zoomedAbout } from './viewport';

/** What the pointer does to a big graph's sketch. */
export interface SketchPointerActions {
  /** The camera the sketch is drawn with now. */
  camera(): SketchViewport;
  moveCamera(viewport: SketchViewport): void;
  /** A click at a point of the view (CSS pixels from its top left corner). */
  click(at: { x: number; y: number }): void;
  doubleClick(at: { x: number; y: number }): void;
}

/** A press that moves less than this far is a click, not a drag. */
const CLICK_SLOP_PX = 4;

/**
 * Clicks, double clicks, drags (pan) and the wheel (zoom about the pointer) on the sketch, for as
 * long as it is what is on screen (sketchView.ts). Only events on the sketch's own canvas count
 * (`onSketch`): cytoscape's layer, a sibling of it, sees none of them meanwhile. Returns what
 * unbinds it.
 */
export function bindSketchPointer(
  container: HTMLElement,
  onSketch: (target: EventTarget | null) => boolean,
  zoomRange: { min: number; max: number },
  actions: SketchPointerActions,
): () => void {
  let press:
    { id: number; x: number; y: number; pan: { x: number; y: number }; moved: boolean } | undefined;
  const at = (event: MouseEvent) => {
    const box = container.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  const down = (event: PointerEvent) => {
    if (event.button !== 0 || !onSketch(event.target)) return;
    const point = at(event);
    press = { id: event.pointerId, ...point, pan: { ...actions.camera().pan }, moved: false };
    (event.target as Element).setPointerCapture?.(event.pointerId);
  };
  const move = (event: PointerEvent) => {
    if (press?.id !== event.pointerId) return;
    const point = at(event);
    const dx = point.x - press.x;
    const dy = point.y - press.y;
    if (!press.moved && Math.hypot(dx, dy) < CLICK_SLOP_PX) return;
    press.moved = true;
    const { zoom } = actions.camera();
    actions.moveCamera({ zoom, pan: { x: press.pan.x + dx, y: press.pan.y + dy } });
  };
  const up = (event: PointerEvent) => {
    if (press?.id !== event.pointerId) return;
    const clicked = !press.moved;
    press = undefined;
    if (clicked) actions.click(at(event));
  };
  const cancel = () => (press = undefined);
  const wheel = (event: WheelEvent) => {
    if (!onSketch(event.target)) return;
    event.preventDefault();
    // a notch of a mouse wheel (100 pixels) zooms by about 1.6, as cytoscape's default does
    const pixels = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? event.deltaY * 33 : event.deltaY;
    actions.moveCamera(zoomedAbout(actions.camera(), 10 ** (-pixels / 500), at(event), zoomRange));
  };
  const doubleClick = (event: MouseEvent) => {
    if (onSketch(event.target)) actions.doubleClick(at(event));
  };
  container.addEventListener('pointerdown', down);
  container.addEventListener('pointermove', move);
  container.addEventListener('pointerup', up);
  container.addEventListener('pointercancel', cancel);
  container.addEventListener('wheel', wheel, { passive: false });
  container.addEventListener('dblclick', doubleClick);
  return () => {
    container.removeEventListener('pointerdown', down);
    container.removeEventListener('pointermove', move);
    container.removeEventListener('pointerup', up);
    container.removeEventListener('pointercancel', cancel);
    container.removeEventListener('wheel', wheel);
    container.removeEventListener('dblclick', doubleClick);
  };
}
