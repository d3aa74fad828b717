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
  pointsAtConnectionSettings,
} from '../../../src/extension/errorText';

describe('error wording', () => {
  test("the client's sentences stand as they are; a bug shows its class", () => {
    assert.equal(describeError(new ImproperlyConfiguredError('Port must be…')), 'Port must be…');
    assert.equal(describeError(new TypeError('x is undefined')), 'TypeError: x is undefined');
    assert.equal(describeError('plain'), 'plain');
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
