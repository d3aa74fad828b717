/**
 * End to end in headless Chromium: the accessibility audit of every view, in the dark, light and
 * high-contrast themes. Each view is opened once, as a user opens it, against the real PuppetDB,
 * and audited in each theme in turn, the theme switched under the open view as a user switches it
 * (the next view starts in the theme the last one ended in, so that each theme is also the first
 * some views open in); opening a view costs several times its audit, and three openings of each
 * took most of the script's time. Each audit runs inside the view's own frame (support/a11yAudit.ts):
 * axe-core's WCAG 2.0/2.1 A and AA rules and ours (no control named by a number alone) fail the
 * run on any serious or critical violation, and a walk with the Tab key fails it on any control
 * whose focus does not show. Each violation is printed with its rule, node and (for contrast)
 * colours; moderate and minor ones are printed too, without failing. The explorer tree is VS
 * Code's own markup and is left out. A table of the findings per view and theme closes the run.
 * Screenshots: test-results/a11y-<view>-<theme>.png; look at them after a colour change.
 *
 *   node esbuild.mjs && node --import tsx test/e2e/a11y.e2e.ts [--state-dir .work/puppetdb-test]
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { httpClient, loadedFleet, testServer } from '../integration/support/puppetdb';
import { auditView, blocking, formatFindings, type A11yFindings } from './support/a11yAudit';
import { changeBase, controlRepository } from './support/controlRepository';
import {
  applyTheme,
  e2eArguments,
  hideSideBars,
  localConnection,
  openFile,
  runCommand,
  webviewFrame,
  withWorkbench,
} from './support/workbench';
import { Checks, runScript, THEMES, type Check, type ThemeName } from './support/themedChecks';

declare const window: { __pdbxGraph?: { timings: { draws: number } } };

const QUERY_FILE = 'a11y.pql';
const QUERY = [
  '# @connection Local PuppetDB',
  'facts[certname, name, value] { name in ["os", "motd_banner"] order by certname, name limit 40 }',
  '',
];

/** The nodes the views are opened on, from the sample fleet. */
interface Subjects {
  /** A node whose latest report failed, with failed, successful and skipped events. */
  failedNode: string;
  /** A node with a catalog to draw. */
  graphNode: string;
  /** A node failing since a known run (the fleet's history), to compare its runs. */
  failingSinceNode: string;
}

/** Each view's findings by theme, for the table that closes the run. */
const table = new Map<string, Map<ThemeName, A11yFindings>>();
/** The time spent auditing (axe and the Tab walk), apart from opening the views. */
let auditMs = 0;

/** The theme the workbench wears now (it opens in the first of THEMES). */
let wearing: (typeof THEMES)[number] = THEMES[0];

/**
 * Audits the view in `frame` as `view` in every theme: in the one the workbench wears, then in
 * the others, each switched to under the open view. The order runs back and forth (dark, light,
 * high contrast; then high contrast, light, dark), so that a view starts where the last ended.
 */
async function auditInEveryTheme(
  page: Page,
  folder: string,
  frame: Frame,
  view: string,
  check: Check,
  screenshots: string,
): Promise<void> {
  const order = wearing === THEMES[0] ? [...THEMES] : [...THEMES].reverse();
  for (const theme of order) {
    if (theme !== wearing) {
      await applyTheme(page, folder, theme.theme);
      wearing = theme;
    }
    // the view's page wears the theme once VS Code has given it the theme's class and colours
    await frame.locator(`body.${theme.webviewClass}`).waitFor({ timeout: 30_000 });
    await audit(page, frame, view, theme.name, check, screenshots);
  }
}

