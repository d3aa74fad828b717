import { ImproperlyConfiguredError } from './errors';
import type { TlsFiles } from './options';
import { readPemFile, type PemKind } from './pemFile';

/** The TLS options of the connection's undici Agent, read from the files `connect()` named. */
export interface TlsMaterial {
  ca?: Buffer;
  cert?: Buffer;
  key?: Buffer;
  rejectUnauthorized: boolean;
}

/**
 * Reads the CA certificate, client certificate and key concurrently and without blocking. A
 * file that cannot be used is an ImproperlyConfiguredError that says what is wrong with it
 * and which `connect()` option named it.
 */
export async function loadTlsMaterial(files: TlsFiles): Promise<TlsMaterial> {
  const [ca, cert, key] = await Promise.all([
    readNamed(files.caFile, 'CA certificate', 'sslVerify'),
    readNamed(files.certFile, 'client certificate', 'sslCert'),
    readNamed(files.keyFile, 'client key', 'sslKey'),
  ]);
  return {
    rejectUnauthorized: files.rejectUnauthorized,
    ...(ca ? { ca } : {}),
    ...(cert ? { cert } : {}),
    ...(key ? { key } : {}),
  };
}

async function readNamed(
  path: string | undefined,
  kind: PemKind,
  option: string,
): Promise<Buffer | undefined> {
  if (path === undefined) return undefined;
  try {
    return await readPemFile(path, kind);
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/\.$/, '') : String(error);
    throw new ImproperlyConfiguredError(`${reason} (connect() option ${option}).`, {
      cause: error,
    });
  }
}
