/** An aggregate as horizontal bars, one per group, each labelled with its group and its number. */
import type { BarChart } from '../../shared/notebook/resultView';
import { svgElement } from '../common/svgElement';
import { chartFigure, numberText, shortLabel } from './chartData';

const BAR_HEIGHT = 22;
const LABEL_WIDTH = 220;
const CHART_WIDTH = 640;

export function barChart(chart: BarChart): HTMLElement {
  const height = chart.bars.length * BAR_HEIGHT + 8;
  const name = `${chart.measure} by ${chart.groups.join(', ')}`;
  const svg = svgElement('svg', {
    class: 'pqlbook-chart',
    role: 'img',
    'aria-label': `Bar chart: ${name}, ${chart.bars.length} bars`,
    width: CHART_WIDTH,
    height,
    viewBox: `0 0 ${CHART_WIDTH} ${height}`,
  });
  const title = svgElement('title', {});
  title.textContent = name;
  svg.append(title);
  const max = Math.max(...chart.bars.map((bar) => bar.value), 1);
  const room = CHART_WIDTH - LABEL_WIDTH - 70;
  chart.bars.forEach((bar, index) => {
    const y = index * BAR_HEIGHT + 4;
    const group = svgElement('g', {});
    const label = svgElement('text', {
      x: LABEL_WIDTH - 6,
      y: y + BAR_HEIGHT / 2,
      class: 'pqlbook-label',
    });
    label.textContent = shortLabel(bar.label);
    const tip = svgElement('title', {});
    tip.textContent = `${bar.label}: ${numberText(bar.value)}`;
    const width = Math.max(1, (Math.max(0, bar.value) / max) * room);
    const rect = svgElement('rect', {
      x: LABEL_WIDTH,
      y: y + 3,
      width,
      height: BAR_HEIGHT - 6,
      class: 'pqlbook-bar',
    });
    const value = svgElement('text', {
      x: LABEL_WIDTH + width + 6,
      y: y + BAR_HEIGHT / 2,
      class: 'pqlbook-value',
    });
    value.textContent = numberText(bar.value);
    group.append(tip, label, rect, value);
    svg.append(group);
  });
  return chartFigure([svg], {
    summary: 'Data of the bar chart',
    columns: [chart.groups.join(' · '), chart.measure],
    rows: chart.bars.map((bar) => [bar.label, numberText(bar.value)]),
  });
}
