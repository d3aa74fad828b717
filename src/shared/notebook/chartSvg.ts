/**
 * A cell's chart as a standalone SVG file (pure), for a notebook exported as Markdown: a file an
 * image tag shows in any Markdown viewer (GitHub, a wiki, VS Code's preview), where a script or a
 * link in it could not run. Every text in it is escaped, and characters XML forbids are replaced:
 * a hostile group name stays text. Fixed light colours on a white ground, so the chart reads the
 * same on a light or dark page.
 */
import { escapeXml } from '../xmlText';
import type { BarChart } from './resultView';

/** The charts an export draws, one `kind` each (a pie or time series is a case more). */
export type ChartModel = { kind: 'bar'; chart: BarChart };

export function chartSvg(model: ChartModel): string {
  switch (model.kind) {
    case 'bar':
      return barChartSvg(model.chart);
    default: {
      const unknown: never = model.kind;
      throw new Error(`No SVG for a ${String(unknown)} chart.`);
    }
  }
}

/** What the chart shows, in words: its title and the image's text alternative. */
export function chartTitle(model: ChartModel): string {
  switch (model.kind) {
    case 'bar':
      return `${model.chart.measure} by ${model.chart.groups.join(', ')}`;
    default: {
      const unknown: never = model.kind;
      throw new Error(`No title for a ${String(unknown)} chart.`);
    }
  }
}

/** The drawing's measures (px) and colours: dark ink and bars on the white ground it brings. */
const LAYOUT = {
  width: 720,
  labelWidth: 260,
  valueWidth: 80,
  barHeight: 20,
  gap: 6,
  top: 40,
  labelCharacters: 36,
  ink: '#1f2328',
  bar: '#0a5bbd',
} as const;

function barChartSvg(chart: BarChart): string {
  const model: ChartModel = { kind: 'bar', chart };
  const height = LAYOUT.top + chart.bars.length * (LAYOUT.barHeight + LAYOUT.gap) + LAYOUT.gap;
  const largest = Math.max(...chart.bars.map((bar) => bar.value), 0);
  const span = LAYOUT.width - LAYOUT.labelWidth - LAYOUT.valueWidth - 20;
  const bars = chart.bars.map((bar, index) => {
    const y = LAYOUT.top + index * (LAYOUT.barHeight + LAYOUT.gap);
    const length = largest > 0 ? Math.max(0, (bar.value / largest) * span) : 0;
    const middle = y + LAYOUT.barHeight / 2;
    return [
      `  <g>`,
      `    <title>${escapeXml(`${bar.label}: ${bar.value}`)}</title>`,
      `    <text x="${LAYOUT.labelWidth - 8}" y="${middle}" text-anchor="end" dominant-baseline="middle">${escapeXml(shortened(bar.label))}</text>`,
      `    <rect x="${LAYOUT.labelWidth}" y="${y}" width="${length.toFixed(1)}" height="${LAYOUT.barHeight}" fill="${LAYOUT.bar}"/>`,
      `    <text x="${(LAYOUT.labelWidth + length + 6).toFixed(1)}" y="${middle}" dominant-baseline="middle">${escapeXml(String(bar.value))}</text>`,
      `  </g>`,
    ].join('\n');
  });
  const title = escapeXml(chartTitle(model));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${LAYOUT.width}" height="${height}" viewBox="0 0 ${LAYOUT.width} ${height}" role="img" aria-label="${escapeXml(chartTitle(model))}" font-family="sans-serif" font-size="13" fill="${LAYOUT.ink}">`,
    `  <title>${title}</title>`,
    `  <rect width="${LAYOUT.width}" height="${height}" fill="#ffffff"/>`,
    `  <text x="8" y="24" font-weight="bold">${title}</text>`,
    ...bars,
    `</svg>`,
    '',
  ].join('\n');
}

function shortened(label: string): string {
  const characters = [...label];
  return characters.length > LAYOUT.labelCharacters
    ? `${characters.slice(0, LAYOUT.labelCharacters - 1).join('')}…`
    : label;
}
