/**
 * A node that never sent a report has no report environment: the tree says so instead of the
 * "production" the client used to invent. The row is the one PuppetDB sends for a node that only
 * has facts (test/integration/emptyAnswers.test.ts checks that against the real server).
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { connect, Node } from '../../../src/client';
import type { TreeContext } from '../../../src/extension/tree/treeContext';
import { PuppetNodeNode } from '../../../src/extension/tree/puppetNodeNode';

const FACTS_ONLY_ROW = {
  certname: 'facts-only.example.com',
  deactivated: null,
  expired: null,
  facts_timestamp: '2026-11-23T10:00:00.000Z',
  catalog_timestamp: null,
  report_timestamp: null,
  facts_environment: 'staging',
  catalog_environment: null,
  report_environment: null,
  latest_report_hash: null,
  latest_report_status: null,
  latest_report_noop: null,
  latest_report_noop_pending: null,
  latest_report_corrective_change: null,
  latest_report_job_id: null,
  cached_catalog_status: null,
};

describe('a node with no report in the tree', () => {
  it('shows "no environment", not an invented "production"', async () => {
    const client = connect();
    const node = Node.fromJSON(client, FACTS_ONLY_ROW, {
      withStatus: true,
      withEventNumbers: false,
    });
    // the tree item of a node reads no context: it is used only when the node is expanded
    const item = await new PuppetNodeNode('env-suite', node, {} as TreeContext).toTreeItem();
    const tooltip = item.tooltip;
    assert.ok(tooltip instanceof vscode.MarkdownString);
    assert.match(tooltip.value, /\| Environment \| no environment \|/);
    assert.doesNotMatch(tooltip.value, /production/);
    await client.disconnect();
  });
});
