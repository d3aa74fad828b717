/**
 * Zoom from which a big graph shows labels and arrowheads: an 11 px label is then at least 7 px
 * tall (below that it is not legible, and the style's `min-zoomed-font-size` hides it anyway).
 * The level of detail gives them on screen from this zoom, and a PNG export from this scale.
 */
export const DETAIL_ZOOM = 0.64;
