import type * as vscode from 'vscode';
import type { ConnectionSettings } from '../settings';
import type { SecretKind } from './connectionChange';
import {
  allowedOrigins,
  boundTo,
  decodeBoundSecret,
  encodeBoundSecret,
  originsOf,
  uncoveredOrigins,
} from './secretOrigin';
import { serverUrlsOf } from './serverUrls';

export type { SecretKind };

/** Asks the user for a connection's secret at a new origin; undefined: connect without one. */
export type AskSecretAgain = (request: {
  connection: ConnectionSettings;
  kind: SecretKind;
  /** Where the stored secret was given for (several origins: comma-separated). */
  previousOrigin: string;
  /** Where the connection's URLs point now that the secret was not given for (comma-separated). */
  origin: string;
}) => Thenable<string | undefined>;

/**
 * A connection's password and token in SecretStorage, each bound to the origins it was given for
 * (see secretOrigin.ts): its URL's, and its failover servers' too. A secret is only handed out
 * when every server of the connection is one it was given for; otherwise the user is asked again
 * (once per window for each connection, kind and set of origins), and the answer is bound to the
 * connection's servers as they are now.
 *
 * Secrets stored before origins were bound (`puppetdbExplorer.<id>.<kind>`, a plain value) are
 * bound, on first use, to the connection's URL in the user's settings: connections are read from
 * the user's settings only, so that URL is one the user chose, never a workspace's.
 */
export class ConnectionSecrets {
  /** Prompts in progress, so that concurrent requests share one input box. */
  private readonly asking = new Map<string, Promise<string | undefined>>();
  /** Origins the user chose to connect to without the secret, until the settings change. */
  private readonly declined = new Set<string>();

  constructor(
    private readonly storage: vscode.SecretStorage,
    private readonly askAgain: AskSecretAgain,
  ) {}

  /** The secret for the connection's current servers, asking the user if it was given for others. */
  async get(connection: ConnectionSettings, kind: SecretKind): Promise<string | undefined> {
    const origins = originsOf(serverUrlsOf(connection));
    const bound = await this.bound(connection, kind);
    if (!bound || !origins) return undefined;
    const uncovered = uncoveredOrigins(bound, origins);
    if (uncovered.length === 0) return bound.secret;
    if (kind === 'password' && !connection.username) return undefined;
    const attempt = [connection.id, kind, ...origins].join('\u0000');
    if (this.declined.has(attempt)) return undefined;
    let answer = this.asking.get(attempt);
    if (!answer) {
      const previous = allowedOrigins(bound).join(', ');
      answer = this.ask(connection, kind, previous, uncovered.join(', '), attempt);
      this.asking.set(attempt, answer);
    }
    return answer;
  }

  /** The secret for the connection's current servers if there is one; never asks. */
  async peek(connection: ConnectionSettings, kind: SecretKind): Promise<string | undefined> {
    const bound = await this.bound(connection, kind);
    const origins = originsOf(serverUrlsOf(connection));
    return bound && origins && uncoveredOrigins(bound, origins).length === 0
      ? bound.secret
      : undefined;
  }

  /** Stores a secret for the connection's current servers (an empty one deletes it). */
  async store(connection: ConnectionSettings, kind: SecretKind, secret: string): Promise<void> {
    const origins = originsOf(serverUrlsOf(connection));
    if (secret && !origins) {
      throw new Error(
        `The ${kind} of "${connection.name}" was not stored: one of its URLs has no scheme, host and port to keep it for.`,
      );
    }
    await this.storage.delete(legacyKey(connection.id, kind));
    if (!secret || !origins) {
      await this.storage.delete(boundKey(connection.id, kind));
      return;
    }
    await this.storage.store(
      boundKey(connection.id, kind),
      encodeBoundSecret(boundTo(origins, secret)),
    );
  }

  async delete(id: string, kind: SecretKind): Promise<void> {
    await this.storage.delete(legacyKey(id, kind));
    await this.storage.delete(boundKey(id, kind));
  }

  /** The user may have changed a URL back or meant to answer after all: ask again next time. */
  forgetDeclined(): void {
    this.declined.clear();
  }

  private async bound(connection: ConnectionSettings, kind: SecretKind) {
    const stored = decodeBoundSecret(await this.storage.get(boundKey(connection.id, kind)));
    if (stored) return stored;
    const legacy = await this.storage.get(legacyKey(connection.id, kind));
    const origins = originsOf(serverUrlsOf(connection));
    if (!legacy || !origins) return undefined;
    const bound = boundTo(origins, legacy);
    await this.storage.store(boundKey(connection.id, kind), encodeBoundSecret(bound));
    await this.storage.delete(legacyKey(connection.id, kind));
    return bound;
  }

  private async ask(
    connection: ConnectionSettings,
    kind: SecretKind,
    previousOrigin: string,
    origin: string,
    attempt: string,
  ): Promise<string | undefined> {
    try {
      const secret = await this.askAgain({ connection, kind, previousOrigin, origin });
      if (secret) {
        await this.store(connection, kind, secret);
        return secret;
      }
      this.declined.add(attempt);
      return undefined;
    } finally {
      this.asking.delete(attempt);
    }
  }
}

/** Where secrets were kept before they were bound to an origin (read once, then moved). */
function legacyKey(id: string, kind: SecretKind): string {
  return `puppetdbExplorer.${id}.${kind}`;
}

function boundKey(id: string, kind: SecretKind): string {
  return `puppetdbExplorer.${id}.${kind}.bound`;
}
