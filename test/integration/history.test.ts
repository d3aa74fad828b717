/**
 * A node's history against the real PuppetDB: the sample fleet's run histories as stored (the
 * commit ids of the repository the loader built, what PuppetDB keeps of `corrective_change`),
 * and the history service's answers (failing since, what differs, the comparison of two runs)
 * against the runs and events read here with plain PQL, apart from the service's queries. The
 * requests the service makes are counted by a proxy in front of the server.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { connect, type PuppetDB } from '../../src/client';
import { compareReports } from '../../src/extension/history/compareReports';
import {
  lastSuccessfulRun,
  runsUnchangedWithErrors,
} from '../../src/extension/history/healthQueries';
import { resourceFailingSince } from '../../src/extension/history/resourceFailingSince';
import { walkFailingSince, whyFailing } from '../../src/extension/history/whyFailing';
import { failingSince } from '../../src/shared/history';
import {
  FACT_ERROR,
  FIRST_BAD_RUN,
  MIRROR_ERROR,
  type HistoryStory,
} from '../fixtures/fleet/history';
import { startFaultProxy, type FaultProxy } from '../support/faultProxy';
import { loadedFleet, testServer } from './support/puppetdb';

const server = testServer();
const baseUrl = `http://${server.host}:${server.httpPort}`;

/** A PQL query sent as it is, with fetch: nothing of the client or the service in between. */
async function pql<T>(query: string): Promise<T[]> {
  const response = await fetch(`${baseUrl}/pdb/query/v4?query=${encodeURIComponent(query)}`);
  if (!response.ok) throw new Error(`${query}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T[];
}

const quoted = (text: string) => JSON.stringify(text);

function story(name: HistoryStory) {
  const found = loadedFleet().histories.find((history) => history.story === name);
  assert.ok(found, `the loaded fleet has no ${name} history (loaded without one?)`);
  return found;
}

interface RawRun {
  hash: string;
  status: string;
  end_time: string;
  configuration_version: string;
}

/** Every run of a node, newest first. */
function runsOf(certname: string): Promise<RawRun[]> {
  return pql<RawRun>(
    `reports[hash, status, end_time, configuration_version] { certname = ${quoted(certname)} order by end_time desc }`,
  );
}

interface RawMetric {
  category: string;
  name: string;
  value: number;
}

interface RawEvent {
  resource_type: string;
  resource_title: string;
  status: string;
  message: string;
}

function eventsOf(hash: string): Promise<RawEvent[]> {
  return pql<RawEvent>(
    `events[resource_type, resource_title, status, message] { report = ${quoted(hash)} }`,
  );
}

describe('run histories against the real PuppetDB', () => {
  let proxy: FaultProxy;
  let client: PuppetDB;
  before(async () => {
    proxy = await startFaultProxy({ target: { host: server.host, port: server.httpPort } });
    client = connect({ host: proxy.host, port: proxy.port, timeout: 60 });
  });
  after(async () => {
    await client.disconnect();
    await proxy.close();
  });
  const requestsDuring = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
    const before = proxy.requests.length;
    const result = await work();
    return [result, proxy.requests.length - before];
  };

  test("the state dir names the history repository: its commits are the runs' versions", () => {
    const env = readFileSync(join(server.stateDir, 'env'), 'utf8');
    const repository = /^PDB_HISTORY_REPO=(.+)$/m.exec(env)?.[1];
    assert.ok(repository, 'PDB_HISTORY_REPO in the env file');
    const commits = execFileSync('git', ['rev-list', '--reverse', 'HEAD'], {
      cwd: repository,
      encoding: 'utf8',
    })
      .trim()
      .split('\n');
    assert.deepEqual(commits, loadedFleet().commits);
  });

  test('PuppetDB keeps every run of each history, and the latest run is the fleet one', async () => {
    const fleet = loadedFleet();
    for (const history of fleet.histories) {
      const runs = await runsOf(history.certname);
      assert.equal(runs.length, history.reports.length + 1, history.story);
      const node = fleet.nodes.find((candidate) => candidate.certname === history.certname)!;
      assert.equal(Date.parse(runs[0]!.end_time), Date.parse(node.report.end_time));
      assert.deepEqual(
        runs.slice(1).map((run) => run.configuration_version),
        history.reports.map((report) => report.configuration_version).reverse(),
      );
    }
  });

  test('corrective_change: PuppetDB 7 stores null whatever a report and its events said; the metric stays', async () => {
    const { certname, reports } = story('corrective');
    const sent = reports.map((report) => report.corrective_change);
    assert.ok(sent.includes(true) && sent.includes(false) && sent.includes(null));
    const stored = await pql<{ corrective_change: unknown; metrics: { data: RawMetric[] } }>(
      `reports[corrective_change, metrics, end_time] { certname = ${quoted(certname)} order by end_time }`,
    );
    assert.deepEqual(
      stored.map((report) => report.corrective_change),
      [...sent, false].map(() => null),
    );
    const events = await pql<{ corrective_change: unknown }>(
      `events[corrective_change] { certname = ${quoted(certname)} }`,
    );
    assert.ok(events.length > 0);
    assert.ok(events.every((event) => event.corrective_change === null));
    // the agent's own count of corrective changes is kept with the metrics
    const correctiveMetric = (metrics: RawMetric[]) =>
      metrics.find(
        (metric) => metric.category === 'resources' && metric.name === 'corrective_change',
      )?.value;
    assert.deepEqual(
      stored.slice(0, -1).map((report) => correctiveMetric(report.metrics.data)),
      reports.map((report) => correctiveMetric(report.metrics as RawMetric[])),
    );
    assert.ok(stored.some((report) => (correctiveMetric(report.metrics.data) ?? 0) > 0));
  });

  test('corrective_change left out of an event: PuppetDB 7 discards the whole report', async () => {
    const [base] = story('corrective').reports.filter(
      (report) => report.corrective_change === true,
    );
    const certname = `corrective-absent-${process.pid}.example.com`;
    const payload = structuredClone({ ...base!, certname });
    for (const resource of payload.resources) {
      for (const event of resource.events) {
        delete (event as { corrective_change?: unknown }).corrective_change;
      }
    }
    const search = new URLSearchParams({
      command: 'store_report',
      version: '8',
      certname,
      secondsToWaitForCompletion: '5',
    });
    const response = await fetch(`${baseUrl}/pdb/cmd/v1?${search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    const answer = (await response.json()) as { processed?: boolean };
    assert.notEqual(answer.processed, true);
    const discard = join(server.stateDir, 'var', 'stockpile', 'discard');
    let error = '';
    for (let attempt = 0; attempt < 600 && !error; attempt++) {
      const file = readdirSync(discard, { withFileTypes: true })
        .map((entry) => entry.name)
        .find((name) => name.includes(certname) && name.endsWith('_err.txt'));
      if (file) error = readFileSync(join(discard, file), 'utf8');
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.match(error, /corrective_change missing-required-key/);
    assert.deepEqual(await runsOf(certname), []);
  });

  test('failing since: the first bad run, the last good one and the bad runs since, a page at a time', async () => {
    const { certname, reports } = story('failingSince');
    const runs = await runsOf(certname);
    const streak = runs.findIndex((run) => run.status !== 'failed');
    // the fixture's story, as PuppetDB keeps it
    assert.equal(streak, reports.length - FIRST_BAD_RUN + 1);
    const pageSize = 3;
    const [walked, requests] = await requestsDuring(() =>
      walkFailingSince(client, certname, { pageSize }),
    );
    const answer = failingSince(walked.state);
    assert.equal(answer.failing, true);
    assert.deepEqual(
      answer.badRuns.map((run) => run.hash),
      runs.slice(0, streak).map((run) => run.hash),
    );
    assert.equal(answer.firstBad!.hash, runs[streak - 1]!.hash);
    assert.equal(answer.lastGood!.hash, runs[streak]!.hash);
    // one request per page, and no page past the one holding the last good run
    assert.equal(requests, Math.ceil((streak + 1) / pageSize));
    assert.equal(walked.requests, requests);
  });

  test('what differs: the commit, the resources that started failing, the new error lines', async () => {
    const { certname } = story('failingSince');
    const fleet = loadedFleet();
    const [result, requests] = await requestsDuring(() => whyFailing(client, certname));
    const { firstBad, lastGood } = result.answer;
    assert.ok(firstBad && lastGood);
    // one page of summaries, then both runs' events and logs in one request
    assert.equal(requests, 2);
    const byField = new Map(result.changes.map((change) => [change.field, change]));
    assert.deepEqual(byField.get('configurationVersion'), {
      field: 'configurationVersion',
      before: fleet.commits[3],
      after: fleet.commits[5],
    });
    assert.ok(byField.has('codeId') && byField.has('catalogUuid'));
    assert.ok(!byField.has('environment') && !byField.has('puppetVersion'));
    // the resources failing or skipped in the bad run and not in the good one, read here
    const failing = (events: RawEvent[]) =>
      new Set(
        events
          .filter((event) => event.status === 'failure' || event.status === 'skipped')
          .map((event) => `${event.resource_type}[${event.resource_title}]`),
      );
    const before = failing(await eventsOf(lastGood.hash));
    const expected = [...failing(await eventsOf(firstBad.hash))].filter((key) => !before.has(key));
    assert.ok(expected.length > 0);
    assert.deepEqual(result.newFailures.map((failure) => failure.resource).sort(), expected.sort());
    const failed = result.newFailures.find((failure) => !failure.skipped)!;
    assert.match(failed.messages[0]!, /returned 100/);
    assert.ok(result.newLogLines.some((line) => line.message === MIRROR_ERROR));
    assert.ok(result.newLogLines.every((line) => line.level === 'err' || line.level === 'warning'));
  });

  test("a failing resource: the runs where that resource's events failed, as PuppetDB's events say", async () => {
    const { certname } = story('failingSince');
    const runs = await runsOf(certname);
    const [failure] = await pql<RawEvent>(
      `events[resource_type, resource_title, status, message] { certname = ${quoted(certname)} and latest_report? = true and status = "failure" }`,
    );
    assert.ok(failure, 'the latest run has a failed resource');
    const resource = { type: failure.resource_type, title: failure.resource_title };
    const failedIn = new Set(
      (
        await pql<{ report: string }>(
          `events[report] { certname = ${quoted(certname)} and resource_type = ${quoted(resource.type)} and resource_title = ${quoted(resource.title)} and status = "failure" }`,
        )
      ).map((row) => row.report),
    );
    const streak = runs.findIndex((run) => !failedIn.has(run.hash));
    const pageSize = 4;
    const [{ answer, requests }, sent] = await requestsDuring(() =>
      resourceFailingSince(client, certname, resource, { pageSize }),
    );
    assert.equal(answer.firstBad?.hash, runs[streak - 1]!.hash);
    assert.equal(answer.lastGood?.hash, runs[streak]!.hash);
    assert.equal(answer.badRuns.length, streak);
    // per page: its summaries, then the resource's failed events among them
    assert.equal(sent, 2 * Math.ceil((streak + 1) / pageSize));
    assert.equal(requests, sent);
  });

  test('a node whose latest run did not fail is not failing, after one request', async () => {
    const { certname } = story('fixed');
    const [result, requests] = await requestsDuring(() => whyFailing(client, certname));
    assert.equal(result.answer.failing, false);
    assert.equal(requests, 1);
  });

  test('compare two runs: resources failed, changed, skipped in one and not the other, as the events say', async () => {
    const runs = await runsOf(story('fixed').certname);
    const failed = runs.find((run) => run.status === 'failed')!;
    const fix = runs[runs.indexOf(failed) - 1]!;
    const [comparison, requests] = await requestsDuring(() =>
      compareReports(client, failed.hash, fix.hash),
    );
    assert.equal(requests, 1);
    const [eventsA, eventsB] = [await eventsOf(failed.hash), await eventsOf(fix.hash)];
    const keys = (events: RawEvent[], status: string) =>
      events
        .filter((event) => event.status === status)
        .map((event) => `${event.resource_type}[${event.resource_title}]`)
        .sort();
    assert.deepEqual(comparison.resources.failed.onlyInA, keys(eventsA, 'failure'));
    assert.deepEqual(comparison.resources.skipped.onlyInA, keys(eventsA, 'skipped'));
    assert.deepEqual(
      comparison.resources.changed.onlyInB,
      keys(eventsB, 'success').filter((key) => !keys(eventsA, 'success').includes(key)),
    );
    assert.ok(comparison.time.at(-1)?.name === 'total');
  });

  test('the last successful run: the newest run that did not fail, in one request', async () => {
    for (const name of ['failingSince', 'fixed'] as const) {
      const runs = await runsOf(story(name).certname);
      const expected = runs.find((run) => run.status !== 'failed');
      const [run, requests] = await requestsDuring(() =>
        lastSuccessfulRun(client, story(name).certname),
      );
      assert.equal(run?.hash, expected?.hash, name);
      assert.equal(requests, 1);
    }
  });

  test('unchanged with errors: the runs that did not fail but logged an error, as their logs say', async () => {
    const { certname, reports } = story('unchangedWithErrors');
    const logged = await pql<{
      hash: string;
      status: string;
      logs: { data: Array<{ level: string; message: string }> };
    }>(
      `reports[hash, status, logs, end_time] { certname = ${quoted(certname)} order by end_time desc }`,
    );
    const expected = logged
      .filter((run) => run.status !== 'failed' && run.logs.data.some((log) => log.level === 'err'))
      .map((run) => run.hash);
    // the fixture's story: its unchanged runs that logged the fact's error, its latest run too
    const latest = loadedFleet().nodes.find((node) => node.certname === certname)!.report;
    assert.equal(
      expected.length,
      [...reports, latest].filter((report) => report.logs.some((log) => log.message === FACT_ERROR))
        .length,
    );
    const [runs, requests] = await requestsDuring(() =>
      runsUnchangedWithErrors(client, certname, 100),
    );
    assert.deepEqual(
      runs.map((run) => run.hash),
      expected,
    );
    assert.ok(runs.every((run) => run.status === 'unchanged'));
    assert.equal(requests, 1);
  });

  test('a cancelled walk stops before it asks', async () => {
    const [outcome, requests] = await requestsDuring(() =>
      walkFailingSince(client, story('failingSince').certname, {
        signal: AbortSignal.abort(),
      }).then(
        () => 'answered',
        (error: unknown) => (error as Error).name,
      ),
    );
    assert.equal(outcome, 'AbortError');
    assert.equal(requests, 0);
  });
});
