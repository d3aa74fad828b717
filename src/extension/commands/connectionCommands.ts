/**
 * The checks behind Add Connection's argument and Import Connections: every way a connection gets
 * in passes the URL check and asks before a secret goes over plain HTTP. A command argument never
 * chooses a server or a file without the user's say: Add Connection's asks in a modal naming
 * them, Import Connections takes none (the test API names files: see testingApi.ts).
 */
import * as vscode from 'vscode';
import { carriedSecrets, type ConnectionFormResult } from '../connections/connectionChange';
import { confirmCommandConnection } from '../connections/confirmCommandConnection';
import type { StoredSecrets } from '../connections/connectionForm';
import type { ConnectionStore } from '../connections/connectionStore';
import type { ClearTextRisk } from '../connections/credentialChecks';
import { parsePrefilledConnection } from '../connections/prefilledConnection';
import {
  DEFAULT_CLIENT_TOOLS_PATHS,
  readPuppetdbConf,
  type ClientToolsPaths,
} from '../connections/puppetdbConf';
import { applyConnectionForm, confirmClearText } from '../connections/saveConnection';
import { clearTextRiskOf } from '../connections/serverUrls';
import { inert } from '../inertText';

/** Whether a connection has a token / password stored (never the values). */
export async function storedSecrets(store: ConnectionStore, id: string): Promise<StoredSecrets> {
  return {
    token: Boolean(await store.secret(id, 'token')),
    password: Boolean(await store.secret(id, 'password')),
  };
}

/**
 * Add Connection's argument from a command: checked like the form's input (an Error saying what
 * is wrong), then confirmed in a modal that names the server, where its secrets would go and the
 * files it would read, then the clear-text question; undefined when the user declines either.
 */
export async function confirmPrefilled(
  store: ConnectionStore,
  argument: unknown,
): Promise<ConnectionFormResult | undefined> {
  const result = parsePrefilledConnection(argument);
  if (!(await confirmCommandConnection(result, store.get(result.connection.id)))) return undefined;
  return askClearText(store, result);
}

/**
 * The test API's Add Connection: the argument checked like the form's input and the clear-text
 * question asked, without the modal a command's argument needs.
 */
export async function vetPrefilled(
  store: ConnectionStore,
  argument: unknown,
): Promise<ConnectionFormResult | undefined> {
  return askClearText(store, parsePrefilledConnection(argument));
}

/** The result, once the user agreed to any secret it sends over plain HTTP; else undefined. */
async function askClearText(
  store: ConnectionStore,
  result: ConnectionFormResult,
): Promise<ConnectionFormResult | undefined> {
  const carried = carriedSecrets(result, await storedSecrets(store, result.connection.id));
  const risk = clearTextRiskOf(result.connection, carried);
  if (risk && !(await confirmClearText(risk))) return undefined;
  return result;
}

/**
 * Import Connections: reads the global and the user's puppetdb.conf (`paths` names others for
 * the test API only), with the token their `token-file` names.
 */
export async function importConnections(
  store: ConnectionStore,
  paths: ClientToolsPaths = DEFAULT_CLIENT_TOOLS_PATHS,
): Promise<string[] | undefined> {
  const { connections, sources, problems } = await readPuppetdbConf(paths);
  const risky = connections.filter(
    (entry) => entry.token && clearTextRiskOf(entry.connection, ['token']),
  );
  let keepTokens = true;
  if (risky.length > 0) {
    const risk = combined(risky.map((entry) => clearTextRiskOf(entry.connection, ['token'])!));
    const withToken = vscode.l10n.t('Import with the Token');
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('Import the token for {0}? It would be sent in clear text.', inert(risk.host)),
      {
        modal: true,
        detail:
          risky.length > 1
            ? vscode.l10n.t(
                '{0} are plain HTTP: the token would be sent unencrypted with every request, readable by anyone on the network path between this computer and {1} (Wi-Fi, proxies, routers). Import without the token and add it later over https://, or import it if you trust that whole path.',
                inert(risk.url),
                inert(risk.host),
              )
            : vscode.l10n.t(
                '{0} is plain HTTP: the token would be sent unencrypted with every request, readable by anyone on the network path between this computer and {1} (Wi-Fi, proxies, routers). Import without the token and add it later over https://, or import it if you trust that whole path.',
                inert(risk.url),
                inert(risk.host),
              ),
      },
      withToken,
      vscode.l10n.t('Import without the Token'),
    );
    if (answer === undefined) return undefined;
    keepTokens = answer === withToken;
  }
  const ids: string[] = [];
  for (const { connection, token } of connections) {
    const sendsClearText = Boolean(token && clearTextRiskOf(connection, ['token']));
    const withToken = token && (keepTokens || !sendsClearText);
    ids.push(await applyConnectionForm(store, { connection, secrets: withToken ? { token } : {} }));
  }
  const summary = vscode.l10n.t(
    'Imported {0} PuppetDB connection(s) from {1}.',
    ids.length,
    inert(sources.join(' and ')),
  );
  // the files' paths and their problems (which quote the files) are text, never a link
  if (problems.length > 0) {
    void vscode.window.showWarningMessage(`${summary} ${inert(problems.join(' '))}`);
  } else {
    void vscode.window.showInformationMessage(summary);
  }
  return ids;
}

/**
 * The files the test API's import reads: a path is read instead of the user's file (like
 * `puppet query --config`), or all three are named.
 */
export function importPathsOf(source: unknown): ClientToolsPaths {
  if (source === undefined) return DEFAULT_CLIENT_TOOLS_PATHS;
  if (typeof source === 'string') return { ...DEFAULT_CLIENT_TOOLS_PATHS, user: source };
  if (typeof source === 'object' && source !== null && !Array.isArray(source)) {
    const given = source as Record<string, unknown>;
    const paths = { ...DEFAULT_CLIENT_TOOLS_PATHS };
    for (const key of ['global', 'user', 'defaultTokenFile'] as const) {
      const value = given[key];
      if (value === undefined) continue;
      if (typeof value !== 'string') {
        throw new Error(`Import Connections: "${key}" must be a path.`);
      }
      paths[key] = value;
    }
    return paths;
  }
  throw new Error('Import Connections: the argument must be the path of a puppetdb.conf.');
}

function combined(risks: ClearTextRisk[]): ClearTextRisk {
  return {
    what: 'token',
    host: [...new Set(risks.map((risk) => risk.host))].join(', '),
    url: risks.map((risk) => risk.url).join(', '),
  };
}
