/**
 * An aggregate of counts as a pie (d3-shape computes the arcs), its key beside it: each slice's
 * colour, group, number and share. Slices are coloured by class (theme colours).
 */
import { arc, pie, type PieArcDatum } from 'd3-shape';
import type { PieChart, PieSlice } from '../../shared/notebook/resultView';
import { svgElement } from '../common/svgElement';
import { chartMarkClass } from '../common/chartPalette';
import { chartFigure, numberText, shareText, shortLabel } from './chartData';

const SIZE = 220;
/** Distinct slice colours; the "others" slice has its own. */

const sliceClass = (slice: PieSlice, index: number) =>
  chartMarkClass(index, slice.others !== undefined);

export function pieChart(chart: PieChart): HTMLElement {
  const name = `${chart.measure} by ${chart.groups.join(', ')}`;
  const radius = SIZE / 2 - 4;
  const svg = svgElement('svg', {
    class: 'pqlbook-chart pqlbook-pie',
    role: 'img',
    'aria-label': `Pie chart: ${name}, ${chart.slices.length} slices`,
    width: SIZE,
    height: SIZE,
    viewBox: `${-SIZE / 2} ${-SIZE / 2} ${SIZE} ${SIZE}`,
  });
  const arcs = pie<PieSlice>()
    .value((slice) => slice.value)
    .sort(null)(chart.slices);
  const shape = arc<PieArcDatum<PieSlice>>()
    .innerRadius(radius * 0.45)
    .outerRadius(radius);
  arcs.forEach((datum, index) => {
    const path = svgElement('path', {
      d: shape(datum) ?? '',
      class: sliceClass(datum.data, index),
    });
    const tip = svgElement('title', {});
    tip.textContent = describe(datum.data);
    path.append(tip);
    svg.append(path);
  });
  const key = document.createElement('ul');
  key.className = 'pqlbook-key';
  chart.slices.forEach((slice, index) => {
    const item = document.createElement('li');
    const swatch = document.createElement('span');
    swatch.className = `pqlbook-swatch ${sliceClass(slice, index)}`;
    swatch.setAttribute('aria-hidden', 'true');
    const label = document.createElement('span');
    label.textContent = shortLabel(slice.label, 48);
    label.title = slice.label;
    const value = document.createElement('span');
    value.className = 'pqlbook-key-value';
    value.textContent = `${numberText(slice.value)} · ${shareText(slice.share)}`;
    item.append(swatch, label, ' ', value);
    key.append(item);
  });
  const drawing = document.createElement('div');
  drawing.className = 'pqlbook-pie-drawing';
  drawing.append(svg, key);
  return chartFigure([drawing], {
    summary: 'Data of the pie chart',
    columns: [chart.groups.join(' · '), chart.measure, 'share'],
    rows: chart.slices.map((slice) => [
      slice.label,
      numberText(slice.value),
      shareText(slice.share),
    ]),
  });
}

function describe(slice: PieSlice): string {
  return `${slice.label}: ${numberText(slice.value)} (${shareText(slice.share)})`;
}
