/**
 * The copied curl command for cmd.exe: what cmd and then curl.exe make of it, read by a model of
 * their documented rules (no cmd.exe runs here). cmd, at its prompt, first replaces `%name%` by
 * a defined variable's value (with `:~start,length` and `:old=new` forms) and leaves an undefined
 * one as it is; then reads `^` as an escape and `"` as a quote outside escapes, and `& | < >`
 * outside quotes as operators; the program splits what is left by the Microsoft C runtime's
 * rules. Every hostile value must reach curl as one intact argument, no operator or line break
 * may be seen, and no variable but PUPPETDB_TOKEN may expand, whichever way cmd resumes its scan
 * after an undefined name (both are modelled).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  cmdQuote,
  curlCommand,
  type CurlTarget,
} from '../../../../src/extension/pql/language/curl';

/** The user's environment: variables a payload might try to read, one of them with an `&`. */
const ENV: Record<string, string> = {
  PATH: 'C:\\Windows\\system32;C:\\Windows',
  CD: 'C:\\Users\\me & calc',
  USERNAME: 'me',
  COMSPEC: 'C:\\Windows\\system32\\cmd.exe',
  A: 'x&calc',
  PUPPETDB_TOKEN: 'tok-123',
};

type Resume = 'after the name' | 'after the first %';

/** Phase 1 at the prompt: `%…%` replaced by a defined variable; undefined ones stay. */
function expandPercents(line: string, resume: Resume, expanded: string[]): string {
  let out = '';
  let at = 0;
  while (at < line.length) {
    if (line[at] !== '%') {
      out += line[at++];
      continue;
    }
    const close = line.indexOf('%', at + 1);
    if (close < 0) return out + line.slice(at);
    const value = variable(line.slice(at + 1, close), expanded);
    if (value !== undefined) {
      out += value;
      at = close + 1;
    } else if (resume === 'after the name') {
      out += line.slice(at, close + 1);
      at = close + 1;
    } else {
      out += '%';
      at += 1;
    }
  }
  return out;
}

/** `name`, `name:~start[,length]` or `name:old=new`, when `name` is defined (any case). */
function variable(spec: string, expanded: string[]): string | undefined {
  const colon = spec.indexOf(':');
  const name = colon < 0 ? spec : spec.slice(0, colon);
  const key = Object.keys(ENV).find((each) => each.toLowerCase() === name.toLowerCase());
  if (!name || key === undefined) return undefined;
  expanded.push(key);
  const value = ENV[key]!;
  if (colon < 0) return value;
  const modifier = spec.slice(colon + 1);
  const substring = /^~(-?\d+)(?:,(-?\d+))?$/.exec(modifier);
  if (substring) {
    const [, start, length] = substring;
    return value.substr(Number(start), length === undefined ? undefined : Number(length));
  }
  const equals = modifier.indexOf('=');
  if (equals > 0) return value.split(modifier.slice(0, equals)).join(modifier.slice(equals + 1));
  return value;
}

/** Phase 2: carets and quotes; what it sees as operators (which would run or redirect). */
function readSpecials(line: string): { line: string; operators: string[] } {
  let out = '';
  let quoted = false;
  const operators: string[] = [];
  for (let at = 0; at < line.length; at++) {
    const character = line[at]!;
    if (character === '\n' || character === '\r') operators.push('a line break');
    if (quoted) {
      if (character === '"') quoted = false;
      out += character;
    } else if (character === '^') {
      // the next character is literal (a quote too: it opens no quoted span)
      at++;
      if (at < line.length) out += line[at];
      else operators.push('a caret at the end (a continued line)');
    } else {
      if (character === '"') quoted = true;
      else if ('&|<>()'.includes(character)) operators.push(character);
      out += character;
    }
  }
  return { line: out, operators };
}

/** The Microsoft C runtime's split of a command line into arguments (after the program). */
function programArguments(line: string): string[] {
  const args: string[] = [];
  let at = 0;
  for (;;) {
    while (line[at] === ' ' || line[at] === '\t') at++;
    if (at >= line.length) return args;
    let arg = '';
    let quoted = false;
    while (at < line.length && (quoted || (line[at] !== ' ' && line[at] !== '\t'))) {
      if (line[at] === '\\') {
        let count = 0;
        for (; line[at] === '\\'; at++) count++;
        if (line[at] === '"') {
          arg += '\\'.repeat(Math.floor(count / 2));
          // an odd one escapes the quote; an even number leaves it a quote
          if (count % 2 === 1) {
            arg += '"';
            at++;
          }
        } else {
          arg += '\\'.repeat(count);
        }
      } else if (line[at] === '"') {
        // in a quoted span, `""` is a quote (the runtime's rule since 2008)
        if (quoted && line[at + 1] === '"') {
          arg += '"';
          at += 2;
        } else {
          quoted = !quoted;
          at++;
        }
      } else {
        arg += line[at++];
      }
    }
    args.push(arg);
  }
}

/** What curl.exe gets from `command` pasted at cmd's prompt, and what else cmd did. */
function runAtPrompt(command: string, resume: Resume) {
  const expanded: string[] = [];
  const { line, operators } = readSpecials(expandPercents(command, resume, expanded));
  const [program, ...args] = programArguments(line);
  return { program, args, operators, expanded };
}