/** Audits the view in `frame` as `view`: its checks, its log lines and its screenshot. */
async function audit(
  page: Page,
  frame: Frame,
  view: string,
  theme: ThemeName,
  check: Check,
  screenshots: string,
): Promise<void> {
  // no hover on a control (nor a tooltip on the picture) where the last click left the mouse
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(screenshots, `a11y-${view}-${theme}.png`) });
  const started = performance.now();
  const findings = await auditView(page, frame);
  auditMs += performance.now() - started;
  const byTheme = table.get(view) ?? new Map<ThemeName, A11yFindings>();
  byTheme.set(theme, findings);
  table.set(view, byTheme);
  const others = findings.violations.filter((each) => !blocking(findings).includes(each));
  if (others.length > 0) {
    console.log(`  · ${theme}: ${view}: moderate or minor (not failing):`);
    console.log(formatFindings({ violations: others, focus: [], controls: 0 }, { all: true }));
  }
  await check(`${theme}: ${view}: no serious or critical axe violation`, () => {
    assert.ok(
      blocking(findings).length === 0,
      formatFindings({ ...findings, focus: [] }) || 'none',
    );
  });
  await check(
    `${theme}: ${view}: every control (${findings.controls} reached by Tab) shows its focus`,
    () => {
      assert.ok(findings.controls > 0, 'the Tab key reached no control');
      assert.ok(findings.focus.length === 0, formatFindings({ ...findings, violations: [] }));
    },
  );
}

async function openResults(page: Page): Promise<Frame> {
  await openFile(page, QUERY_FILE);
  await page
    .locator('.codelens-decoration:has-text("Run on Local PuppetDB")')
    .first()
    .waitFor({ timeout: 60_000 });
  await page.locator('.monaco-editor .view-line').nth(1).click();
  await page.keyboard.press('Control+Enter');
  const frame = await webviewFrame(page, 'results', { timeoutMs: 60_000 });
  await frame.locator('.state-done').waitFor({ timeout: 60_000 });
  // a row's nested value opens its detail: the tree below the rows is audited too
  await frame.locator('.results-grid .grid-spacer .grid-cell.nested').first().click();
  await frame.locator('.detail details').first().waitFor();
  return frame;
}

async function openGraph(page: Page, certname: string): Promise<Frame> {
  await runCommand(page, 'PuppetDB: Open Catalog Graph', [
    { asks: 'Node (certname)', answer: certname },
  ]);
  const frame = await webviewFrame(page, 'graph', { timeoutMs: 60_000 });
  await frame.waitForFunction(() => (window.__pdbxGraph?.timings.draws ?? 0) > 0, undefined, {
    timeout: 60_000,
  });
  return frame;
}

async function openEvents(page: Page, certname: string): Promise<Frame> {
  await runCommand(page, 'PuppetDB: Open Events Table', [
    { asks: 'Node (certname)', answer: certname },
    { asks: `Events of ${certname}`, answer: 'Latest report' },
  ]);
  const frame = await webviewFrame(page, 'events', {
    timeoutMs: 60_000,
    showing: '.events-grid .grid-spacer > .grid-row:not([hidden])',
  });
  await frame.locator('.page-loading[hidden]').waitFor({ state: 'attached' });
  return frame;
}

async function openReport(page: Page, certname: string): Promise<Frame> {
  await runCommand(page, 'PuppetDB: Open Report', [
    { asks: 'Node (certname)', answer: certname },
    { asks: `Report of ${certname}`, answer: '' },
  ]);
  return webviewFrame(page, 'report', { timeoutMs: 60_000, showing: '.report-fields' });
}

async function openOverview(page: Page): Promise<Frame> {
  await runCommand(page, 'PuppetDB: Open Overview');
  const frame = await webviewFrame(page, 'overview', { timeoutMs: 60_000 });
  await frame.locator('.tiles .tile-number').first().waitFor({ timeout: 60_000 });
  await frame.locator('.runs-chart g.bucket').first().waitFor({ timeout: 60_000 });
  // the flapping resources come last, from a query of their own
  await frame
    .locator('.problems', { hasText: 'Asking PuppetDB…' })
    .waitFor({ state: 'detached', timeout: 60_000 });
  // the health tiles and the runs by change follow them
  await frame
    .locator('.run-changes', { hasText: 'asking PuppetDB…' })
    .waitFor({ state: 'detached', timeout: 60_000 });
  return frame;
}

