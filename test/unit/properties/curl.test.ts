/**
 * The copied curl command, POSIX form: for any query, URL, TLS file paths and user name, a POSIX
 * shell (`sh`) hands curl every argument byte for byte, and runs nothing else. One `sh` reads the
 * commands one after another (a shell per command would take minutes for 10,000): each command is
 * written to a file and sourced, with `curl` a shell function that prints its argument count and
 * arguments NUL-separated, stdin closed, and no PATH, so that a command quoted wrong cannot run
 * any program. The token never appears in the command: the shell reads it from $PUPPETDB_TOKEN.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { curlCommand, type CurlTarget } from '../../../src/extension/pql/language/curl';
import { assertAsyncProperty } from './support/property';

/** What the shell puts in $PUPPETDB_TOKEN: text that must reach curl as it is, unexpanded. */
const TOKEN = `t'ok "en" $HOME \`x\` \\ $(y)`;
const END_OF_COMMAND = '\u0001end of command\u0001';

/** Text any shell would choke on, quoted wrong: quotes, expansions, separators, any code point. */
const shellText = fc
  .string({
    unit: fc.oneof(
      { weight: 5, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
      {
        weight: 5,
        arbitrary: fc.constantFrom(
          "'",
          '"',
          '\\',
          '$',
          '`',
          '$(',
          '${',
          ';',
          '&',
          '|',
          '!',
          '*',
          '?',
          '~',
          '#',
          '%',
          '{',
          '}',
          '(',
          ')',
          '<',
          '>',
          '\n',
          '\r',
          '\t',
          ' ',
          '/',
          "'\\''",
          '$PUPPETDB_TOKEN',
          'é',
          '𝄞',
        ),
      },
    ),
    maxLength: 16,
  })
  // an argument of a process cannot hold NUL: no shell could pass it on
  .filter((text) => !text.includes('\0'));

const target: fc.Arbitrary<CurlTarget> = fc.record(
  {
    url: fc.oneof(
      shellText,
      shellText.map((path) => `https://pdb.example.com:8081${path}//`),
    ),
    caFile: shellText,
    certFile: shellText,
    keyFile: shellText,
    verifyTls: fc.boolean(),
    username: shellText,
    hasToken: fc.boolean(),
  },
  { requiredKeys: ['url'] },
);

/** The arguments curl must get, as curl.ts promises them. */
function expectedArguments(curlTarget: CurlTarget, query: string): string[] {
  const args = ['-sS', '-G', `${curlTarget.url.replace(/\/+$/, '')}/pdb/query/v4`];
  if (curlTarget.verifyTls === false) args.push('--insecure');
  if (curlTarget.caFile) args.push('--cacert', curlTarget.caFile);
  if (curlTarget.certFile) args.push('--cert', curlTarget.certFile);
  if (curlTarget.keyFile) args.push('--key', curlTarget.keyFile);
  if (curlTarget.username) args.push('--user', curlTarget.username);
  if (curlTarget.hasToken) args.push('-H', `X-Authentication: ${TOKEN}`);
  args.push('--data-urlencode', `query=${query}`);
  return args;
}

/**
 * One `sh` that sources each command in turn and answers with what `curl` was given. A command
 * the shell chokes on ends it (or leaves it in a state of its own): the next command gets a new
 * shell, so that every command is judged alone (and fast-check's shrinking sees the same).
 */
class Shell {
  private process: ShellProcess | undefined;

  constructor(private readonly folder: string) {
    mkdirSync(join(folder, 'empty-path'));
  }

  async argumentsOf(command: string): Promise<Buffer[]> {
    this.process ??= new ShellProcess(this.folder);
    const current = this.process;
    try {
      return await current.argumentsOf(command);
    } catch (error) {
      this.process = undefined;
      await current.close();
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.process?.close();
  }
}

class ShellProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private output = Buffer.alloc(0);
  private errors = '';
  private ended = false;
  private wake: (() => void) | undefined;

  constructor(private readonly folder: string) {
    // no program can run: a command quoted wrong finds none of them
    this.child = spawn('/bin/sh', [], {
      cwd: folder,
      env: { PATH: join(folder, 'empty-path'), PUPPETDB_TOKEN: TOKEN, LC_ALL: 'C' },
    });
    this.child.stdout.on('data', (chunk: Buffer) => {
      this.output = Buffer.concat([this.output, chunk]);
      this.wake?.();
    });
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.errors += chunk.toString('utf8');
      this.wake?.();
    });
    // a shell that ended on a command cannot read the next: its EPIPE is that command's failure
    this.child.stdin.on('error', () => undefined);
    this.child.on('close', () => {
      this.ended = true;
      this.wake?.();
    });
    this.child.stdin.write(`curl() { printf '%s\\0' "$#" "$@"; }\n`);
  }

  /** The arguments `command` gave curl, each as the bytes the shell passed. */
  async argumentsOf(command: string): Promise<Buffer[]> {
    writeFileSync(join(this.folder, 'command.sh'), `${command}\n`);
    this.output = Buffer.alloc(0);
    this.child.stdin.write(`. ./command.sh </dev/null; printf '%s\\0' '${END_OF_COMMAND}'\n`);
    const end = Buffer.from(`${END_OF_COMMAND}\0`);
    while (!this.output.subarray(-end.length).equals(end) && !this.errors && !this.ended) {
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
    assert.equal(this.errors, '', `the shell complained about: ${command}`);
    assert.ok(!this.ended, `the shell ended on: ${command}`);
    const fields = splitNul(this.output);
    const count = Number(fields[0]?.toString('utf8'));
    assert.ok(Number.isInteger(count), `curl was not run first: ${command}`);
    assert.equal(fields.length, count + 2, `something besides one curl printed: ${command}`);
    return fields.slice(1, count + 1);
  }

  async close(): Promise<void> {
    if (this.ended) return;
    const closed = new Promise((resolve) => this.child.on('close', resolve));
    this.child.stdin.end();
    // a shell left inside an unfinished command would wait for more input: stop it
    this.child.kill();
    await closed;
  }
}

function splitNul(bytes: Buffer): Buffer[] {
  const fields: Buffer[] = [];
  let start = 0;
  for (let at = bytes.indexOf(0); at >= 0; at = bytes.indexOf(0, start)) {
    fields.push(bytes.subarray(start, at));
    start = at + 1;
  }
  return fields;
}

describe('the copied curl command, POSIX form', () => {
  let folder: string;
  let shell: Shell;
  before(() => {
    folder = mkdtempSync(join(tmpdir(), 'pdbx-curl-property-'));
    shell = new Shell(folder);
  });
  after(async () => {
    await shell.close();
    rmSync(folder, { recursive: true, force: true });
  });

  test('sh gives curl every argument byte for byte, the token from the environment', async (t) => {
    await assertAsyncProperty(
      t,
      fc.asyncProperty(target, shellText, async (curlTarget, query) => {
        const command = curlCommand(curlTarget, query, 'posix');
        assert.ok(!command.includes(TOKEN), 'the token is in the command');
        const got = await shell.argumentsOf(command);
        assert.deepStrictEqual(
          got,
          expectedArguments(curlTarget, query).map((arg) => Buffer.from(arg, 'utf8')),
          command,
        );
      }),
    );
  });
});
