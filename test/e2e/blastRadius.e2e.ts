/**
 * End to end in headless Chromium: "PuppetDB: Show Blast Radius of Change…" from the palette on a
 * workspace that is a git repository of the sample control repository, with a working-tree change
 * to profile::base (a changed line of the motd's declaration, and a line added between two
 * resources). The view's summary, its groups and its per-hunk counts are checked against the
 * nodes PuppetDB gives for them, read here with plain PQL; a hunk opens in the editor at its
 * lines; the same change committed on a branch, picked as a branch against its base and as a
 * commit against its parent, reaches the same nodes. Screenshots: blast-radius-<theme>.png.
 *
 *   node --import tsx test/e2e/blastRadius.e2e.ts [--state-dir .work/puppetdb-test] [--screenshots test-results]
 */
import assert from 'node:assert/strict';
import { appendFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame } from 'playwright-core';
import { httpClient, testServer } from '../integration/support/puppetdb';
import { hieraExpectations } from '../support/hieraExpectations';
import { BASE, changeBase, controlRepository, gitIn } from './support/controlRepository';
import { Checks, runScript } from './support/themedChecks';
import { e2eArguments, localConnection, runCommand, webviewFrame } from './support/workbench';

interface NodeRow {
  certname: string;
  latest_report_status: string | null;
  report_timestamp: string | null;
  latest_report_noop: boolean | null;
  latest_report_noop_pending: boolean | null;
  catalog_environment: string | null;
  report_environment: string | null;
}

/** What the view should say, from PuppetDB: the holders of profile::base and the motd's. */
async function expected() {
  const server = testServer();
  const pql = async <T>(query: string): Promise<T[]> => {
    const response = await fetch(
      `http://${server.host}:${server.httpPort}/pdb/query/v4?query=${encodeURIComponent(query)}`,
    );
    assert.ok(response.ok, `${query}: HTTP ${response.status}`);
    return (await response.json()) as T[];
  };
  const certnames = async (query: string) =>
    new Set((await pql<{ certname: string }>(query)).map((row) => row.certname));
  const holders = await certnames(
    'resources[certname] { type = "Class" and title = "Profile::Base" }',
  );
  const motd = await certnames(
    `resources[certname] { type = "File" and title = "/etc/motd" and file ~ ${JSON.stringify(`/${BASE}$`)} }`,
  );
  const cutoff = Date.now() - 2 * 3600_000;
  const nodes = (
    await pql<NodeRow>(
      'nodes[certname, latest_report_status, report_timestamp, latest_report_noop, latest_report_noop_pending, catalog_environment, report_environment] {}',
    )
  ).filter((node) => holders.has(node.certname) || motd.has(node.certname));
  // failing as the tree says: the latest run failed, reported within the last 2 hours
  const failing = nodes.filter(
    (node) =>
      node.latest_report_status === 'failed' &&
      node.report_timestamp !== null &&
      Date.parse(node.report_timestamp) > cutoff &&
      !(node.latest_report_noop && node.latest_report_noop_pending),
  ).length;
  const environments = new Set(
    nodes.map((node) => node.catalog_environment ?? node.report_environment ?? null),
  ).size;
  return { nodes: nodes.length, failing, environments, motd: motd.size, holders: holders.size };
}

/** A data file the fixture's hierarchy selects for the web role's nodes. */
const WEB_ROLE_DATA = 'data/roles/web.yaml';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

