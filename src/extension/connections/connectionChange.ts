/**
 * What a saved connection form changes: the settings entry and the secrets. Pure (no vscode), so
 * the rules are unit-tested and the store only executes the plan.
 */
import type { ConnectionSettings } from '../settings';

/** The kinds of secret a connection keeps in SecretStorage (defined here, in pure code, for its unit tests). */
export type SecretKind = 'token' | 'password';

/** How a connection authenticates; exactly one is chosen in the form. */
export type Auth = 'none' | 'certificate' | 'token' | 'basic';

export interface ConnectionFormResult {
  connection: ConnectionSettings;
  /**
   * Secrets to store. A kind that is absent is left as it is (e.g. "Keep the stored token");
   * an empty string deletes it.
   */
  secrets: Partial<Record<SecretKind, string>>;
  /**
   * The authentication the user chose. When set, whatever belongs to the other kinds (their
   * secrets, user name, certificate and key paths) is deleted, so it is never sent again.
   */
  auth?: Auth;
}

/** What to save: the settings entry and the secrets to store ('' = delete). */
export interface SavePlan {
  connection: ConnectionSettings;
  secrets: Partial<Record<SecretKind, string>>;
}

export function planSave(result: ConnectionFormResult): SavePlan {
  const connection: ConnectionSettings = { ...result.connection };
  const secrets = { ...result.secrets };
  const { auth } = result;
  if (auth === undefined) return { connection, secrets };
  if (auth !== 'certificate') {
    delete connection.certFile;
    delete connection.keyFile;
  }
  if (auth !== 'basic') {
    delete connection.username;
    secrets.password = '';
  }
  if (auth !== 'token') secrets.token = '';
  if (isPlainHttp(connection.url)) {
    // TLS settings mean nothing over http://, and would only turn up in a copied curl
    delete connection.caFile;
    delete connection.verifyTls;
  }
  return { connection, secrets };
}

/** The authentication a stored connection uses now (what the edit form starts from). */
export function currentAuth(
  connection: ConnectionSettings,
  stored: { token: boolean; password: boolean },
): Auth {
  if (stored.token) return 'token';
  if (connection.username || stored.password) return 'basic';
  if (connection.certFile || connection.keyFile) return 'certificate';
  return 'none';
}

/** The secret kinds a result will send with its requests (for the clear-text check). */
export function carriedSecrets(
  result: ConnectionFormResult,
  stored: { token: boolean; password: boolean } = { token: false, password: false },
): SecretKind[] {
  const carried = (kind: SecretKind): boolean => {
    const value = result.secrets[kind];
    if (value !== undefined) return value !== '';
    if (result.auth !== undefined && result.auth !== (kind === 'token' ? 'token' : 'basic')) {
      return false;
    }
    return stored[kind];
  };
  return (['token', 'password'] as const).filter(carried);
}

function isPlainHttp(url: string): boolean {
  try {
    return new URL(url).protocol === 'http:';
  } catch {
    return false;
  }
}
