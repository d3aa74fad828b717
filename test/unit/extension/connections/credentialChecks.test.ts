/**
 * The URL checks every way a connection gets in shares: credentials never in the URL, and a
 * secret over plain HTTP only after the user was told where it goes and who can read it.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  clearTextRisk,
  clearTextWarning,
  isLoopbackHost,
  redactUrl,
  sameOrigin,
  urlProblem,
} from '../../../../src/extension/connections/credentialChecks';

describe('urlProblem', () => {
  test('a URL with user:pass@ is refused, saying where credentials belong', () => {
    for (const url of [
      'https://admin:hunter2@puppetdb.example.com:8081',
      'http://admin@puppetdb.example.com',
      'https://:hunter2@puppetdb.example.com',
    ]) {
      const problem = urlProblem(url);
      assert.ok(problem, `${url} was accepted`);
      assert.match(problem, /User name and password/);
      assert.match(problem, /Authentication/);
      assert.match(problem, /OS keychain/);
      assert.doesNotMatch(problem, /hunter2/);
    }
  });

  test('http and https URLs without credentials pass; other schemes and non-URLs do not', () => {
    assert.equal(urlProblem('https://puppetdb.example.com:8081'), undefined);
    assert.equal(urlProblem('http://localhost:8080/puppetdb'), undefined);
    assert.match(urlProblem('ftp://puppetdb.example.com')!, /http:\/\/ or https:\/\//);
    assert.match(urlProblem('puppetdb.example.com')!, /Not a URL/);
  });

  test('redactUrl never repeats a password', () => {
    assert.equal(
      redactUrl('https://admin:hunter2@puppetdb.example.com:8081/'),
      'https://***@puppetdb.example.com:8081/',
    );
    assert.equal(redactUrl('https://puppetdb.example.com/'), 'https://puppetdb.example.com/');
  });
});

describe('clearTextRisk', () => {
  test('a token or password to an http:// host is a risk naming the host', () => {
    const risk = clearTextRisk('http://puppetdb.example.com:8080', ['token']);
    assert.deepEqual(risk, {
      what: 'token',
      host: 'puppetdb.example.com:8080',
      url: 'http://puppetdb.example.com:8080',
    });
    const { message, detail } = clearTextWarning(risk!);
    assert.match(message, /token to puppetdb\.example\.com:8080 in clear text/);
    assert.match(detail, /unencrypted/);
    assert.match(detail, /anyone on the network path/);
    assert.equal(clearTextRisk('http://10.0.0.5', ['password'])?.what, 'password');
  });

  test('no risk over https, without secrets, or over loopback (the traffic stays on this machine)', () => {
    assert.equal(clearTextRisk('https://puppetdb.example.com', ['token']), undefined);
    assert.equal(clearTextRisk('http://puppetdb.example.com', []), undefined);
    for (const url of ['http://127.0.0.1:8080', 'http://localhost:8080', 'http://[::1]:8080']) {
      assert.equal(clearTextRisk(url, ['token', 'password']), undefined, url);
    }
  });

  test('loopback is exactly 127.0.0.0/8, ::1 and localhost names', () => {
    assert.ok(isLoopbackHost('127.4.5.6'));
    assert.ok(isLoopbackHost('db.localhost'));
    assert.equal(isLoopbackHost('127.0.0.1.example.com'), false);
    assert.equal(isLoopbackHost('localhost.example.com'), false);
    assert.equal(isLoopbackHost('10.0.0.1'), false);
  });

  test('sameOrigin compares scheme, host and port', () => {
    assert.ok(sameOrigin('https://a.example:8081/x', 'https://a.example:8081/y'));
    assert.equal(sameOrigin('https://a.example:8081', 'http://a.example:8081'), false);
    assert.equal(sameOrigin('https://a.example:8081', 'https://a.example:8082'), false);
  });
});
