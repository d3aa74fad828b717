/**
 * "Compare Node with Its Peers" and "Rank Nodes by Distance from Their Peers" inside a real VS Code
 * extension host, against the real PuppetDB and the sample fleet: the fleet's stray web node
 * (test/fixtures/fleet/peerOutlier.ts) is compared with the other nodes of its role, and the
 * answer is checked against what PuppetDB's own rows say, read here with plain PQL and compared
 * peer by peer (no aggregate query, no code of the extension's).
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension/extension';
import { Commands } from '../../../src/extension/ids';
import type { ComparePeersInfo, RankPeersInfo } from '../../../src/extension/peers/peersFeature';
import { PEER_OUTLIER, PEER_OUTLIER_INDEX } from '../../fixtures/fleet/peerOutlier';
import { loadedFleet, testServer } from '../../integration/support/puppetdb';
import { addConnection } from '../testingApi';
import { until } from '../until';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';
const CONNECTION = { id: 'peers-suite', name: 'Peers suite PuppetDB' };

interface ResourceRow {
  certname: string;
  type: string;
  title: string;
  parameters: Record<string, unknown>;
}

describe('Compare a node with its peers', function () {
  const server = testServer();
  const baseUrl = `http://${server.host}:${server.httpPort}`;
  const pql = async <T>(query: string): Promise<T[]> => {
    const response = await fetch(`${baseUrl}/pdb/query/v4?query=${encodeURIComponent(query)}`);
    assert.ok(response.ok, `${query}: HTTP ${response.status}`);
    return (await response.json()) as T[];
  };
  const stray = () => loadedFleet().nodes[PEER_OUTLIER_INDEX]!.certname;
  const comparePeers = (certname: string, group?: unknown) =>
    vscode.commands.executeCommand<ComparePeersInfo | undefined>(Commands.comparePeers, {
      connectionId: CONNECTION.id,
      certname,
      group,
    });
  /** The role's members and their resources, as PuppetDB holds them. */
  const roleOf = async (certname: string) => {
    const [role] = await pql<{ title: string }>(
      `resources[title] { certname = ${JSON.stringify(certname)} and type = "Class" and title ~ "^Role::" }`,
    );
    assert.ok(role, `${certname} has a role class`);
    const members = (
      await pql<{ certname: string }>(
        `resources[certname] { type = "Class" and title = ${JSON.stringify(role.title)} }`,
      )
    ).map((row) => row.certname);
    const resources = await pql<ResourceRow>(
      `resources[certname, type, title, parameters] { certname in ${JSON.stringify(members)} }`,
    );
    return { role: role.title, members, resources };
  };

  before(async () => {
    const extension = vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not installed in this extension host`);
    const api = await extension.activate();
    if (!api.services.store.get(CONNECTION.id)) {
      await addConnection({ connection: { ...CONNECTION, url: baseUrl } });
    }
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('finds the resources it has that most peers lack and the reverse, as comparing peer by peer does', async () => {
    const certname = stray();
    const { role, members, resources } = await roleOf(certname);
    const info = await comparePeers(certname);
    assert.ok(info, 'the command answered');
    assert.deepEqual(info.answer.group, { kind: 'class', title: role });
    assert.deepEqual([...info.answer.members].sort(), [...members].sort());
    const peers = members.filter((member) => member !== certname);
    assert.equal(info.answer.comparison.peers, peers.length);

    // a resource titled after its own node is the same resource on every node
    const keysOf = (node: string) =>
      new Set(
        resources
          .filter((row) => row.certname === node)
          .map((row) => `${row.type}[${row.title === node ? '@self' : row.title}]`),
      );
    const own = keysOf(certname);
    const peerKeys = peers.map(keysOf);
    const holders = (key: string) => peerKeys.filter((keys) => keys.has(key)).length;
    const extra = [...own].filter((key) => holders(key) * 2 < peers.length);
    const missing = [...new Set(peerKeys.flatMap((keys) => [...keys]))].filter(
      (key) => !own.has(key) && holders(key) * 2 > peers.length,
    );
    const shown = (ref: { type: string; title: string | undefined }) =>
      `${ref.type}[${ref.title ?? '@self'}]`;
    assert.ok(extra.length > 0 && missing.length > 0, 'the stray node has both');
    assert.deepEqual(info.answer.comparison.extraResources.map(shown).sort(), extra.sort());
    assert.deepEqual(info.answer.comparison.missingResources.map(shown).sort(), missing.sort());
    for (const item of info.answer.comparison.extraResources) {
      assert.equal(item.peersWith, holders(shown(item)));
    }
  });

  it('finds the parameter, the package version and the fact where it stands apart, with the counts PuppetDB gives', async () => {
    const certname = stray();
    const { members, resources } = await roleOf(certname);
    const peers = members.filter((member) => member !== certname);
    const info = await comparePeers(certname);
    assert.ok(info);
    const { comparison } = info.answer;

    // its service is not enabled at boot; every peer's is
    const service = resources.find(
      (row) =>
        row.certname === certname && row.type === 'Service' && row.parameters.enable === false,
    );
    assert.ok(service, 'the stray node has a service not enabled');
    const enabled = resources.filter(
      (row) =>
        peers.includes(row.certname) &&
        row.type === 'Service' &&
        row.title === service.title &&
        row.parameters.enable === true,
    ).length;
    assert.deepEqual(
      comparison.parameters.find(
        (item) => item.resource.title === service.title && item.parameter === 'enable',
      ),
      {
        resource: { type: 'Service', title: service.title },
        parameter: 'enable',
        value: 'false',
        majority: 'true',
        majorityCount: enabled,
        holders: peers.length,
      },
    );

    // an older ca-certificates than its peers'
    const versions = await pql<{ certname: string; version: string }>(
      `package_inventory[certname, version] { package_name = ${JSON.stringify(PEER_OUTLIER.package.name)} and certname in ${JSON.stringify(members)} }`,
    );
    const peerVersions = versions.filter((row) => row.certname !== certname);
    const usual = peerVersions[0]!.version;
    assert.ok(peerVersions.every((row) => row.version === usual));
    const mine = versions.filter((row) => row.certname === certname).map((row) => row.version);
    assert.deepEqual(
      comparison.packages.find((item) => item.name === PEER_OUTLIER.package.name),
      {
        name: PEER_OUTLIER.package.name,
        provider: 'apt',
        versions: mine,
        majority: usual,
        majorityCount: peerVersions.length,
        holders: peerVersions.length,
      },
    );

    // a time zone none of its peers has
    const zones = await pql<{ certname: string; value: string }>(
      `facts[certname, value] { name = "timezone" and certname in ${JSON.stringify(members)} }`,
    );
    const peerZones = zones.filter((row) => row.certname !== certname);
    assert.ok(!peerZones.some((row) => row.value === PEER_OUTLIER.timezone));
    assert.deepEqual(
      comparison.facts.find((item) => item.name === 'timezone'),
      {
        name: 'timezone',
        value: JSON.stringify(PEER_OUTLIER.timezone),
        sharedBy: 0,
        majority: JSON.stringify(peerZones[0]!.value),
        majorityCount: peerZones.filter((row) => row.value === peerZones[0]!.value).length,
      },
    );
    assert.equal(
      comparison.distance,
      comparison.extraResources.length +
        comparison.missingResources.length +
        comparison.parameters.length +
        comparison.packages.length +
        comparison.facts.length,
    );
  });

  it('shows the answer in a virtual Markdown document, every value from PuppetDB as escaped text', async () => {
    const certname = stray();
    const info = await comparePeers(certname);
    assert.ok(info);
    const document = await until('the answer document to open', () =>
      vscode.workspace.textDocuments.find((open) => open.uri.toString() === info.document),
    );
    const text = document.getText();
    const escaped = (value: string) => value.replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`);
    assert.ok(text.includes(escaped(certname)), text);
    assert.ok(text.includes(escaped(PEER_OUTLIER.timezone)), text);
    assert.equal(document.uri.scheme, 'puppetdb-peers');
    assert.equal(document.languageId, 'markdown');
  });

  it('compares with a fact value group: the nodes PuppetDB gives for that value', async () => {
    const certname = stray();
    const members = (
      await pql<{ certname: string }>(`facts[certname] { name = "role" and value = "web" }`)
    ).map((row) => row.certname);
    const info = await comparePeers(certname, { kind: 'fact', name: 'role', value: 'web' });
    assert.ok(info);
    assert.deepEqual([...info.answer.members].sort(), members.sort());
    assert.ok(info.answer.comparison.facts.some((item) => item.name === 'timezone'));
  });

  it('ranks the nodes of a role by distance, each as far as its own comparison says, the stray node among the first', async () => {
    const { role, members } = await roleOf(stray());
    const info = await vscode.commands.executeCommand<RankPeersInfo | undefined>(
      Commands.rankPeers,
      { connectionId: CONNECTION.id, group: { kind: 'class', title: role } },
    );
    assert.ok(info, 'the command answered');
    assert.equal(info.ranking.members, members.length);
    assert.deepEqual(info.ranking.nodes.map((node) => node.certname).sort(), [...members].sort());
    const distances = info.ranking.nodes.map((node) => node.distance);
    assert.deepEqual(
      distances,
      [...distances].sort((a, b) => b - a),
    );
    for (const node of info.ranking.nodes) {
      const compared = await comparePeers(node.certname, { kind: 'class', title: role });
      assert.equal(node.distance, compared?.answer.comparison.distance, node.certname);
    }
    const strayDistance = info.ranking.nodes.find((node) => node.certname === stray())!.distance;
    assert.equal(strayDistance, distances[0]);
  });

  it('a role pattern that is no regular expression stops the comparison by role; a group named still answers', async () => {
    const settings = vscode.workspace.getConfiguration('puppetdbExplorer');
    await settings.update('peers.rolePattern', '^Role::(', vscode.ConfigurationTarget.Global);
    try {
      assert.equal(await comparePeers(stray()), undefined);
      const named = await comparePeers(stray(), { kind: 'class', title: 'Role::Web' });
      assert.deepEqual(named?.answer.group, { kind: 'class', title: 'Role::Web' });
    } finally {
      await settings.update('peers.rolePattern', undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('notifications.clearAll');
    }
    assert.ok(await comparePeers(stray()), 'the default pattern answers again');
  });
});
