/**
 * A fact's value distribution as a chart: a pie for a handful of values (d3-shape computes the
 * arcs), horizontal bars of the most common values and one "other" bar for more. Marks are plain
 * SVG elements coloured by CSS classes (theme variables), so the strict CSP holds; values from
 * PuppetDB are only ever set as text. Every mark is focusable (arrow keys move between them,
 * one tab stop for the chart) and says its numbers; Enter, Space or a click on a value's mark
 * lists its nodes.
 */
import { chartMarkClass } from '../common/chartPalette';
import { arc, pie, type PieArcDatum } from 'd3-shape';
import {
  chartOf,
  factValueText,
  type ChartSlice,
  type FactDistributionDto,
  type FactValue,
} from '../../shared/factExplorer';
import { moveRovingFocus } from '../common/rovingFocus';
import { svgElement } from '../common/svgElement';

/** Distinct pie colours (charts.* theme colours), "other" apart. */

export type OpenValue = (value: FactValue) => void;

export function sliceLabel(slice: ChartSlice): string {
  return slice.kind === 'value'
    ? factValueText(slice.value)
    : `other (${slice.values.toLocaleString('en-US')} values)`;
}

export function share(nodes: number, total: number): string {
  return total > 0 ? `${((nodes / total) * 100).toFixed(nodes / total < 0.01 ? 1 : 0)} %` : '';
}

function nodeCount(slice: ChartSlice): string {
  return `${slice.nodes.toLocaleString('en-US')} node${slice.nodes === 1 ? '' : 's'}`;
}

function describeSlice(slice: ChartSlice, total: number): string {
  return `${sliceLabel(slice)}: ${nodeCount(slice)} (${share(slice.nodes, total)})`;
}

/** Short enough for an axis label; the whole value is in the mark's title and label. */
function truncate(text: string, length: number): string {
  const oneLine = text.replace(/\s+/g, ' ');
  return oneLine.length > length ? `${oneLine.slice(0, length - 1)}…` : oneLine;
}

/**
 * One mark: focusable, titled (its whole value and share: the title is also its description),
 * and (for a value) opening its nodes. A mark that shows words (a bar) is named with them, as it
 * reads; a pie slice, which shows none, by its description.
 */
function mark(
  slice: ChartSlice,
  index: number,
  total: number,
  open: OpenValue,
  shownText?: string,
): SVGGElement {
  const description = describeSlice(slice, total);
  const name = shownText ?? description;
  const group = svgElement('g', {
    class: `mark ${slice.kind === 'other' ? 'other ' : ''}${chartMarkClass(index, slice.kind === 'other')}`,
    tabindex: index === 0 ? 0 : -1,
    role: slice.kind === 'value' ? 'button' : 'img',
    'aria-label': slice.kind === 'value' ? `${name}. Press Enter to list these nodes.` : name,
  });
  group.dataset.index = String(index);
  const title = svgElement('title', {});
  title.textContent = description;
  group.append(title);
  if (slice.kind === 'value') {
    const activate = () => open(slice.value);
    group.addEventListener('click', activate);
    group.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        activate();
      }
    });
  }
  return group;
}

function pieChart(slices: ChartSlice[], total: number, open: OpenValue): SVGSVGElement {
  const size = 240;
  const radius = size / 2 - 4;
  const svg = svgElement('svg', {
    viewBox: `${-size / 2} ${-size / 2} ${size} ${size}`,
    class: 'distribution-chart pie',
    role: 'group',
    'aria-label': `Nodes by value, ${slices.length} slices`,
  });
  const arcs = pie<ChartSlice>()
    .value((slice) => slice.nodes)
    .sort(null)(slices);
  const shape = arc<PieArcDatum<ChartSlice>>()
    .innerRadius(radius * 0.45)
    .outerRadius(radius);
  arcs.forEach((datum, index) => {
    const group = mark(datum.data, index, total, open);
    group.append(svgElement('path', { d: shape(datum) ?? '', class: 'slice' }));
    svg.append(group);
  });
  return svg;
}

function barChart(slices: ChartSlice[], total: number, open: OpenValue): SVGSVGElement {
  const width = 720;
  const row = 24;
  const labelWidth = 220;
  const countWidth = 130;
  const height = slices.length * row + 8;
  const max = Math.max(1, ...slices.map((slice) => slice.nodes));
  const plot = width - labelWidth - countWidth;
  const svg = svgElement('svg', {
    viewBox: `0 0 ${width} ${height}`,
    class: 'distribution-chart bars',
    role: 'group',
    'aria-label': `Nodes by value, the ${slices.length} most common`,
  });
  slices.forEach((slice, index) => {
    const y = 4 + index * row;
    const shownLabel = truncate(sliceLabel(slice), 30);
    const shownCount = `${nodeCount(slice)} · ${share(slice.nodes, total)}`;
    const group = mark(slice, index, total, open, `${shownLabel}: ${shownCount}`);
    const label = svgElement('text', {
      x: labelWidth - 8,
      y: y + row / 2 + 4,
      class: 'bar-label',
      'text-anchor': 'end',
    });
    label.textContent = shownLabel;
    const barWidth = Math.max(2, (slice.nodes / max) * plot);
    const count = svgElement('text', {
      x: labelWidth + barWidth + 6,
      y: y + row / 2 + 4,
      class: 'bar-count',
    });
    count.textContent = shownCount;
    group.append(
      svgElement('rect', { x: 0, y, width, height: row, class: 'hit' }),
      svgElement('rect', {
        x: labelWidth,
        y: y + 3,
        width: barWidth,
        height: row - 6,
        class: 'bar',
      }),
      label,
      // a space between the two texts, as they read: an SVG draws no text node of a group,
      // but the accessibility tree joins the words with it ("web01 3 nodes", not "web013 nodes")
      ' ',
      count,
    );
    svg.append(group);
  });
  return svg;
}

/** The pie's key: each slice's colour, value, count and share (the bars carry their own labels). */
function legend(slices: ChartSlice[], total: number): HTMLElement {
  const list = document.createElement('ul');
  list.className = 'legend';
  list.setAttribute('aria-hidden', 'true');
  slices.forEach((slice, index) => {
    const item = document.createElement('li');
    item.className = `legend-key ${slice.kind === 'other' ? 'other ' : ''}${chartMarkClass(index, slice.kind === 'other')}`;
    const value = document.createElement('span');
    value.className = 'legend-value';
    value.textContent = truncate(sliceLabel(slice), 60);
    const count = document.createElement('span');
    count.className = 'legend-count';
    count.textContent = `${slice.nodes.toLocaleString('en-US')} · ${share(slice.nodes, total)}`;
    item.append(value, count);
    list.append(item);
  });
  return list;
}

export function distributionChart(distribution: FactDistributionDto, open: OpenValue): HTMLElement {
  const { kind, slices } = chartOf(distribution);
  const container = document.createElement('div');
  container.className = `chart-container ${kind}`;
  container.dataset.chart = kind;
  const svg =
    kind === 'pie'
      ? pieChart(slices, distribution.nodes, open)
      : barChart(slices, distribution.nodes, open);
  // arrow keys (and Home/End) move the focus from mark to mark
  svg.addEventListener('keydown', (event) =>
    moveRovingFocus([...svg.querySelectorAll('g.mark')], event, 'both'),
  );
  container.append(svg);
  if (kind === 'pie') container.append(legend(slices, distribution.nodes));
  return container;
}
