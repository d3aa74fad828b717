/**
 * Big graphs' sketches, drawn off the main thread. A far view of tens of thousands of lines and
 * boxes takes a software rasterizer hundreds of milliseconds; here that time does not hold up
 * the page (cytoscape taking the elements in, the pointer, the keyboard).
 */
import { drawSketch } from './graphSketch';
import type { SketchDrawn, SketchRequest } from './sketchMessages';
import { SketchScene } from './sketchScene';

const scenes = new Map<number, { canvas: OffscreenCanvas; scene: SketchScene }>();

self.onmessage = (event: MessageEvent<SketchRequest<OffscreenCanvas>>) => {
  const message = event.data;
  switch (message.type) {
    case 'scene':
      scenes.set(message.scene, { canvas: message.canvas, scene: new SketchScene(message.parts) });
      return;
    case 'draw': {
      const held = scenes.get(message.scene);
      if (held) drawSketch(held.canvas, held.scene, message.request);
      const drawn: SketchDrawn = { type: 'drawn', scene: message.scene, draw: message.draw };
      self.postMessage(drawn);
      return;
    }
    case 'forget':
      scenes.delete(message.scene);
      return;
    default: {
      // every request is handled above (checked when it compiles)
      const unexpected: never = message;
      void unexpected;
    }
  }
};
