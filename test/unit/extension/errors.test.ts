/** Error wording and the choice of actions; errors.ts imports vscode only for the reporter. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  AllServersFailedError,
  ImproperlyConfiguredError,
  PuppetDBConnectionError,
  PuppetDBHTTPError,
  PuppetDBTimeoutError,
} from '../../../src/client';
import {
  causeChain,
  describeError,
  describeErrorWithoutAddresses,
  pointsAtConnectionSettings,
} from '../../../src/extension/errorText';

describe('error wording', () => {
  test("the client's sentences stand as they are; a bug shows its class", () => {
    assert.equal(describeError(new ImproperlyConfiguredError('Port must be…')), 'Port must be…');
    assert.equal(describeError(new TypeError('x is undefined')), 'TypeError: x is undefined');
    assert.equal(describeError('plain'), 'plain');
  });

  test("a view that names each PuppetDB shows its error without the server's address", () => {
    const http = new PuppetDBHTTPError(
      404,
      'http://db.example.com:8080/pdb/query/v4/nodes?query=%5B%22%3D%22%5D',
      'Not Found',
      'Not Found',
    );
    assert.equal(
      describeErrorWithoutAddresses(http),
      'PuppetDB answered 404 for /pdb/query/v4/nodes?query=%5B%22%3D%22%5D: Not Found',
    );
    const refused = new PuppetDBConnectionError('refused', 'https://a:8081', {
      code: 'ECONNREFUSED',
    });
    const timeout = new PuppetDBTimeoutError('no answer within 10 s', 'https://b:8081/', 10);
    const all = describeErrorWithoutAddresses(
      new AllServersFailedError([
        { server: 'https://a:8081', error: refused },
        { server: 'HTTPS://B:8081/', error: timeout },
      ]),
    );
    assert.equal(
      all,
      'None of the 2 PuppetDB servers answered: the server: refused | the server: no answer within 10 s',
    );
    assert.equal(describeErrorWithoutAddresses(new Error('plain')), 'Error: plain');
  });

  test('the log keeps every cause with its code', () => {
    const socket = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), {
      code: 'ECONNREFUSED',
    });
    const error = new PuppetDBConnectionError('Could not reach PuppetDB.', 'http://x', {
      cause: socket,
      code: 'ECONNREFUSED',
    });
    assert.equal(
      causeChain(error),
      'PuppetDBConnectionError: Could not reach PuppetDB. [ECONNREFUSED]\n  caused by: Error: connect ECONNREFUSED 127.0.0.1:1 [ECONNREFUSED]',
    );
  });

  test('"Edit Connection" for refused, TLS, rejected credentials and bad files; not for a timeout or a 500', () => {
    const refused = new PuppetDBConnectionError('x', 'u', { code: 'ECONNREFUSED' });
    const tls = new PuppetDBConnectionError('x', 'u', {
      code: 'ERR_SSL_SSLV3_ALERT_CERTIFICATE_REQUIRED',
    });
    const reset = new PuppetDBConnectionError('x', 'u', { code: 'ECONNRESET' });
    assert.equal(pointsAtConnectionSettings(refused), true);
    assert.equal(pointsAtConnectionSettings(tls), true);
    assert.equal(pointsAtConnectionSettings(new PuppetDBHTTPError(401, 'u', '')), true);
    assert.equal(pointsAtConnectionSettings(new PuppetDBHTTPError(403, 'u', '')), true);
    assert.equal(pointsAtConnectionSettings(new ImproperlyConfiguredError('x')), true);
    assert.equal(pointsAtConnectionSettings(reset), false);
    assert.equal(pointsAtConnectionSettings(new PuppetDBHTTPError(500, 'u', '')), false);
    assert.equal(pointsAtConnectionSettings(new PuppetDBTimeoutError('x', 'u', 1)), false);
    const allDown = (...errors: Error[]) =>
      new AllServersFailedError(
        errors.map((error, i) => ({ server: `http://s${i}`, error }) as never),
      );
    assert.equal(pointsAtConnectionSettings(allDown(reset, refused)), true);
    assert.equal(pointsAtConnectionSettings(allDown(reset, reset)), false);
  });
});
