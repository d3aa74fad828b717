/** How many colours chartPalette.css has for a chart's marks before they come round again. */
const MARK_COLOURS = 6;

/** The class that colours the `index`-th mark of a chart, or its "others" mark. */
export function chartMarkClass(index: number, other = false): string {
  return other ? 'chart-mark-other' : `chart-mark-${index % MARK_COLOURS}`;
}
