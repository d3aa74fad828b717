/**
 * Rows over time as lines (d3-shape draws them): the count or the sum per bucket of the time
 * column, one line per group (a key names them when there are several), the first and last
 * buckets and the highest value on the axes.
 */
import { line } from 'd3-shape';
import type { SeriesChart, SeriesPoint } from '../../shared/notebook/resultView';
import { svgElement } from '../common/svgElement';
import { chartMarkClass } from '../common/chartPalette';
import { chartFigure, numberText, shortLabel } from './chartData';

const WIDTH = 640;
const HEIGHT = 220;
const MARGIN = { top: 12, right: 16, bottom: 28, left: 56 };

/** A bucket's start, in UTC, as precise as the bucket. */
export function bucketText(at: number, chart: SeriesChart): string {
  const iso = new Date(at).toISOString();
  return chart.bucket.ms < 86_400_000
    ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`
    : iso.slice(0, 10);
}

export function seriesChart(chart: SeriesChart): HTMLElement {
  const { points } = chart;
  const first = points[0]!.at;
  const last = points[points.length - 1]!.at;
  const max = Math.max(1, ...points.flatMap((point) => point.values));
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (at: number) => MARGIN.left + ((at - first) / Math.max(1, last - first)) * plotWidth;
  const y = (value: number) => MARGIN.top + plotHeight - (value / max) * plotHeight;
  const what = `${chart.measure} per ${chart.bucket.name} of ${chart.time}`;
  const svg = svgElement('svg', {
    class: 'pqlbook-chart pqlbook-series',
    role: 'img',
    'aria-label': `Time series: ${what}, ${bucketText(first, chart)} to ${bucketText(last, chart)}`,
    width: WIDTH,
    height: HEIGHT,
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
  });
  svg.append(
    svgElement('line', {
      class: 'pqlbook-axis',
      x1: MARGIN.left,
      y1: MARGIN.top + plotHeight,
      x2: WIDTH - MARGIN.right,
      y2: MARGIN.top + plotHeight,
    }),
    svgElement('line', {
      class: 'pqlbook-axis',
      x1: MARGIN.left,
      y1: MARGIN.top,
      x2: MARGIN.left,
      y2: MARGIN.top + plotHeight,
    }),
    axisText(numberText(max), MARGIN.left - 6, MARGIN.top, 'end'),
    axisText('0', MARGIN.left - 6, MARGIN.top + plotHeight, 'end'),
    axisText(bucketText(first, chart), MARGIN.left, HEIGHT - 8, 'start'),
    axisText(bucketText(last, chart), WIDTH - MARGIN.right, HEIGHT - 8, 'end'),
  );
  chart.lines.forEach((name, index) => {
    const path = line<SeriesPoint>()
      .x((point) => x(point.at))
      .y((point) => y(point.values[index]!))(points);
    const drawn = svgElement('path', {
      d: path ?? '',
      class: `pqlbook-line ${chartMarkClass(index)}`,
    });
    const tip = svgElement('title', {});
    tip.textContent = name;
    drawn.append(tip);
    svg.append(drawn);
  });
  const drawing: Node[] = [svg];
  if (chart.lines.length > 1) drawing.push(seriesKey(chart.lines));
  if (chart.skipped > 0) {
    const note = document.createElement('p');
    note.className = 'pqlbook-note';
    note.textContent = `${numberText(chart.skipped)} rows without a ${chart.time} are left out.`;
    drawing.push(note);
  }
  return chartFigure(drawing, {
    summary: 'Data of the time series',
    columns: [`${chart.bucket.name} (${chart.time})`, ...chart.lines],
    rows: points.map((point) => [bucketText(point.at, chart), ...point.values.map(numberText)]),
  });
}

function axisText(text: string, x: number, y: number, anchor: 'start' | 'end'): SVGTextElement {
  const element = svgElement('text', { x, y, class: 'pqlbook-axis-text', 'text-anchor': anchor });
  element.textContent = text;
  return element;
}

function seriesKey(lines: readonly string[]): HTMLElement {
  const key = document.createElement('ul');
  key.className = 'pqlbook-key';
  lines.forEach((name, index) => {
    const item = document.createElement('li');
    const swatch = document.createElement('span');
    swatch.className = `pqlbook-swatch ${chartMarkClass(index)}`;
    swatch.setAttribute('aria-hidden', 'true');
    const label = document.createElement('span');
    label.textContent = shortLabel(name, 48);
    label.title = name;
    item.append(swatch, label);
    key.append(item);
  });
  return key;
}
