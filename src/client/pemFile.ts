import { open, stat } from 'node:fs/promises';
import { ImproperlyConfiguredError } from './errors';

/** What a PEM file holds; it decides which PEM block the file must contain. */
export type PemKind = 'CA certificate' | 'client certificate' | 'client key';

/** PEM certificates and keys are a few KiB; a bundle of every public CA is about 250 KiB. */
export const MAX_PEM_BYTES = 1024 * 1024;

const BLOCKS: Record<PemKind, RegExp> = {
  'CA certificate': /-----BEGIN (?:TRUSTED )?CERTIFICATE-----/,
  'client certificate': /-----BEGIN CERTIFICATE-----/,
  'client key': /-----BEGIN (?:RSA |EC |DSA |ENCRYPTED )?PRIVATE KEY-----/,
};

/**
 * Reads a certificate or key file without blocking the caller's thread, and says plainly what is
 * wrong with it: missing, a directory, a FIFO or another special file (opening one would hang),
 * too large, unreadable, or not PEM of the kind expected.
 */
export async function readPemFile(path: string, kind: PemKind): Promise<Buffer> {
  const fail = (reason: string, cause?: unknown): never => {
    throw new ImproperlyConfiguredError(`The ${kind} file ${path} ${reason}.`, { cause });
  };
  if (!path) fail('is not named');
  const info = await stat(path).catch((error: NodeJS.ErrnoException) =>
    fail(describeErrno(error), error),
  );
  if (info.isDirectory()) fail('is a directory, not a PEM file');
  if (!info.isFile()) fail(`is ${specialFileKind(info)}, not a regular PEM file`);
  if (info.size > MAX_PEM_BYTES) fail(`is ${info.size} bytes, larger than a PEM file can be`);
  const handle = await open(path, 'r').catch((error: NodeJS.ErrnoException) =>
    fail(describeErrno(error), error),
  );
  let content: Buffer;
  try {
    // read at most one byte past the limit, in case the file grew since stat()
    const buffer = Buffer.alloc(MAX_PEM_BYTES + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead > MAX_PEM_BYTES) fail('is larger than a PEM file can be');
    content = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  if (!BLOCKS[kind].test(content.toString('latin1'))) {
    fail(
      kind === 'client key'
        ? 'holds no PEM private key (-----BEGIN … PRIVATE KEY-----)'
        : 'holds no PEM certificate (-----BEGIN CERTIFICATE-----)',
    );
  }
  return content;
}

function describeErrno(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ENOENT':
      return 'does not exist';
    case 'EACCES':
    case 'EPERM':
      return 'cannot be read (permission denied)';
    case 'ENOTDIR':
      return 'is not a path to a file';
    default:
      return `cannot be read (${error.message})`;
  }
}

function specialFileKind(info: {
  isFIFO(): boolean;
  isSocket(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
}): string {
  if (info.isFIFO()) return 'a FIFO (named pipe)';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  return 'a special file';
}
