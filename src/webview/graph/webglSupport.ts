/**
 * Whether this webview should draw big graphs with cytoscape's WebGL renderer: WebGL 2 is there
 * and runs on a GPU. VS Code runs with the GPU off often enough (`--disable-gpu`, remote
 * desktops, some Linux drivers) that the canvas renderer stays the fallback; Chromium then still
 * offers WebGL, in software (SwiftShader), where the benchmark (bench/webviews/graph.ts) measured
 * it several times slower than the canvas renderer, so a software WebGL counts as none.
 * Probed once per page; the probe's context is released at once (a page gets only a few).
 */
let available: boolean | undefined;

/** Renderer names of WebGL implementations that draw on the CPU. */
const SOFTWARE = /swiftshader|llvmpipe|softpipe|software|basic render driver/i;

export function webglAvailable(): boolean {
  if (available === undefined) {
    let context: WebGL2RenderingContext | null = null;
    try {
      context = document.createElement('canvas').getContext('webgl2', {
        failIfMajorPerformanceCaveat: true,
      });
    } catch {
      context = null;
    }
    available = context !== null && !context.isContextLost() && !SOFTWARE.test(rendererOf(context));
    releaseContext(context);
  }
  return available;
}

/** The GPU's name as WebGL reports it ('' where the browser hides it). */
function rendererOf(context: WebGL2RenderingContext): string {
  const info = context.getExtension('WEBGL_debug_renderer_info');
  const name: unknown = context.getParameter(
    info ? info.UNMASKED_RENDERER_WEBGL : context.RENDERER,
  );
  return typeof name === 'string' ? name : '';
}

/** Frees a WebGL context now rather than when its canvas is garbage collected. */
function releaseContext(context: WebGL2RenderingContext | null): void {
  context?.getExtension('WEBGL_lose_context')?.loseContext();
}

/** Releases the WebGL context of a cytoscape drawing being discarded (under `root`). */
export function releaseWebglCanvases(root: HTMLElement): void {
  // cytoscape marks its WebGL layer; getContext with the type a canvas has returns its context
  for (const canvas of root.querySelectorAll<HTMLCanvasElement>('canvas[data-id$="-webgl"]')) {
    releaseContext(canvas.getContext('webgl2'));
  }
}
