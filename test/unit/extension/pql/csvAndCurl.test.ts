import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { columnsOf, toCsv } from '../../../../src/extension/export/csv';
import {
  curlCommand,
  powershellQuote,
  shellFlavour,
  shellQuote,
} from '../../../../src/extension/pql/language/curl';
import { pagingOf } from '../../../../src/extension/pql/language/paging';

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

  test('header cells (field names from PuppetDB) are neutralised like data cells', () => {
    const csv = toCsv([{ '=cmd|"/c calc"!A1': 1, '+x': 2, '@sum(A1)': 3, '-2': 4, ok: 5 }]);
    const [header] = csv.split('\r\n');
    assert.equal(header, `"'=cmd|""/c calc""!A1",'+x,'@sum(A1),-2,ok`);
  });

  test('non-ASCII text passes through unchanged', () => {
    assert.equal(toCsv([{ location: 'Zürich' }]), 'location\r\nZürich\r\n');
  });

  // found by test/unit/properties/csv.test.ts: a row without the field had what every object
  // inherits under that name ({} for "__proto__")
  test('a field named like an object property is empty in the rows that lack it', () => {
    const rows = JSON.parse('[{"__proto__": false, "constructor": 1}, {}]') as unknown[];
    assert.equal(toCsv(rows), '__proto__,constructor\r\nfalse,1\r\n,\r\n');
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

/** Certnames and queries that would run something if a shell read them unquoted. */
const PAYLOADS = [
  `nodes { certname = "a"; touch MARKER }`,
  `nodes { certname = 'x' } & touch MARKER`,
  `nodes {} | touch MARKER`,
  'nodes { certname = "$(touch MARKER)" }',
  'nodes { certname = "`touch MARKER`" }',
  "nodes { certname = 'it'\\''s' }\ntouch MARKER",
  `facts { name = "\\" and value = '\u2019; touch MARKER' }`,
  "nodes { certname = '${IFS}' } && touch MARKER || touch MARKER",
];

describe('copy as curl: safe in the shell it is pasted in', () => {
  test('POSIX: run through sh, curl gets the query intact and nothing else runs', () => {
    const folder = mkdtempSync(join(tmpdir(), 'pdbx-curl-'));
    try {
      for (const payload of PAYLOADS) {
        const query = payload.replaceAll('MARKER', join(folder, 'ran'));
        const command = curlCommand(
          { url: 'https://pdb.example.com:8081', hasToken: true, caFile: "/etc/it's ca.pem" },
          query,
        );
        // `curl` is a function that prints each argument it gets, NUL-separated
        const output = execFileSync(
          'sh',
          ['-c', `curl() { for a in "$@"; do printf '%s\\0' "$a"; done; }\n${command}`],
          { env: { PATH: process.env.PATH ?? '', PUPPETDB_TOKEN: 'from-env' }, cwd: folder },
        ).toString('utf8');
        assert.deepEqual(output.split('\0').slice(0, -1), [
          '-sS',
          '-G',
          'https://pdb.example.com:8081/pdb/query/v4',
          '--cacert',
          "/etc/it's ca.pem",
          '-H',
          'X-Authentication: from-env',
          '--data-urlencode',
          `query=${query}`,
        ]);
        assert.equal(existsSync(join(folder, 'ran')), false, `ran something: ${command}`);
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test('PowerShell: curl.exe, the token from $env, the query percent-encoded in single quotes', () => {
    for (const payload of PAYLOADS) {
      const command = curlCommand(
        { url: 'https://pdb.example.com:8081', hasToken: true, keyFile: 'C:\\me\\it’s.key' },
        payload,
        'powershell',
      );
      const data = /--data '(query=[^']*)'$/.exec(command);
      assert.ok(data, command);
      // nothing PowerShell treats specially is left in the argument: only URL-safe characters
      assert.match(data[1]!, /^query=[A-Za-z0-9%._~-]*$/);
      assert.equal(decodeURIComponent(data[1]!.slice('query='.length)), payload);
      assert.ok(
        command.startsWith(
          `curl.exe -sS -G 'https://pdb.example.com:8081/pdb/query/v4' --key 'C:\\me\\it’’s.key' -H "X-Authentication: $env:PUPPETDB_TOKEN" --data `,
        ),
        command,
      );
    }
    assert.equal(powershellQuote("a'b‘c"), "'a''b‘‘c'");
  });

  test('the flavour follows the default terminal shell, else the platform', () => {
    assert.equal(shellFlavour('/bin/bash', 'linux'), 'posix');
    assert.equal(shellFlavour('/usr/bin/zsh', 'darwin'), 'posix');
    assert.equal(shellFlavour('C:\\Program Files\\PowerShell\\7\\pwsh.exe', 'win32'), 'powershell');
    // cmd gets its own quoting (cmdQuoting.test.ts), not PowerShell's, which cmd reads raw
    assert.equal(shellFlavour('C:\\Windows\\System32\\cmd.exe', 'win32'), 'cmd');
    assert.equal(shellFlavour('cmd', 'win32'), 'cmd');
    assert.equal(shellFlavour('C:\\Program Files\\Git\\bin\\bash.exe', 'win32'), 'posix');
    assert.equal(shellFlavour('/usr/local/bin/pwsh', 'linux'), 'powershell');
    assert.equal(shellFlavour(undefined, 'win32'), 'powershell');
    assert.equal(shellFlavour('', 'linux'), 'posix');
  });

  test('no secret ever: a token is read from the environment by the shell', () => {
    for (const flavour of ['posix', 'powershell', 'cmd'] as const) {
      const command = curlCommand(
        { url: 'https://h', hasToken: true, username: 'me' },
        'nodes {}',
        flavour,
      );
      assert.match(command, /PUPPETDB_TOKEN/);
      assert.doesNotMatch(command, /password|secret/i);
    }
  });

  test('no password from a hand-edited URL either: its user name and password are left out', () => {
    for (const flavour of ['posix', 'powershell', 'cmd'] as const) {
      const command = curlCommand(
        { url: 'https://me:hunter2@pdb.example.com:8081/prefix/' },
        'nodes {}',
        flavour,
      );
      assert.doesNotMatch(command, /hunter2|me:|@/);
      assert.ok(command.includes('https://pdb.example.com:8081/prefix/pdb/query/v4'), command);
    }
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
