/** Secrets bound to an origin: which URLs share one, and what a stored value decodes to. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  decodeBoundSecret,
  encodeBoundSecret,
  originOf,
} from '../../../../src/extension/connections/secretOrigin';

describe('originOf', () => {
  test('scheme, host and port make the origin; the path and query do not', () => {
    assert.equal(
      originOf('https://puppetdb.example.com:8081/pdb?x=1'),
      'https://puppetdb.example.com:8081',
    );
    assert.equal(
      originOf('https://puppetdb.example.com:8081'),
      originOf('https://puppetdb.example.com:8081/other'),
    );
  });

  test('case and default ports do not make another origin', () => {
    assert.equal(originOf('HTTPS://PuppetDB.Example.COM:443/'), 'https://puppetdb.example.com');
    assert.equal(originOf('http://localhost:80'), originOf('http://localhost'));
  });

  test('another scheme, host or port is another origin', () => {
    const origin = originOf('https://puppetdb.example.com:8081');
    for (const other of [
      'http://puppetdb.example.com:8081',
      'https://puppetdb.example.org:8081',
      'https://puppetdb.example.com:8082',
      'https://puppetdb.example.com.attacker.test:8081',
      'https://127.0.0.1:8081',
    ]) {
      assert.notEqual(originOf(other), origin, other);
    }
  });

  test('a URL that is not one, or has no origin, has none', () => {
    assert.equal(originOf('puppetdb.example.com:8081'), undefined);
    assert.equal(originOf(''), undefined);
    assert.equal(originOf('file:///etc/passwd'), undefined);
  });

  test('IPv6 hosts keep their brackets', () => {
    assert.equal(originOf('http://[::1]:8080/'), 'http://[::1]:8080');
  });
});

describe('bound secrets in SecretStorage', () => {
  test('a stored value decodes to the origin and secret it was stored with', () => {
    const bound = { origin: 'https://puppetdb.example.com:8081', secret: 'tok"en\n{}' };
    assert.deepEqual(decodeBoundSecret(encodeBoundSecret(bound)), bound);
  });

  test('absent, damaged or legacy (plain) values decode to nothing', () => {
    for (const stored of [
      undefined,
      '',
      'plain-token',
      '{"origin":"https://a"}',
      '{"origin":1,"secret":"x"}',
      'null',
      '["https://a","x"]',
    ]) {
      assert.equal(decodeBoundSecret(stored), undefined, String(stored));
    }
  });
});
