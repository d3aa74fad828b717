/**
 * A cell's chart as a standalone SVG file (pure), for a notebook exported as Markdown: a file an
 * image tag shows in any Markdown viewer (GitHub, a wiki, VS Code's preview), where a script or a
 * link in it could not run. Every text in it is escaped, and characters XML forbids are replaced:
 * a hostile group name stays text. Fixed light colours on a white ground, so the chart reads the
 * same on a light or dark page.
 */
import { escapeXml } from '../xmlText';
import type { BarChart, SeriesChart } from './resultView';

/**
 * The charts an export draws, one `kind` each: an aggregate's bars, rows with a time column as a
 * time series (the renderer's pie is the bars' data again: the export draws the bars).
 */
export type ChartModel = { kind: 'bar'; chart: BarChart } | { kind: 'series'; chart: SeriesChart };

export function chartSvg(model: ChartModel): string {
  switch (model.kind) {
    case 'bar':
      return barChartSvg(model.chart);
    case 'series':
      return seriesChartSvg(model.chart);
    default: {
      const unknown: never = model;
      throw new Error(`No SVG for a ${String(unknown)} chart.`);
    }
  }
}

/** What the chart shows, in words: its title and the image's text alternative. */
export function chartTitle(model: ChartModel): string {
  switch (model.kind) {
    case 'bar':
      return `${model.chart.measure} by ${model.chart.groups.join(', ')}`;
    case 'series':
      return `${model.chart.measure} per ${model.chart.bucket.name} of ${model.chart.time} (UTC)`;
    default: {
      const unknown: never = model;
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
  seriesHeight: 240,
  /** One colour per line (resultView's SERIES_MAX_LINES), dark enough on white. */
  lines: ['#0a5bbd', '#1a7f37', '#8250df', '#9a6700', '#cf222e', '#bc4c00'],
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
  return svgDocument(model, height, bars);
}

/** The SVG file of a chart: its title (the image's name too) on a white ground, then `body`. */
function svgDocument(model: ChartModel, height: number, body: readonly string[]): string {
  const title = escapeXml(chartTitle(model));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${LAYOUT.width}" height="${height}" viewBox="0 0 ${LAYOUT.width} ${height}" role="img" aria-label="${title}" font-family="sans-serif" font-size="13" fill="${LAYOUT.ink}">`,
    `  <title>${title}</title>`,
    `  <rect width="${LAYOUT.width}" height="${height}" fill="#ffffff"/>`,
    `  <text x="8" y="24" font-weight="bold">${title}</text>`,
    ...body,
    `</svg>`,
    '',
  ].join('\n');
}

function seriesChartSvg(chart: SeriesChart): string {
  const model: ChartModel = { kind: 'series', chart };
  const left = 60;
  const right = LAYOUT.width - 20;
  const bottom = LAYOUT.top + LAYOUT.seriesHeight;
  const legendTop = bottom + 40;
  const height = legendTop + chart.lines.length * (LAYOUT.barHeight + LAYOUT.gap);
  const largest = Math.max(0, ...chart.points.flatMap((point) => point.values));
  const first = chart.points[0]?.at ?? 0;
  const last = chart.points.at(-1)?.at ?? first;
  const x = (at: number) =>
    left + (last > first ? ((at - first) / (last - first)) * (right - left) : 0);
  const y = (value: number) => bottom - (largest > 0 ? (value / largest) * LAYOUT.seriesHeight : 0);
  const colour = (index: number) => LAYOUT.lines[index % LAYOUT.lines.length]!;
  const lines = chart.lines.map((name, index) => {
    const points = chart.points
      .map((point) => `${x(point.at).toFixed(1)},${y(point.values[index] ?? 0).toFixed(1)}`)
      .join(' ');
    const legendY = legendTop + index * (LAYOUT.barHeight + LAYOUT.gap);
    return [
      `  <g>`,
      `    <title>${escapeXml(name)}</title>`,
      `    <polyline points="${points}" fill="none" stroke="${colour(index)}" stroke-width="2"/>`,
      `    <rect x="${left}" y="${legendY}" width="12" height="12" fill="${colour(index)}"/>`,
      `    <text x="${left + 18}" y="${legendY + 10}">${escapeXml(shortened(name))}</text>`,
      `  </g>`,
    ].join('\n');
  });
  const time = (at: number) => `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return svgDocument(model, height, [
    `  <path d="M${left},${LAYOUT.top} V${bottom} H${right}" fill="none" stroke="${LAYOUT.ink}"/>`,
    `  <text x="${left - 6}" y="${LAYOUT.top + 4}" text-anchor="end">${escapeXml(String(largest))}</text>`,
    `  <text x="${left - 6}" y="${bottom}" text-anchor="end">0</text>`,
    `  <text x="${left}" y="${bottom + 18}">${escapeXml(time(first))}</text>`,
    `  <text x="${right}" y="${bottom + 18}" text-anchor="end">${escapeXml(time(last))}</text>`,
    ...lines,
  ]);
}

function shortened(label: string): string {
  const characters = [...label];
  return characters.length > LAYOUT.labelCharacters
    ? `${characters.slice(0, LAYOUT.labelCharacters - 1).join('')}…`
    : label;
}
