/**
 * connect() reads no file: the CA, certificate and key are read asynchronously by the first
 * operation, so that a FIFO, a directory, a huge or a non-PEM file is a clear
 * ImproperlyConfiguredError from that operation and never blocks the caller's thread.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  connect,
  ImproperlyConfiguredError,
  MAX_PEM_BYTES,
  PuppetDBConnectionError,
  type ConnectOptions,
} from '../../../src/client';

const dir = mkdtempSync(join(tmpdir(), 'pdbx-tls-'));
const CERT = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const KEY = '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n';
/** A loopback port nothing listens on: a request that gets as far as connecting is refused. */
let closedPort: number;

before(async () => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});
after(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

function fifo(name: string): string {
  const path = join(dir, name);
  execFileSync('mkfifo', [path]);
  return path;
}

function client(options: ConnectOptions) {
  // http: the files are still read (a wrong path is reported), and no TLS handshake follows
  return connect({ host: '127.0.0.1', port: closedPort, protocol: 'http', ...options });
}

async function firstOperationError(options: ConnectOptions): Promise<ImproperlyConfiguredError> {
  const api = client(options);
  try {
    const error = await api.status().then(
      () => assert.fail('the request succeeded'),
      (caught: unknown) => caught,
    );
    assert.ok(error instanceof ImproperlyConfiguredError, String(error));
    return error;
  } finally {
    await api.disconnect();
  }
}

describe('TLS files are read by the first operation, asynchronously', () => {
  test('a FIFO as the client certificate: connect() returns, the operation says FIFO', async () => {
    const error = await firstOperationError({
      sslCert: fifo('cert.fifo'),
      sslKey: file('key.pem', KEY),
    });
    assert.match(error.message, /client certificate file .*cert\.fifo is a FIFO \(named pipe\)/);
    assert.match(error.message, /\(connect\(\) option sslCert\)/);
  });

  test('a directory as the CA, a huge key and a key that is not PEM', async () => {
    mkdirSync(join(dir, 'ca-dir'));
    assert.match(
      (await firstOperationError({ sslVerify: join(dir, 'ca-dir') })).message,
      /CA certificate file .*ca-dir is a directory.*\(connect\(\) option sslVerify\)/,
    );
    const huge = file('huge.pem', Buffer.alloc(MAX_PEM_BYTES + 10, 0x41));
    assert.match(
      (await firstOperationError({ sslCert: file('c.pem', CERT), sslKey: huge })).message,
      /client key file .*huge\.pem is \d+ bytes, larger than a PEM file can be.*option sslKey/,
    );
    const notPem = file('key.txt', 'hunter2');
    assert.match(
      (await firstOperationError({ sslCert: file('c2.pem', CERT), sslKey: notPem })).message,
      /client key file .*key\.txt holds no PEM private key.*option sslKey/,
    );
  });

  test('concurrent first operations share one reading of the files', async () => {
    const api = client({ sslVerify: join(dir, 'missing-ca.pem') });
    const errors = await Promise.all(
      [api.status(), api.factNames(), api.nodes().toArray()].map((call) =>
        call.then(
          () => assert.fail('a request succeeded'),
          (caught: unknown) => caught,
        ),
      ),
    );
    assert.ok(errors[0] instanceof ImproperlyConfiguredError, String(errors[0]));
    assert.match(errors[0].message, /missing-ca\.pem does not exist/);
    // one reading: the same rejection reached every caller
    assert.ok(errors.every((error) => error === errors[0]));
    await api.disconnect();
  });

  test('a failed reading is not kept: once the file is there, the next operation uses it', async () => {
    const path = join(dir, 'later-ca.pem');
    const api = client({ sslVerify: path });
    await assert.rejects(api.status(), ImproperlyConfiguredError);
    writeFileSync(path, CERT);
    // the files are read now, and the request goes on to the (closed) port
    await assert.rejects(api.status(), (error: unknown) => {
      assert.ok(error instanceof PuppetDBConnectionError, String(error));
      assert.equal(error.code, 'ECONNREFUSED');
      return true;
    });
    await api.disconnect();
  });

  test('after disconnect(), an operation is refused instead of opening a new Agent', async () => {
    const api = client({});
    await api.disconnect();
    await assert.rejects(api.status(), /closed by disconnect\(\)/);
  });
});
