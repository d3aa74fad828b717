/**
 * The extension's test API (src/extension/testingApi.ts) for the host tests: what no command
 * argument may do (a connection with its secrets and no confirmation, files the test names).
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension/extension';
import type { TestingApi } from '../../src/extension/testingApi';

const EXTENSION_ID = 'puppetdb-explorer.puppetdb-explorer';

export async function testingApi(): Promise<TestingApi> {
  const api = await vscode.extensions
    .getExtension<ExtensionApi | undefined>(EXTENSION_ID)!
    .activate();
  assert.ok(api, 'the extension hands its API to its own tests only (ExtensionMode.Test)');
  return api.testing;
}

/** Add Connection with `{ connection, secrets?, auth? }`, as the form would have saved it. */
export async function addConnection(prefilled: unknown): Promise<string | undefined> {
  return (await testingApi()).addConnection(prefilled);
}