async function openRecentRuns(page: Page): Promise<Frame> {
  await runCommand(page, 'PuppetDB: Show Recent Runs');
  const frame = await webviewFrame(page, 'runs', { timeoutMs: 60_000 });
  await frame
    .locator('.runs-count')
    .filter({ hasText: /^\d+ runs?$/ })
    .waitFor({ timeout: 60_000 });
  // the Change and Last success columns fill in once PuppetDB answered
  await frame
    .locator('.runs-cell-last-success')
    .filter({ hasText: /ago|never/ })
    .first()
    .waitFor({ timeout: 60_000 });
  return frame;
}

async function openInventory(page: Page): Promise<Frame> {
  await runCommand(page, 'PuppetDB: Open Inventory');
  const frame = await webviewFrame(page, 'inventory', { timeoutMs: 60_000 });
  await frame
    .locator('.inventory-count')
    .filter({ hasText: /^\d+ nodes$/ })
    .waitFor({ timeout: 60_000 });
  return frame;
}

/** "PuppetDB: Explore Fact…" on `path`, once the chart of it is drawn. */
async function exploreFact(page: Page, path: string): Promise<Frame> {
  await runCommand(page, 'PuppetDB: Explore Fact…');
  const widget = page.locator('.quick-input-widget');
  await widget.locator('.quick-input-title', { hasText: 'Explore Fact' }).waitFor();
  await widget.locator('input').fill(path);
  await page.keyboard.press('Enter');
  const frame = await webviewFrame(page, 'factExplorer', { timeoutMs: 60_000 });
  await frame.locator('.fact-toolbar .page-title', { hasText: path }).waitFor({ timeout: 60_000 });
  await frame.locator('.distribution-chart g.mark').first().waitFor({ timeout: 60_000 });
  return frame;
}

async function exercise(
  page: Page,
  folder: string,
  subjects: Subjects,
  check: Check,
  screenshots: string,
): Promise<void> {
  const audited = (frame: Frame, view: string) =>
    auditInEveryTheme(page, folder, frame, view, check, screenshots);

  await hideSideBars(page);
  await audited(await openResults(page), 'pql-results');
  // the results open beside the query: one group again for the views after them
  await runCommand(page, 'View: Close All Editors');

  const overview = await openOverview(page);
  await audited(overview, 'overview');
  await overview.locator('.table-toggle').click();
  await overview.locator('.runs-table').waitFor();
  await audited(overview, 'overview-table');
  // (its title does not start with "Open Overview": the palette, which lists the command used
  // last first, would otherwise take it for the overview's)
  await runCommand(page, 'PuppetDB: Open Connections Overview');
  await audited(
    await webviewFrame(page, 'connectionsOverview', {
      timeoutMs: 60_000,
      showing: '.connection-row.row-loaded',
    }),
    'connections-overview',
  );

  await audited(await openRecentRuns(page), 'recent-runs');
  await audited(await openInventory(page), 'inventory');
  await audited(await exploreFact(page, 'uptime_seconds'), 'fact-explorer-bars');
  await audited(await exploreFact(page, 'os.release.major'), 'fact-explorer-pie');
  await audited(await openEvents(page, subjects.failedNode), 'events');

  const report = await openReport(page, subjects.failedNode);
  await audited(report, 'report-summary');
  for (const tab of ['Logs', 'Metrics', 'Events']) {
    await report.locator('vscode-tab-header', { hasText: tab }).click();
    const panel =
      tab === 'Logs'
        ? '.report-log-list [role="row"]'
        : tab === 'Metrics'
          ? 'vscode-collapsible'
          : '.events-grid .grid-spacer > .grid-row:not([hidden])';
    await report.locator(panel).first().waitFor({ timeout: 30_000 });
    await audited(report, `report-${tab.toLowerCase()}`);
  }
  await runCommand(page, 'PuppetDB: Why Is This Node Failing?', [
    { asks: 'Node (certname)', answer: subjects.failingSinceNode },
  ]);
  await audited(
    await webviewFrame(page, 'compareRuns', {
      timeoutMs: 60_000,
      showing: '.compare-differences-grid',
    }),
    'compare-runs',
  );

  // the workspace's working-tree change to profile::base, in the Blast Radius view
  changeBase(folder);
  await runCommand(page, 'PuppetDB: Show Blast Radius of Change…', [
    { asks: 'Which change of', answer: 'Working tree' },
  ]);
  await audited(
    await webviewFrame(page, 'blastRadius', {
      timeoutMs: 90_000,
      showing: '.blast-hunks:not([aria-busy]) .blast-hunks-grid .grid-row[aria-rowindex]',
    }),
    'blast-radius',
  );

  await audited(await openGraph(page, subjects.graphNode), 'catalog-graph');
  // the theme it opened in, for the scripts that share the workbench next
  if (wearing !== THEMES[0]) {
    await applyTheme(page, folder, THEMES[0].theme);
    wearing = THEMES[0];
  }
}