/** Values that would run, redirect or expand something if cmd read them as written. */
const HOSTILE = [
  ...'^&|<>()"!%\\\';,=`*? ',
  '%PATH%',
  '%path%',
  '%CD%',
  '%A%',
  '%PATH:~0,1%',
  '%PATH:a=b%',
  '%:~0,1%',
  '%%',
  '%%PATH%%',
  '%^PATH%',
  '%PATH^%',
  'x%PATH%y%CD%z',
  '100% & calc',
  'a" & calc & "b',
  '"^& calc',
  '^"& calc',
  '\\"& calc',
  '\\\\"& calc',
  'C:\\dir\\',
  'C:\\dir with space\\\\',
  '\\\\server\\share\\ca.pem',
  '!PATH!',
  '$(calc) `calc`',
  'Zürich 😀',
  '',
];

const TARGET: CurlTarget = { url: 'https://pdb.example.com:8081', hasToken: true };

/** What curl must get for `target` before the query (empty settings are left out). */
function expectedArguments(target: CurlTarget): string[] {
  return [
    '-sS',
    '-G',
    ...(target.hasToken ? ['-H', `X-Authentication: ${ENV.PUPPETDB_TOKEN}`] : []),
    `${target.url}/pdb/query/v4`,
    ...(target.verifyTls === false ? ['--insecure'] : []),
    ...(target.caFile ? ['--cacert', target.caFile] : []),
    ...(target.certFile ? ['--cert', target.certFile] : []),
    ...(target.keyFile ? ['--key', target.keyFile] : []),
    ...(target.username ? ['--user', target.username] : []),
    '--data',
  ];
}

function assertSafe(target: CurlTarget, query: string): void {
  const command = curlCommand(target, query, 'cmd');
  for (const resume of ['after the name', 'after the first %'] as const) {
    const ran = runAtPrompt(command, resume);
    const context = `${resume}: ${command}`;
    assert.deepEqual(ran.operators, [], context);
    assert.deepEqual(ran.expanded, target.hasToken ? ['PUPPETDB_TOKEN'] : [], context);
    assert.equal(ran.program, 'curl.exe', context);
    const data = ran.args.at(-1)!;
    assert.deepEqual(ran.args.slice(0, -1), expectedArguments(target), context);
    assert.match(data, /^query=[A-Za-z0-9%._~-]*$/, context);
    assert.equal(decodeURIComponent(data.slice('query='.length)), query, context);
  }
}

describe('copy as curl for cmd.exe', () => {
  test('%PATH% stays literal: a caret on each side of every %, quotes escaped', () => {
    assert.equal(cmdQuote('%PATH%'), '^"^%^PATH^%^"');
    assert.equal(cmdQuote('%PATH:a=b%'), '^"^%^PATH:a=b^%^"');
    assert.equal(cmdQuote('a&b|c<d>e(f)g^h!i'), '^"a^&b^|c^<d^>e^(f^)g^^h^!i^"');
    // the C runtime's quoting inside: a quote as \", backslashes before it doubled
    assert.equal(cmdQuote('say "hi"'), '^"say \\^"hi\\^"^"');
    assert.equal(cmdQuote('C:\\dir\\'), '^"C:\\dir\\\\^"');
    assert.equal(cmdQuote('a\\"b'), '^"a\\\\\\^"b^"');
  });

  test('every metacharacter and hostile value reaches curl intact, in every argument', () => {
    for (const value of HOSTILE) {
      assertSafe(TARGET, value);
      assertSafe(
        {
          url: 'https://pdb.example.com:8081',
          caFile: value,
          certFile: `C:\\certs\\${value}.pem`,
          keyFile: `${value}\\`,
          username: value,
          verifyTls: false,
          hasToken: true,
        },
        `nodes { certname = "${value}" }`,
      );
      assertSafe({ url: 'https://pdb.example.com:8081', username: value }, value);
    }
  });

  test('arbitrary text, dense with metacharacters, reaches curl intact', () => {
    const character = fc.oneof(
      fc.constantFrom(...'^&|<>()"!%\\:~=, \'abcPATHCD'),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
    );
    const text = fc.string({ unit: character, maxLength: 40 });
    fc.assert(
      fc.property(text, text, text, (path, username, query) => {
        // cmd cannot take control characters in a line (refused: see the next test)
        // eslint-disable-next-line no-control-regex
        fc.pre(!/[\u0000-\u001f\u007f]/.test(path + username));
        assertSafe({ ...TARGET, caFile: path, username }, query);
      }),
      { numRuns: 2000, seed: 306 },
    );
  });

  test('a line break or control character cannot be written for cmd: refused, not copied', () => {
    for (const value of ['a\nb', 'a\rb', 'a\u001ab', '\u0000']) {
      assert.throws(() => cmdQuote(value), /cmd\.exe cannot take a line break/);
      assert.throws(() => curlCommand({ ...TARGET, username: value }, 'nodes {}', 'cmd'));
    }
    // a query's line breaks are percent-encoded: a multi-line query is fine
    assertSafe(TARGET, 'nodes {\n  certname ~ "web"\r\n}');
  });
});
