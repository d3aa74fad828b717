import type * as vscode from 'vscode';
import type { ConnectionSettings } from '../settings';
import type { SecretKind } from './connectionChange';
import { decodeBoundSecret, encodeBoundSecret, originOf } from './secretOrigin';

export type { SecretKind };

/** Asks the user for a connection's secret at a new origin; undefined: connect without one. */
export type AskSecretAgain = (request: {
  connection: ConnectionSettings;
  kind: SecretKind;
  /** Where the stored secret was given for. */
  previousOrigin: string;
  /** Where the connection's URL points now. */
  origin: string;
}) => Thenable<string | undefined>;

/**
 * A connection's password and token in SecretStorage, each bound to the origin it was given for
 * (see secretOrigin.ts). A secret is only handed out for a URL of that origin; for another, the
 * user is asked again (once per window for each connection, kind and origin), and the answer is
 * bound to the new origin.
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

  /** The secret for the connection's current origin, asking the user if it was given for another. */
  async get(connection: ConnectionSettings, kind: SecretKind): Promise<string | undefined> {
    const origin = originOf(connection.url);
    const bound = await this.bound(connection, kind);
    if (!bound || !origin) return undefined;
    if (bound.origin === origin) return bound.secret;
    if (kind === 'password' && !connection.username) return undefined;
    const attempt = [connection.id, kind, origin].join('\u0000');
    if (this.declined.has(attempt)) return undefined;
    let answer = this.asking.get(attempt);
    if (!answer) {
      answer = this.ask(connection, kind, bound.origin, origin, attempt);
      this.asking.set(attempt, answer);
    }
    return answer;
  }

  /** The secret for the connection's current origin if there is one; never asks. */
  async peek(connection: ConnectionSettings, kind: SecretKind): Promise<string | undefined> {
    const bound = await this.bound(connection, kind);
    return bound && bound.origin === originOf(connection.url) ? bound.secret : undefined;
  }

  /** Stores a secret for the connection's current origin (an empty one deletes it). */
  async store(connection: ConnectionSettings, kind: SecretKind, secret: string): Promise<void> {
    const origin = originOf(connection.url);
    if (secret && !origin) {
      throw new Error(
        `The ${kind} of "${connection.name}" was not stored: its URL has no scheme, host and port to keep it for.`,
      );
    }
    await this.storage.delete(legacyKey(connection.id, kind));
    if (!secret || !origin) {
      await this.storage.delete(boundKey(connection.id, kind));
      return;
    }
    await this.storage.store(boundKey(connection.id, kind), encodeBoundSecret({ origin, secret }));
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
    const origin = originOf(connection.url);
    if (!legacy || !origin) return undefined;
    await this.storage.store(
      boundKey(connection.id, kind),
      encodeBoundSecret({ origin, secret: legacy }),
    );
    await this.storage.delete(legacyKey(connection.id, kind));
    return { origin, secret: legacy };
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
