import assert from 'node:assert/strict';
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { after, describe, test } from 'node:test';
import { connect, PuppetDBConnectionError, PuppetDBHTTPError } from '../../src/client';
import { httpClient, httpsClient, loadedFleet, testServer } from './support/puppetdb';

const plain = httpClient();
after(() => plain.disconnect());

function activeCount(): number {
  const fleet = loadedFleet();
  return fleet.nodes.length - fleet.deactivated.length;
}

describe('TLS against the real PuppetDB (client certificate required)', () => {
  test('CA file + client certificate: queries work over HTTPS', async () => {
    const db = httpsClient();
    assert.match(db.baseUrl, /^https:\/\//);
    assert.equal((await db.nodes().toArray()).length, activeCount());
    await db.disconnect();
  });

  test('without verification the certificate is still presented and accepted', async () => {
    const db = httpsClient({ sslVerify: false });
    assert.equal(await db.currentVersion(), await plain.currentVersion());
    await db.disconnect();
  });

  test('without a client certificate the handshake fails with a clear message', async () => {
    const server = testServer();
    const db = connect({
      host: server.host,
      port: server.httpsPort,
      protocol: 'https',
      sslVerify: server.ca,
      timeout: 10,
    });
    await assert.rejects(db.nodes().toArray(), (error: unknown) => {
      assert.ok(error instanceof PuppetDBConnectionError, `got ${String(error)}`);
      assert.match(error.message, /over HTTPS/);
      return true;
    });
    await db.disconnect();
  });

  test('a client certificate from another CA is refused', async () => {
    const server = testServer();
    const db = httpsClient({ sslCert: server.rogueCert, sslKey: server.rogueKey });
    await assert.rejects(db.nodes().toArray(), PuppetDBConnectionError);
    await db.disconnect();
  });

  test('verifying against the system CAs rejects the private CA, and says how to fix it', async () => {
    const db = httpsClient({ sslVerify: true });
    await assert.rejects(db.currentVersion(), (error: unknown) => {
      assert.ok(error instanceof PuppetDBConnectionError, `got ${String(error)}`);
      assert.match(error.message, /sslVerify to its CA file/);
      return true;
    });
    await db.disconnect();
  });

  test('a token (which implies HTTPS) is accepted alongside the client certificate', async () => {
    const db = httpsClient({ token: 'rbac-token-for-tests' });
    assert.equal(await db.currentVersion(), await plain.currentVersion());
    await db.disconnect();
  });
});

describe('authentication headers reach PuppetDB through a recording proxy', () => {
  const seen: IncomingHttpHeaders[] = [];
  const proxy = createServer((incoming, outgoing) => {
    seen.push(incoming.headers);
    const server = testServer();
    const forward = httpRequest(
      {
        host: server.host,
        port: server.httpPort,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(forward);
  });
  after(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

  test('basic auth and X-Authentication are sent on every request, and the answers are real', async () => {
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const port = (proxy.address() as AddressInfo).port;
    const db = connect({
      host: '127.0.0.1',
      port,
      protocol: 'http',
      username: 'alice',
      password: 's3cret',
      token: 'tok-123',
    });
    assert.equal((await db.nodes().toArray()).length, activeCount());
    await db.facts({ name: 'kernel' }).toArray();
    await db.disconnect();
    assert.equal(seen.length, 2);
    for (const headers of seen) {
      assert.equal(
        headers.authorization,
        `Basic ${Buffer.from('alice:s3cret').toString('base64')}`,
      );
      assert.equal(headers['x-authentication'], 'tok-123');
    }
  });
});

describe('failures against the real server', () => {
  test('a refused connection', async () => {
    const probe = createTcpServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const db = connect({ host: '127.0.0.1', port });
    await assert.rejects(
      db.nodes().toArray(),
      /Could not reach PuppetDB on 127\.0\.0\.1:\d+ over HTTP: connection refused/,
    );
    await db.disconnect();
  });

  test('gzip on request decodes to the same records', async () => {
    const gzip = httpClient({ compress: true });
    const a = (await plain.facts({ name: 'os' }).toArray())
      .map((fact) => JSON.stringify([fact.node, fact.value]))
      .sort();
    const b = (await gzip.facts({ name: 'os' }).toArray())
      .map((fact) => JSON.stringify([fact.node, fact.value]))
      .sort();
    assert.deepEqual(b, a);
    await gzip.disconnect();
  });

  test('a trailing slash (PuppetDB redirect loop) is reported, not followed', async () => {
    const db = httpClient();
    await assert.rejects(db.query('pql', { path: '', query: 'nodes {}' }), (error: unknown) => {
      assert.ok(error instanceof PuppetDBHTTPError);
      assert.equal(error.status, 302);
      assert.match(
        error.message,
        /redirected to .*dashboard.* \(PuppetDB redirects unknown endpoints and paths with a trailing slash\)/,
      );
      return true;
    });
    await db.disconnect();
  });
});
