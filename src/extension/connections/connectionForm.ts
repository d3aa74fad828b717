import { existsSync } from 'node:fs';
import * as vscode from 'vscode';
import type { ConnectionSettings } from '../settings';
import type { SecretKind } from './connectionStore';

export interface ConnectionFormResult {
  connection: ConnectionSettings;
  secrets: Partial<Record<SecretKind, string>>;
}

type Auth = 'none' | 'certificate' | 'token' | 'basic';

/** Asks, step by step, for what a connection needs; undefined when the user cancels. */
export async function connectionForm(
  existing?: ConnectionSettings,
): Promise<ConnectionFormResult | undefined> {
  const url = await vscode.window.showInputBox({
    title: 'PuppetDB URL',
    prompt: 'Where PuppetDB answers, e.g. https://puppetdb.example.com:8081',
    value: existing?.url ?? 'http://localhost:8080',
    ignoreFocusOut: true,
    validateInput: (value) => {
      try {
        const parsed = new URL(value);
        return parsed.protocol === 'http:' || parsed.protocol === 'https:'
          ? undefined
          : 'Use http:// or https://';
      } catch {
        return 'Not a URL';
      }
    },
  });
  if (!url) return undefined;
  const name = await vscode.window.showInputBox({
    title: 'Connection name',
    value: existing?.name ?? new URL(url).hostname,
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() ? undefined : 'A name is needed'),
  });
  if (!name) return undefined;
  const connection: ConnectionSettings = {
    ...existing,
    id: existing?.id ?? newId(),
    name: name.trim(),
    url,
  };
  const secrets: Partial<Record<SecretKind, string>> = {};
  if (url.startsWith('https:')) {
    const ca = await pathInput(
      'CA certificate (PEM) that signed the server certificate; empty for the system CAs',
      existing?.caFile,
    );
    if (ca === undefined) return undefined;
    connection.caFile = ca || undefined;
    const verify = await vscode.window.showQuickPick(
      ['Verify the server certificate (recommended)', 'Do not verify'],
      {
        title: 'Server certificate',
        ignoreFocusOut: true,
      },
    );
    if (!verify) return undefined;
    connection.verifyTls = verify.startsWith('Verify');
  }
  const auth = await vscode.window.showQuickPick(
    [
      { label: 'None', auth: 'none' as Auth },
      {
        label: 'Client certificate',
        description: 'cert + key files (PuppetDB over HTTPS)',
        auth: 'certificate' as Auth,
      },
      {
        label: 'Token',
        description: 'Puppet Enterprise RBAC token, kept in the OS keychain',
        auth: 'token' as Auth,
      },
      {
        label: 'User name and password',
        description: 'HTTP basic authentication through a proxy',
        auth: 'basic' as Auth,
      },
    ],
    { title: 'Authentication', ignoreFocusOut: true },
  );
  if (!auth) return undefined;
  if (auth.auth === 'certificate') {
    const cert = await pathInput('Client certificate (PEM)', existing?.certFile, true);
    const key = cert && (await pathInput('Client private key (PEM)', existing?.keyFile, true));
    if (!cert || !key) return undefined;
    Object.assign(connection, { certFile: cert, keyFile: key });
  }
  if (auth.auth === 'token') {
    const token = await vscode.window.showInputBox({
      title: 'Token',
      password: true,
      ignoreFocusOut: true,
    });
    if (!token) return undefined;
    secrets.token = token;
  }
  if (auth.auth === 'basic') {
    const username = await vscode.window.showInputBox({
      title: 'User name',
      value: existing?.username,
      ignoreFocusOut: true,
    });
    const password =
      username &&
      (await vscode.window.showInputBox({
        title: 'Password',
        password: true,
        ignoreFocusOut: true,
      }));
    if (!username || password === undefined) return undefined;
    connection.username = username;
    secrets.password = password;
  }
  return { connection, secrets };
}

async function pathInput(
  title: string,
  value: string | undefined,
  required = false,
): Promise<string | undefined> {
  return vscode.window.showInputBox({
    title,
    value: value ?? '',
    ignoreFocusOut: true,
    validateInput: (input) => {
      if (!input) return required ? 'A file is needed' : undefined;
      return existsSync(input) ? undefined : `${input} does not exist`;
    },
  });
}

function newId(): string {
  return `pdb-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
