/**
 * What saving a connection form changes: the authentication chosen decides which secrets and
 * paths survive, so an old token or password is never sent again.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  carriedSecrets,
  currentAuth,
  planSave,
} from '../../../../src/extension/connections/connectionChange';

const everything = {
  id: 'prod',
  name: 'Production',
  url: 'https://puppetdb.example.com:8081',
  caFile: '/etc/ca.pem',
  verifyTls: true,
  certFile: '/etc/cert.pem',
  keyFile: '/etc/key.pem',
  username: 'ops',
  timeout: 30,
};

describe('planSave', () => {
  test('token → basic deletes the token and the certificate paths, keeps the CA', () => {
    const plan = planSave({
      connection: everything,
      secrets: { password: 'new-password' },
      auth: 'basic',
    });
    assert.deepEqual(plan.secrets, { password: 'new-password', token: '' });
    assert.equal(plan.connection.certFile, undefined);
    assert.equal(plan.connection.keyFile, undefined);
    assert.equal(plan.connection.username, 'ops');
    assert.equal(plan.connection.caFile, '/etc/ca.pem');
    assert.equal(plan.connection.timeout, 30);
  });

  test('→ none deletes token, password, user name, certificate and key', () => {
    const plan = planSave({ connection: everything, secrets: {}, auth: 'none' });
    assert.deepEqual(plan.secrets, { password: '', token: '' });
    for (const key of ['certFile', 'keyFile', 'username'] as const) {
      assert.equal(key in plan.connection, false, `${key} is still there`);
    }
  });

  test('→ token keeps a stored token when none is given (absent = keep), deletes the password', () => {
    const plan = planSave({ connection: everything, secrets: {}, auth: 'token' });
    assert.deepEqual(plan.secrets, { password: '' });
    assert.equal(plan.connection.username, undefined);
  });

  test('→ certificate keeps the paths and deletes both secrets', () => {
    const plan = planSave({ connection: everything, secrets: {}, auth: 'certificate' });
    assert.deepEqual(plan.secrets, { password: '', token: '' });
    assert.equal(plan.connection.certFile, '/etc/cert.pem');
    assert.equal(plan.connection.keyFile, '/etc/key.pem');
  });

  test('plain http:// drops the TLS settings, which mean nothing there', () => {
    const plan = planSave({
      connection: { ...everything, url: 'http://localhost:8080' },
      secrets: {},
      auth: 'none',
    });
    assert.equal(plan.connection.caFile, undefined);
    assert.equal(plan.connection.verifyTls, undefined);
  });

  test('without a chosen authentication (Add Connection argument, import) nothing is deleted', () => {
    const plan = planSave({ connection: everything, secrets: { token: 't' } });
    assert.deepEqual(plan.secrets, { token: 't' });
    assert.deepEqual(plan.connection, everything);
  });
});

describe('currentAuth and carriedSecrets', () => {
  const none = { token: false, password: false };
  test('the edit form starts from what is stored', () => {
    assert.equal(currentAuth(everything, { token: true, password: false }), 'token');
    assert.equal(currentAuth({ ...everything, certFile: undefined }, none), 'basic');
    assert.equal(currentAuth({ ...everything, username: undefined }, none), 'certificate');
    assert.equal(currentAuth({ id: 'a', name: 'a', url: 'http://a' }, none), 'none');
  });

  test('a kept stored secret is carried; one the chosen authentication drops is not', () => {
    const base = { connection: everything, secrets: {} };
    const stored = { token: true, password: true };
    assert.deepEqual(carriedSecrets({ ...base, auth: 'token' }, stored), ['token']);
    assert.deepEqual(carriedSecrets({ ...base, auth: 'none' }, stored), []);
    assert.deepEqual(carriedSecrets(base, stored), ['token', 'password']);
    assert.deepEqual(carriedSecrets({ ...base, secrets: { token: '' } }, stored), ['password']);
    assert.deepEqual(carriedSecrets({ ...base, secrets: { token: 'x' } }), ['token']);
  });
});
