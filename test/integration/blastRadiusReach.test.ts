/**
 * The blast radius' requests (blastRadius/fleetReach.ts) against the real PuppetDB: the reached
 * nodes' status and role are the same whether they are named in the request (a few nodes) or
 * asked of the whole fleet and kept here (many nodes: PuppetDB's time for a long certname list
 * grows with its length, see `CERTNAME_LIST_MAX`).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  askWholeFleet,
  fleetReach,
  MANIFEST_PATHS_QUERY,
  type ReachCounters,
  type ReachInput,
} from '../../src/extension/blastRadius/fleetReach';
import type { ChangedFile } from '../../src/shared/blastRadius/assemble';
import { httpClient } from './support/puppetdb';

const BASE = 'site-modules/profile/manifests/base.pp';

describe('the blast radius asked of the real PuppetDB', () => {
  const client = httpClient();

  async function input(): Promise<ReachInput> {
    const paths = (await client
      .stream('resources', { query: MANIFEST_PATHS_QUERY, method: 'POST' })
      .toArray()) as Array<{ file: string }>;
    const lines = (await client
      .stream('resources', {
        query: [
          'extract',
          ['line'],
          ['~', 'file', '/profile/manifests/base\\.pp$'],
          ['group_by', 'line'],
        ],
        method: 'POST',
      })
      .toArray()) as Array<{ line: number }>;
    assert.ok(lines.length > 0, "the fleet's catalogs declare resources in profile's base.pp");
    const file: ChangedFile = {
      path: BASE,
      kind: 'manifest',
      hunks: [],
      touchedLines: [lines.map((row) => row.line)],
      definitions: ['Profile::Base'],
    };
    return {
      files: [file],
      localPaths: new Map([[BASE, `/repo/${BASE}`]]),
      branch: undefined,
      pathMappings: {},
      workspaceFolders: ['/repo'],
      unreportedHours: 2,
      manifestPaths: Promise.resolve(paths.map((row) => row.file)),
    };
  }

  test('many reached nodes asked of the whole fleet answer as the same nodes named', async () => {
    const named: ReachCounters = { requests: 0 };
    const byName = await fleetReach(client, await input(), named);
    const whole = await fleetReach(client, { ...(await input()), certnameListMax: 0 });
    assert.ok(byName.nodes.size > 1, `reached ${byName.nodes.size} nodes`);
    assert.deepEqual(
      [...whole.nodes].sort(([a], [b]) => (a < b ? -1 : 1)),
      [...byName.nodes].sort(([a], [b]) => (a < b ? -1 : 1)),
    );
    assert.ok(
      [...byName.nodes.values()].some((node) => node.roleClass !== null),
      'some reached node has a role class',
    );
    assert.equal(named.requests, 3, 'resources on the lines, then nodes and roles side by side');
  });

  test('the whole fleet asked before the change is read answers as if asked by the first answer, and is not asked again', async () => {
    const itself: ReachCounters = { requests: 0 };
    const onFirst = () => {};
    const asked = await fleetReach(client, { ...(await input()), onFirst }, itself);
    const early: ReachCounters = { requests: 0 };
    const wholeFleet = askWholeFleet(client, { unreportedHours: 2 }, early);
    const given: ReachCounters = { requests: 0 };
    const answered = await fleetReach(client, { ...(await input()), onFirst, wholeFleet }, given);
    assert.ok(asked.nodes.size > 1, `reached ${asked.nodes.size} nodes`);
    assert.deepEqual(
      [...answered.nodes].sort(([a], [b]) => (a < b ? -1 : 1)),
      [...asked.nodes].sort(([a], [b]) => (a < b ? -1 : 1)),
    );
    assert.deepEqual(answered.resources, asked.resources);
    assert.equal(early.requests, 2, 'nodes and roles');
    assert.equal(given.requests, itself.requests - 2, 'no nodes or roles asked again');
  });

  test("a Puppetfile's changed module reaches the nodes holding its classes and types", async () => {
    const puppetfile: ChangedFile = {
      path: 'Puppetfile',
      kind: 'puppetfile',
      hunks: [],
      touchedLines: [[]],
      definitions: [],
      modules: [['profile']],
    };
    const answers = await fleetReach(client, { ...(await input()), files: [puppetfile] });
    // computed here apart: every class and every resource, filtered by name on this side
    const resources = (await client
      .stream('resources', {
        query: ['extract', ['certname', 'type', 'title'], ['=', 'exported', false]],
        method: 'POST',
      })
      .toArray()) as Array<{ certname: string; type: string; title: string }>;
    const expected = new Set(
      resources
        .filter((row) => (row.type === 'Class' ? row.title : row.type).split('::')[0] === 'Profile')
        .map((row) => row.certname),
    );
    assert.ok(expected.size > 1, `${expected.size} nodes hold a class of profile`);
    assert.deepEqual(
      [...(answers.moduleHolders?.get('profile') ?? [])].sort(),
      [...expected].sort(),
    );
  });
});
