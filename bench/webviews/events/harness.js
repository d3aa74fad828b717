/* global window, document, requestAnimationFrame */
// Runs in the benchmark page, beside the real events bundle: generates events, posts them the way
// the host does, drives the table like a user and times each step to the frame after it painted.
'use strict';

const longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    longTasks.push({ at: entry.startTime, ms: entry.duration });
  }
}).observe({ type: 'longtask', buffered: true });

const STATUSES = ['success', 'success', 'success', 'noop', 'failure', 'skipped'];
const TYPES = ['File', 'Package', 'Service', 'Exec', 'User', 'Notify'];
const CLASSES = ['Main', 'Profile::Web', 'Profile::Db', 'Role::App', null];

function generate(count) {
  const start = Date.UTC(2024, 0, 1);
  const events = new Array(count);
  for (let index = 0; index < count; index++) {
    const type = TYPES[index % TYPES.length];
    events[index] = {
      certname: `node${String(index % 400).padStart(3, '0')}.example.com`,
      status: STATUSES[(index * 7) % STATUSES.length],
      timestamp: new Date(start + ((index * 7919) % count) * 1000).toISOString(),
      resourceType: type,
      resourceTitle: `/srv/app/file-${index % 5000}`,
      property: index % 5 === 0 ? null : 'content',
      oldValue: `{md5}${(index * 31) % 9973}`,
      newValue: `{md5}${(index * 17) % 9973}`,
      message: `content changed '{md5}${(index * 31) % 9973}' to '{md5}${(index * 17) % 9973}' (${index})`,
      containingClass: CLASSES[index % CLASSES.length],
      file: `/etc/puppetlabs/code/environments/production/modules/m${index % 50}/manifests/init.pp`,
      line: (index % 300) + 1,
      reportHash: `hash${index % 1000}`,
    };
  }
  return events;
}

/** Resolves after the next frame has painted (a task queued from rAF runs after the paint). */
function afterPaint() {
  return new Promise((resolve) =>
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)),
  );
}

async function until(condition, timeoutMs = 20000) {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error('timed out waiting for the table');
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}

/**
 * The baseline a keystroke is measured against: each event's columns as the table searches them
 * (src/shared/eventTableColumns.ts cellText), lower-cased ahead of time (not timed), and a plain
 * Array.filter over them per keystroke, as the table did before its text index.
 */
let baseline;
function baselineTexts(count) {
  if (baseline && baseline.count === count) return baseline.texts;
  const texts = generate(count).map((event) => {
    const change =
      event.oldValue === null && event.newValue === null
        ? ''
        : `${event.oldValue ?? ''} → ${event.newValue ?? ''}`;
    const location = !event.file
      ? ''
      : event.line === null
        ? event.file
        : `${event.file}:${event.line}`;
    return [
      event.status,
      event.timestamp,
      `${event.resourceType}[${event.resourceTitle}]`,
      event.property ?? '',
      change,
      event.message ?? '',
      event.containingClass ?? '',
      location,
    ]
      .join('\n')
      .toLowerCase();
  });
  baseline = { count, texts };
  return texts;
}

function baselineFilter(text, count) {
  const texts = baselineTexts(count);
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  const started = performance.now();
  const matched = texts.filter((haystack) => words.every((word) => haystack.includes(word))).length;
  return { ms: performance.now() - started, matched };
}

const shownText = (matched, count) =>
  matched === count
    ? 'all shown'
    : `${matched.toLocaleString()} of ${count.toLocaleString()} shown`;

const visibleRows = () =>
  document.querySelectorAll('.events-grid .grid-spacer > .grid-row:not([hidden])');
const longestSince = (start) =>
  longTasks.filter((task) => task.at >= start).reduce((max, task) => Math.max(max, task.ms), 0);

