/**
 * Runs over time as stacked bars: d3-shape stacks the counts, the bars are plain SVG elements
 * whose colours come from CSS classes (theme variables), so nothing here needs an inline style
 * and the strict CSP holds. Every bar is focusable (arrow keys move between them) and says its
 * numbers; the same numbers are in the data table one toggle away. A bar (click, Enter or Space)
 * or a table row opens the runs it counts; a status segment or count, that status's only.
 */
import { stack } from 'd3-shape';
import {
  RUN_STATUSES,
  bucketLabel,
  type RunStatusKey,
  type RunsBucket,
  type RunsRange,
} from '../../shared/overview';
import { moveRovingFocus } from '../common/rovingFocus';
import { svgElement } from '../common/svgElement';
import { tableWithHead } from '../common/page/pageSection';

const WIDTH = 720;
const HEIGHT = 200;
const MARGIN = { top: 8, right: 8, bottom: 22, left: 40 };

/** Opens the runs of one bucket, of one status or all. */
export type OpenRuns = (bucket: string, status?: RunStatusKey) => void;

export function bucketDescription(range: RunsRange, bucket: RunsBucket): string {
  const when = range === 'hours' ? `${bucket.key}:00 UTC` : bucket.key;
  const parts = RUN_STATUSES.map((status) => `${bucket.counts[status]} ${status}`);
  return `${when}: ${parts.join(', ')}`;
}

export function runsChart(
  range: RunsRange,
  buckets: RunsBucket[],
  openRuns: OpenRuns,
): SVGSVGElement {
  const series = stack<RunsBucket, RunStatusKey>()
    .keys(RUN_STATUSES)
    .value((bucket, key) => bucket.counts[key])(buckets);
  const max = Math.max(
    1,
    ...buckets.map((bucket) => RUN_STATUSES.reduce((sum, key) => sum + bucket.counts[key], 0)),
  );
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const step = plotWidth / Math.max(1, buckets.length);
  const y = (value: number) => MARGIN.top + plotHeight - (value / max) * plotHeight;

  const svg = svgElement('svg', {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    class: 'runs-chart',
    role: 'group',
    'aria-label': `Puppet runs per ${range === 'hours' ? 'hour, last 24 hours' : 'day, last 8 days'}, stacked by status`,
  });
  // the axis: 0 and the largest total, and a label under every bucket (every 3rd hour)
  for (const value of [0, max]) {
    const label = svgElement('text', {
      x: MARGIN.left - 6,
      y: y(value) + 4,
      class: 'axis-label',
      'text-anchor': 'end',
    });
    label.textContent = String(value);
    svg.append(
      label,
      svgElement('line', {
        x1: MARGIN.left,
        x2: WIDTH - MARGIN.right,
        y1: y(value),
        y2: y(value),
        class: 'grid-line',
      }),
    );
  }
  buckets.forEach((bucket, index) => {
    const group = svgElement('g', {
      class: 'bucket',
      tabindex: index === buckets.length - 1 ? 0 : -1,
      role: 'img',
      'aria-label': bucketDescription(range, bucket),
    });
    const title = svgElement('title', {});
    title.textContent = `${bucketDescription(range, bucket)} (click: its runs)`;
    group.append(title);
    const x = MARGIN.left + index * step + step * 0.15;
    // a transparent hit area over the whole column, under the segments: the focus ring, and a
    // click beside the segments opens every run of the bucket
    group.append(
      svgElement('rect', {
        x: x - step * 0.1,
        width: step * 0.9,
        y: MARGIN.top,
        height: plotHeight,
        class: 'hit',
      }),
    );
    for (const layer of series) {
      const [low, high] = layer[index]!;
      if (high - low <= 0) continue;
      group.append(
        svgElement('rect', {
          x,
          width: step * 0.7,
          y: y(high),
          height: Math.max(1, y(low) - y(high)),
          class: `bar status-${layer.key}`,
          'data-status': layer.key,
        }),
      );
    }
    group.addEventListener('click', (event) => {
      const status = (event.target as Element).getAttribute('data-status') as RunStatusKey | null;
      openRuns(bucket.key, status ?? undefined);
    });
    group.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      openRuns(bucket.key);
    });
    if (range === 'days' || index % 3 === buckets.length % 3 || index === buckets.length - 1) {
      const label = svgElement('text', {
        x: x + step * 0.35,
        y: HEIGHT - 6,
        class: 'axis-label',
        'text-anchor': 'middle',
      });
      label.textContent = bucketLabel(range, bucket.key);
      svg.append(label);
    }
    svg.append(group);
  });
  // Left/Right (and Home/End) move the focus from bar to bar; one tab stop for the whole chart
  svg.addEventListener('keydown', (event) =>
    moveRovingFocus([...svg.querySelectorAll('g.bucket')], event, 'horizontal'),
  );
  return svg;
}

/** The chart's numbers as a table (the toggle shows it instead of the chart). */
export function runsTable(
  range: RunsRange,
  buckets: RunsBucket[],
  openRuns: OpenRuns,
): HTMLTableElement {
  const { table, body } = tableWithHead('data-table runs-table', [
    range === 'hours' ? 'Hour' : 'Day',
    ...RUN_STATUSES,
    'total',
  ]);
  const caption = document.createElement('caption');
  caption.textContent =
    range === 'hours' ? 'Runs per hour (UTC), last 24 hours' : 'Runs per day (UTC), last 8 days';
  for (const bucket of buckets) {
    const row = body.insertRow();
    const when = document.createElement('th');
    when.scope = 'row';
    const label = range === 'hours' ? `${bucket.key}:00` : bucket.key;
    when.append(
      linkButton(label, `Runs of ${label} UTC`, `Open the runs of ${label} UTC`, () =>
        openRuns(bucket.key),
      ),
    );
    row.append(when);
    let total = 0;
    for (const status of RUN_STATUSES) {
      const count = bucket.counts[status];
      total += count;
      const cell = row.insertCell();
      if (count === 0) cell.textContent = '0';
      else {
        const runs = `${count} ${status} run${count === 1 ? '' : 's'} of ${label} UTC`;
        cell.append(
          linkButton(String(count), runs, `Open the ${runs}`, () => openRuns(bucket.key, status)),
        );
      }
    }
    row.insertCell().textContent = String(total);
  }
  table.prepend(caption);
  return table;
}

/**
 * A button that reads as a link in a table cell (the row's runs, or one status's), named by what
 * it opens: its text alone is an hour or a number.
 */
function linkButton(
  text: string,
  name: string,
  title: string,
  onClick: () => void,
): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'link-button';
  button.textContent = text;
  button.setAttribute('aria-label', name);
  button.title = title;
  button.addEventListener('click', onClick);
  return button;
}
