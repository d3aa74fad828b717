/**
 * readPemFile: the certificate and key files of a connection, read without blocking, with a plain
 * message for each way a path can be wrong.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { ImproperlyConfiguredError, MAX_PEM_BYTES, readPemFile } from '../../../src/client';

const dir = mkdtempSync(join(tmpdir(), 'pdbx-pem-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const CERT = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const KEY = '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n';

function file(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

async function rejection(path: string, kind: Parameters<typeof readPemFile>[1]): Promise<string> {
  const error = await readPemFile(path, kind).then(
    () => assert.fail(`${path} was accepted as a ${kind}`),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof ImproperlyConfiguredError, String(error));
  return error.message;
}

describe('readPemFile', () => {
  test('returns the bytes of a PEM certificate and key', async () => {
    assert.equal((await readPemFile(file('ca.pem', CERT), 'CA certificate')).toString(), CERT);
    assert.equal((await readPemFile(file('key.pem', KEY), 'client key')).toString(), KEY);
    const rsa = KEY.replace(/PRIVATE KEY/g, 'RSA PRIVATE KEY');
    assert.equal((await readPemFile(file('rsa.pem', rsa), 'client key')).toString(), rsa);
  });

  test('names a missing file', async () => {
    assert.match(
      await rejection(join(dir, 'nope.pem'), 'CA certificate'),
      /nope\.pem does not exist/,
    );
  });

  test('refuses a directory', async () => {
    mkdirSync(join(dir, 'certs'));
    assert.match(await rejection(join(dir, 'certs'), 'client certificate'), /is a directory/);
  });

  test('refuses a FIFO without opening it (opening one would block)', async () => {
    const fifo = join(dir, 'pipe.pem');
    execFileSync('mkfifo', [fifo]);
    assert.match(await rejection(fifo, 'client key'), /FIFO/);
  });

  test('refuses a file larger than a PEM file can be', async () => {
    const big = file('big.pem', Buffer.alloc(MAX_PEM_BYTES + 1, 'A'));
    assert.match(await rejection(big, 'CA certificate'), /larger than a PEM file/);
  });

  test('refuses a file that is not PEM, or PEM of the wrong kind', async () => {
    assert.match(
      await rejection(file('der.pem', Buffer.from([0x30, 0x82, 1, 2])), 'CA certificate'),
      /no PEM certificate/,
    );
    assert.match(
      await rejection(file('cert-as-key.pem', CERT), 'client key'),
      /no PEM private key/,
    );
    assert.match(
      await rejection(file('key-as-cert.pem', KEY), 'client certificate'),
      /no PEM certificate/,
    );
  });
});
