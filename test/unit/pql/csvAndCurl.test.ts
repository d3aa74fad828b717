import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { columnsOf, toCsv } from '../../../src/extension/pql/language/csv';
import { curlCommand, shellQuote } from '../../../src/extension/pql/language/curl';
import { pagingOf } from '../../../src/extension/pql/language/paging';

describe('CSV export', () => {
  test('columns are every key in order of first appearance', () => {
    assert.deepEqual(columnsOf([{ a: 1 }, { b: 2, a: 3 }, { c: null }]), ['a', 'b', 'c']);
    assert.deepEqual(columnsOf([1, 'x']), ['value']);
  });

  test('RFC 4180 quoting, nested values as JSON, missing and null as empty cells', () => {
    const csv = toCsv([
      { certname: 'web01', value: { os: 'Debian', x: [1] } },
      { certname: 'a,b', value: 'say "hi"\nthere' },
      { certname: 'c' },
      { certname: null, value: true },
    ]);
    assert.equal(
      csv,
      'certname,value\r\n' +
        'web01,"{""os"":""Debian"",""x"":[1]}"\r\n' +
        '"a,b","say ""hi""\nthere"\r\n' +
        'c,\r\n' +
        ',true\r\n',
    );
  });

  test('text a spreadsheet would run as a formula is neutralised; numbers are not', () => {
    const csv = toCsv([
      { v: '=HYPERLINK("x")' },
      { v: '+1' },
      { v: '-12.5' },
      { v: '@sum' },
      { v: -3 },
    ]);
    assert.equal(csv, 'v\r\n"\'=HYPERLINK(""x"")"\r\n+1\r\n-12.5\r\n\'@sum\r\n-3\r\n');
  });

  test('non-ASCII text passes through unchanged', () => {
    assert.equal(toCsv([{ location: 'Zürich' }]), 'location\r\nZürich\r\n');
  });
});

describe('copy as curl', () => {
  test('TLS files, the query URL-encoded by curl, no secret in the command', () => {
    const command = curlCommand(
      {
        url: 'https://pdb.example.com:8081/',
        caFile: '/etc/ca.pem',
        certFile: '/etc/me.pem',
        keyFile: "/etc/it's.key",
        hasToken: true,
      },
      `nodes { certname = 'x' }`,
    );
    assert.equal(
      command,
      `curl -sS -G 'https://pdb.example.com:8081/pdb/query/v4' --cacert '/etc/ca.pem' --cert '/etc/me.pem' --key '/etc/it'\\''s.key' -H "X-Authentication: $PUPPETDB_TOKEN" --data-urlencode 'query=nodes { certname = '\\''x'\\'' }'`,
    );
  });

  test('basic authentication asks for the password; no verification says --insecure', () => {
    const command = curlCommand({ url: 'https://h', username: 'me', verifyTls: false }, 'nodes {}');
    assert.match(command, /--insecure --user 'me' --data-urlencode 'query=nodes \{\}'$/);
    assert.equal(shellQuote("a'b"), `'a'\\''b'`);
  });
});

describe('which queries the results panel pages', () => {
  test('plain queries page; those that limit, offset, group or aggregate themselves do not', () => {
    assert.equal(pagingOf('nodes { certname ~ "web" order by certname }'), true);
    assert.equal(pagingOf('reports { limit 10 }'), false);
    assert.equal(pagingOf('reports { offset 10 }'), false);
    assert.equal(pagingOf('facts[name, count()] { group by name }'), false);
    assert.equal(pagingOf('nodes[count()] {}'), false);
    assert.equal(pagingOf('reports[to_string(receive_time, "DAY")] {}'), true);
  });
});
