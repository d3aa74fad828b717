import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  PuppetDBConnectionError,
  PuppetDBHTTPError,
  RequestAbortedError,
  type RequestEvent,
} from '../../../src/client';
import { logRequest } from '../../../src/extension/requestLog';

function recordingLog() {
  const lines: Array<[string, string]> = [];
  const at = (level: string) => (text: string) => lines.push([level, text]);
  return {
    lines,
    log: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') },
  };
}

const EVENT: RequestEvent = {
  method: 'GET',
  url: 'https://pdb.example.com:8081/pdb/query/v4/nodes',
  server: 'https://pdb.example.com:8081',
  status: 200,
  bytes: 2048,
  ms: 12.4,
  rows: 40,
  error: undefined,
  failingOver: false,
  resending: false,
};

describe('the request log', () => {
  test('an answer is a debug line: method, URL, status, size, time, rows and server', () => {
    const { lines, log } = recordingLog();
    logRequest(log as never, { name: 'Prod' }, EVENT);
    assert.deepEqual(lines, [
      [
        'debug',
        'Prod: GET https://pdb.example.com:8081/pdb/query/v4/nodes → 200, 2.0 KB, 12 ms, 40 rows, from https://pdb.example.com:8081',
      ],
    ]);
  });

  test('a failure is an error with its causes; failing over a warning; a cancellation info', () => {
    const { lines, log } = recordingLog();
    const refused = new PuppetDBConnectionError('Could not reach PuppetDB.', EVENT.url, {
      code: 'ECONNREFUSED',
    });
    logRequest(log as never, { name: 'Prod' }, { ...EVENT, status: undefined, error: refused });
    logRequest(
      log as never,
      { name: 'Prod' },
      {
        ...EVENT,
        status: 503,
        error: new PuppetDBHTTPError(503, EVENT.url, ''),
        failingOver: true,
      },
    );
    logRequest(
      log as never,
      { name: 'Prod' },
      { ...EVENT, status: undefined, error: new RequestAbortedError('aborted') },
    );
    assert.deepEqual(
      lines.map(([level]) => level),
      ['error', 'warn', 'info'],
    );
    assert.match(
      lines[0]![1],
      /no answer.*\n {2}PuppetDBConnectionError: Could not reach PuppetDB\. \[ECONNREFUSED\]/,
    );
    assert.match(lines[1]![1], /503.*trying the next server$/);
    assert.match(lines[2]![1], /\(cancelled\)$/);
  });

  test('a query sent again after its connection closed unanswered is a warning that says so', () => {
    const { lines, log } = recordingLog();
    const closed = new PuppetDBConnectionError('Could not reach PuppetDB.', EVENT.url, {
      code: 'UND_ERR_SOCKET',
    });
    logRequest(
      log as never,
      { name: 'Prod' },
      { ...EVENT, status: undefined, error: closed, resending: true },
    );
    assert.deepEqual(lines, [
      [
        'warn',
        'Prod: GET https://pdb.example.com:8081/pdb/query/v4/nodes → no answer, 2.0 KB, 12 ms, 40 rows, from https://pdb.example.com:8081; sending it again on a new connection',
      ],
    ]);
  });
});
