/**
 * Add Connection's argument is checked as strictly as the form's input: a command argument never
 * skips a check.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parsePrefilledConnection } from '../../../../src/extension/connections/prefilledConnection';

const connection = { id: 'a', name: 'A', url: 'https://puppetdb.example.com' };

describe('parsePrefilledConnection', () => {
  test('a well-formed argument comes back as a form result', () => {
    assert.deepEqual(parsePrefilledConnection({ connection, secrets: { token: 't' } }), {
      connection,
      secrets: { token: 't' },
      auth: undefined,
    });
  });

  test('a URL with credentials is refused with the message of the form', () => {
    assert.throws(
      () =>
        parsePrefilledConnection({
          connection: { ...connection, url: 'https://u:p@puppetdb.example.com' },
        }),
      /User name and password.*OS keychain/,
    );
  });

  test('wrong shapes and types are refused, naming the field', () => {
    const cases: Array<[unknown, RegExp]> = [
      [null, /argument must be/],
      ['https://x', /argument must be/],
      [{ connection: { ...connection, id: 3 } }, /connection\.id/],
      [{ connection: { ...connection, verifyTls: 'no' } }, /connection\.verifyTls/],
      [{ connection: { ...connection, timeout: -1 } }, /connection\.timeout/],
      [{ connection: { ...connection, extra: 1 } }, /connection\.extra/],
      [{ connection, secrets: { token: 5 } }, /secrets\.token/],
      [{ connection, secrets: { apiKey: 'x' } }, /secrets\.apiKey/],
      [{ connection, auth: 'kerberos' }, /"auth"/],
    ];
    for (const [argument, message] of cases) {
      assert.throws(() => parsePrefilledConnection(argument), message, JSON.stringify(argument));
    }
  });
});