/**
 * The findings per view and theme: serious or critical rules broken (their nodes), moderate or
 * minor rules broken, controls whose focus does not show.
 */
function printTable(): void {
  const themes: ThemeName[] = ['dark', 'light', 'hc'];
  console.log(
    'accessibility findings: serious+critical rules (nodes) / moderate+minor rules / focus not visible',
  );
  console.log(`  ${'view'.padEnd(20)}${themes.map((theme) => theme.padEnd(12)).join('')}`);
  for (const [view, byTheme] of table) {
    const cells = themes.map((theme) => {
      const findings = byTheme.get(theme);
      if (!findings) return '-'.padEnd(12);
      const serious = blocking(findings);
      const nodes = serious.reduce((sum, each) => sum + each.nodes.length, 0);
      const other = findings.violations.length - serious.length;
      return `${serious.length}(${nodes})/${other}/${findings.focus.length}`.padEnd(12);
    });
    console.log(`  ${view.padEnd(20)}${cells.join('')}`);
  }
}

/** A failed node whose latest report has failed, successful and skipped events; a graph node. */
async function subjectsOf(): Promise<Subjects> {
  const client = httpClient();
  const fleet = loadedFleet();
  const active = fleet.nodes.filter((node) => !fleet.deactivated.includes(node.certname));
  // the report whose events hold the fleet's XSS payloads failed, and skipped what followed
  const hostile = (await client
    .events({ query: ['=', 'resource_title', '<img src=x onerror=alert(1)>'] })
    .first())!;
  assert.ok(hostile, 'the fleet has the hostile Notify resource');
  await client.disconnect();
  const graphNode = active.find((node) => node.catalog.resources.length > 10)!.certname;
  const failingSince = fleet.histories.find((history) => history.story === 'failingSince');
  assert.ok(failingSince, 'the fleet has a node failing since a known run');
  return { failedNode: hostile.node, graphNode, failingSinceNode: failingSince.certname };
}

async function main(): Promise<void> {
  const { screenshots } = e2eArguments();
  const checks = new Checks();
  const subjects = await subjectsOf();
  const repository = controlRepository();
  const started = performance.now();
  // one workbench; a view that does not open, or a Content Security Policy violation, fails this
  await checks.check('every view opened, with no Content Security Policy violation', () =>
    withWorkbench(
      {
        name: 'a11y',
        theme: wearing.theme,
        settings: localConnection(testServer()),
        files: { [QUERY_FILE]: QUERY.join('\n') },
        // a git repository, for the Blast Radius view
        cloneOf: repository,
        screenshots,
      },
      (run) => exercise(run.page, run.folder, subjects, checks.check, screenshots),
    ),
  );
  rmSync(join(repository, '..'), { recursive: true, force: true });
  printTable();
  console.log(
    `the audit's workbench took ${Math.round((performance.now() - started) / 1000)} s, ` +
      `${Math.round(auditMs / 1000)} s of it auditing (the rest opens the views)`,
  );
  checks.report('a11y');
}

runScript('a11y', main);