async function main(): Promise<void> {
  const { screenshots } = e2eArguments();
  const checks = new Checks();
  const server = testServer();
  const repository = controlRepository();
  const want = await expected();
  assert.ok(want.motd > 1 && want.holders >= want.motd, 'several nodes hold profile::base');
  try {
    await checks.inEveryTheme(
      { name: 'blastRadius', settings: localConnection(server), cloneOf: repository, screenshots },
      async ({ page, folder }, theme) => {
        changeBase(folder);
        await runCommand(page, 'PuppetDB: Show Blast Radius of Change…', [
          { asks: 'Which change of', answer: 'Working tree' },
        ]);
        const view = await webviewFrame(page, 'blastRadius', {
          timeoutMs: 90_000,
          // (the whole answer: a large change's first one is still counting its hunks)
          showing: '.blast-hunks:not([aria-busy]) .blast-hunks-grid .grid-row[aria-rowindex]',
        });
        await page.screenshot({ path: join(screenshots, `blast-radius-${theme.name}.png`) });
        await view.locator('.blast-hunks').scrollIntoViewIfNeeded();
        await page.screenshot({
          path: join(screenshots, `blast-radius-hunks-${theme.name}.png`),
        });
        await checks.check(
          `${theme.name}: the summary counts the nodes, failing nodes and environments PuppetDB gives`,
          async () => {
            assert.equal(
              await view.locator('.blast-summary').innerText(),
              `This change reaches ${plural(want.nodes, 'node')}, ${want.failing} failing, in ${plural(want.environments, 'environment')}.`,
            );
            assert.equal(
              await view.locator('.blast-count').innerText(),
              plural(want.nodes, 'node'),
            );
          },
        );
        await checks.check(
          `${theme.name}: the changed line counts the motd's nodes, the added line profile::base's`,
          async () => {
            const rows = await view
              .locator('.blast-hunks-grid .grid-row[aria-rowindex]')
              .allInnerTexts();
            const flat = rows.map((row) => row.replace(/\s+/g, ' ').trim());
            const hunks = flat.filter((row) => /^hunk \d+ · base\.pp /.test(row));
            assert.equal(hunks.length, 2, flat.join('\n'));
            assert.match(hunks[0]!, new RegExp(`Manifest \\S+ ${want.motd} `));
            assert.match(hunks[0]!, /resources declared on these lines/);
            assert.match(hunks[1]!, new RegExp(`Manifest \\S+ ${want.holders} `));
            assert.match(hunks[1]!, /the classes the file defines/);
          },
        );
        await checks.check(`${theme.name}: the view says what it cannot know`, async () => {
          const note = await view.locator('.blast-limits').innerText();
          assert.match(note, /no nodes in PuppetDB yet/);
          assert.match(note, /conditionals may reach more nodes/);
        });
        if (theme.name === 'dark') {
          await checks.check(
            'the nodes grid scrolls in a height of its own: it draws the rows in view, not one per node',
            async () => {
              const grid = await view.locator('.blast-nodes-grid').evaluate((element) => ({
                height: element.clientHeight,
                content: element.scrollHeight,
                drawn: element.querySelectorAll('.grid-row[aria-rowindex]:not([hidden])').length,
              }));
              assert.ok(
                grid.content > grid.height,
                `the grid is as tall as its ${want.nodes} rows (${grid.height} px, ${grid.drawn} drawn)`,
              );
            },
          );
          // a changed Hiera data file reaches the nodes whose hierarchy reads it (the workspace's
          // hiera.yaml, read here with the pure engine and every node's facts from PuppetDB)
          appendFileSync(join(folder, WEB_ROLE_DATA), 'profile::web::workers: 8\n');
          const readers = (await hieraExpectations(folder, httpClient())).readers();
          const reading = readers.get(WEB_ROLE_DATA)?.length ?? 0;
          // the nodes' sections the page adds while it still counts (a first answer's)
          await view.evaluate(`(() => {
            window.__countingSections = new WeakSet();
            new MutationObserver(() => {
              const section = document.querySelector('.blast-nodes[aria-busy]');
              if (section) window.__countingSections.add(section);
            }).observe(document.body, { childList: true, subtree: true });
          })()`);
          await view.getByRole('button', { name: 'Refresh' }).click();
          const dataRow = view.locator('.blast-hunks:not([aria-busy]) .grid-row[aria-rowindex]', {
            hasText: 'hunk 1 · web.yaml',
          });
          await dataRow.waitFor({ timeout: 60_000 });
          await checks.check(
            "the whole answer fills the first answer's grids in place (the same section, nothing left counting)",
            async () => {
              const section = view.locator('.blast-nodes');
              assert.equal(await section.getAttribute('aria-busy'), null);
              assert.ok(
                await view.evaluate(
                  `window.__countingSections.has(document.querySelector('.blast-nodes'))`,
                ),
                'the nodes section shown is the one the first answer made',
              );
              const reachedBy = await view
                .locator('.blast-nodes-grid .grid-row[aria-rowindex]')
                .first()
                .innerText();
              assert.doesNotMatch(reachedBy, /counting…/, reachedBy);
            },
          );
          await checks.check(
            "a changed data file counts the nodes its hierarchy reads it for (Hiera's readers)",
            async () => {
              assert.ok(reading > 0, `some node reads ${WEB_ROLE_DATA}`);
              const row = (await dataRow.innerText()).replace(/\s+/g, ' ');
              assert.match(row, new RegExp(` ${reading} `), row);
              assert.match(row, /Hiera hierarchy reads this file/, row);
            },
          );
          await checks.check('a hunk opens in the editor at its lines', async () => {
            await view
              .locator('.blast-hunks-grid .grid-row[aria-rowindex]', {
                hasText: 'hunk 1 · base.pp',
              })
              .locator('.link')
              .first()
              .click();
            await page
              .locator('.tabs-container .tab.active', { hasText: 'base.pp' })
              .waitFor({ timeout: 30_000 });
          });
          // the lens above the changed hunk, in the editor the hunk opened
          const lens = page.locator('.codelens-decoration', { hasText: 'this change reaches' });
          await lens.first().waitFor({ timeout: 60_000 });
          await page.screenshot({ path: join(screenshots, 'blast-radius-lens-dark.png') });
          await checks.check("the changed hunk's lens counts the motd's nodes", async () => {
            const titles = await lens.allInnerTexts();
            assert.ok(
              titles.some((title) => title.includes(`reaches ${plural(want.motd, 'node')}`)),
              titles.join(' | '),
            );
          });

          // the pickers: the same change committed on a branch `feature` forked from `main`
          const git = gitIn(folder);
          git('branch', 'main');
          git('checkout', '--quiet', '-b', 'feature');
          git(
            'commit',
            '--quiet',
            '--no-gpg-sign',
            '--message',
            'profile::base: motd 0640',
            '--',
            BASE,
          );
          const picked = async (scope: string) => {
            const view = await webviewFrame(page, 'blastRadius', {
              timeoutMs: 90_000,
              showing: `h1.page-title:has-text("${scope}")`,
            });
            return {
              frame: view,
              title: await view.locator('h1.page-title').innerText(),
              summary: await view.locator('.blast-summary').innerText(),
            };
          };
          /** The branch's page: the next change, shown in its panel (a preview), starts over in it. */
          let branchView: Frame | undefined;
          const reaches = `This change reaches ${plural(want.nodes, 'node')}, ${want.failing} failing, in ${plural(want.environments, 'environment')}.`;
          await runCommand(page, 'PuppetDB: Show Blast Radius of Change…', [
            { asks: 'Which change of', answer: 'A branch against its base' },
            { asks: 'A branch', answer: 'feature' },
          ]);
          await checks.check(
            'a branch picked is compared with the commit it forked from',
            async () => {
              // (feature forked where main, production and the clone's origin/production are:
              // the git extension names the default branch's upstream when it has one)
              const shown = await picked('..feature');
              branchView = shown.frame;
              assert.match(shown.title, /· (origin\/)?(main|production)\.\.feature$/);
              assert.equal(shown.summary, reaches);
            },
          );
          const commit = git('rev-parse', 'HEAD').trim();
          await runCommand(page, 'PuppetDB: Show Blast Radius of Change…', [
            { asks: 'Which change of', answer: 'A commit' },
            { asks: 'A commit', answer: 'profile::base: motd 0640' },
          ]);
          await checks.check(
            "a commit picked is compared with its parent, in the preview's panel by the same page started over",
            async () => {
              const shown = await picked(`${commit.slice(0, 8)}^..${commit.slice(0, 8)}`);
              assert.equal(shown.summary, reaches);
              assert.equal(branchView?.isDetached(), false, 'the page was loaded anew');
              assert.equal(
                await page.locator('.tabs-container .tab', { hasText: 'Blast Radius' }).count(),
                1,
              );
            },
          );
          // back on production, the change uncommitted again, for the next theme
          git('checkout', '--quiet', 'production');
        }
      },
    );
  } finally {
    rmSync(join(repository, '..'), { recursive: true, force: true });
  }
  checks.report('blastRadius');
}

runScript('blastRadius', main);
