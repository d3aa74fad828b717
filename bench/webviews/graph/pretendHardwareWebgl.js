/* global WebGL2RenderingContext */
// For the catalog graph bench's WebGL rows: WebGL in headless Chromium runs in software
// (SwiftShader), which the view does not use; this page says it is a GPU so that the view draws
// with cytoscape's WebGL renderer anyway, to measure it.
const UNMASKED_RENDERER_WEBGL = 0x9246;
const getParameter = WebGL2RenderingContext.prototype.getParameter;
WebGL2RenderingContext.prototype.getParameter = function (name) {
  if (name === UNMASKED_RENDERER_WEBGL || name === this.RENDERER) return 'bench GPU';
  return getParameter.call(this, name);
};