window.bench = {
  async firstPaint(count) {
    const events = generate(count);
    const started = performance.now();
    window.postMessage(
      { type: 'events', title: 'Benchmark', certname: undefined, events, complete: true },
      '*',
    );
    await until(() => visibleRows().length > 0);
    const painted = await afterPaint();
    return {
      ms: painted - started,
      rows: visibleRows().length,
      longestTaskMs: longestSince(started),
    };
  },

  /**
   * As the host sends a large load: the first batch as `events` (complete: false), the rest as
   * `moreEvents`, one message per task. Times the first rows on screen and the whole load.
   */
  /**
   * What cloning a message of `count` events costs: both ends of postMessage run in this page,
   * while in VS Code the host serializes the message, in another process.
   */
  cloneCost(count) {
    const events = generate(count);
    const started = performance.now();
    structuredClone(events);
    return { ms: performance.now() - started };
  },

  async streamed(count, batchSize) {
    window.postMessage({ type: 'loading', title: 'Benchmark' }, '*');
    await afterPaint();
    const events = generate(count);
    const total = () => document.querySelector('.events-summary-total').textContent;
    const started = performance.now();
    window.postMessage(
      {
        type: 'events',
        title: 'Benchmark',
        certname: undefined,
        events: events.slice(0, batchSize),
        complete: false,
      },
      '*',
    );
    await until(() => visibleRows().length > 0);
    const firstRows = (await afterPaint()) - started;
    for (let start = batchSize; start < count; start += batchSize) {
      const complete = start + batchSize >= count;
      window.postMessage(
        { type: 'moreEvents', events: events.slice(start, start + batchSize), complete },
        '*',
      );
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const expected = `${count.toLocaleString()} events`;
    await until(() => total() === expected);
    const allLoaded = (await afterPaint()) - started;
    return { firstRowsMs: firstRows, allLoadedMs: allLoaded, longestTaskMs: longestSince(started) };
  },

  async sort(column) {
    const header = document.querySelector(
      `.events-grid .grid-header-cell[data-column="${column}"]`,
    );
    const before = header.getAttribute('aria-sort');
    const started = performance.now();
    header.querySelector('button').click();
    await until(() => header.getAttribute('aria-sort') !== before);
    const painted = await afterPaint();
    return {
      ms: painted - started,
      order: header.getAttribute('aria-sort'),
      longestTaskMs: longestSince(started),
    };
  },

  async filter(text) {
    const field = document.querySelector('.events-text-filter');
    const shown = () => document.querySelector('.events-summary-shown').textContent;
    const before = shown();
    const started = performance.now();
    field.value = text;
    field.dispatchEvent(new Event('input'));
    await until(() => shown() !== before);
    const painted = await afterPaint();
    return { ms: painted - started, shown: shown(), longestTaskMs: longestSince(started) };
  },

  /** The baseline scan of one filter text (see baselineFilter). */
  baselineFilter(text, count) {
    return baselineFilter(text, count);
  },

  /**
   * Types `text` into the filter a character at a time; each keystroke is timed to the frame
   * that painted its result (checked against the baseline's count), beside the baseline scan.
   */
  async type(text, count) {
    const field = document.querySelector('.events-text-filter');
    const shown = () => document.querySelector('.events-summary-shown').textContent;
    const keys = [];
    for (let end = 1; end <= text.length; end++) {
      const prefix = text.slice(0, end);
      const base = baselineFilter(prefix, count);
      const expected = shownText(base.matched, count);
      // an idle frame (nothing to do but paint): the floor of any keystroke's time to paint
      const idleStart = performance.now();
      const idleFrameMs = (await afterPaint()) - idleStart;
      const started = performance.now();
      field.value = prefix;
      field.dispatchEvent(new Event('input'));
      let painted = await afterPaint();
      if (shown() !== expected) {
        await until(() => shown() === expected);
        painted = await afterPaint();
      }
      keys.push({
        text: prefix,
        ms: painted - started,
        longestTaskMs: longestSince(started),
        baselineMs: base.ms,
        idleFrameMs,
        shown: expected,
      });
    }
    return keys;
  },

  async toggleStatus(status) {
    const toggle = document.querySelector(`.events-status-toggle[data-status="${status}"]`);
    const shown = () => document.querySelector('.events-summary-shown').textContent;
    const before = shown();
    const started = performance.now();
    toggle.checked = !toggle.checked;
    toggle.dispatchEvent(new Event('change'));
    await until(() => shown() !== before);
    const painted = await afterPaint();
    return { ms: painted - started, shown: shown() };
  },

  /** Scrolls `frames` frames, `step` pixels each, and returns the time between frames. */
  async scroll(frames, step) {
    const viewport = document.querySelector('.events-grid');
    const started = performance.now();
    const deltas = [];
    let last = await new Promise((resolve) => requestAnimationFrame(resolve));
    for (let frame = 0; frame < frames; frame++) {
      viewport.scrollTop += step;
      const now = await new Promise((resolve) => requestAnimationFrame(resolve));
      deltas.push(now - last);
      last = now;
    }
    deltas.sort((a, b) => a - b);
    const first = visibleRows()[0];
    return {
      frames,
      meanMs: deltas.reduce((sum, value) => sum + value, 0) / deltas.length,
      p95Ms: deltas[Math.floor(deltas.length * 0.95)],
      maxMs: deltas[deltas.length - 1],
      scrollTop: viewport.scrollTop,
      rowsInDom: document.querySelectorAll('.events-grid .grid-spacer > .grid-row').length,
      someRowText: first ? first.textContent.slice(0, 60) : '',
      longestTaskMs: longestSince(started),
    };
  },
};
