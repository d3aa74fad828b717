/**
 * The argument of Add Connection (used by tests and other extensions) is checked as strictly as
 * the form checks what a user types: a command argument never skips a check. Pure (no vscode).
 */
import type { ConnectionSettings } from '../settings';
import type { Auth, ConnectionFormResult } from './connectionChange';
import { urlProblem } from './credentialChecks';

const STRING_FIELDS = ['caFile', 'certFile', 'keyFile', 'username'] as const;
const CONNECTION_FIELDS = new Set<string>([
  'id',
  'name',
  'url',
  'serverUrls',
  'verifyTls',
  'timeout',
  ...STRING_FIELDS,
]);
const AUTHS: readonly Auth[] = ['none', 'certificate', 'token', 'basic'];

/** The argument as a form result, or an Error that says what is wrong with it. */
export function parsePrefilledConnection(argument: unknown): ConnectionFormResult {
  const fail = (reason: string): never => {
    throw new Error(`Add Connection: ${reason}`);
  };
  if (!isRecord(argument)) fail('the argument must be { connection, secrets? }.');
  const { connection, secrets = {}, auth } = argument as Record<string, unknown>;
  if (!isRecord(connection)) fail('"connection" must be an object.');
  const entry = connection as Record<string, unknown>;
  for (const key of Object.keys(entry)) {
    if (!CONNECTION_FIELDS.has(key)) fail(`"connection.${key}" is not a connection setting.`);
  }
  for (const key of ['id', 'name', 'url'] as const) {
    if (typeof entry[key] !== 'string' || !entry[key].trim()) {
      fail(`"connection.${key}" must be a non-empty string.`);
    }
  }
  const problem = urlProblem(entry.url as string);
  if (problem) fail(problem);
  const failover = entry.serverUrls;
  if (failover !== undefined) {
    if (!Array.isArray(failover) || !failover.every((url) => typeof url === 'string')) {
      fail('"connection.serverUrls" must be an array of URLs.');
    }
    for (const [index, url] of (failover as string[]).entries()) {
      const failoverProblem = urlProblem(url);
      if (failoverProblem) fail(`"connection.serverUrls" item ${index + 1}: ${failoverProblem}`);
    }
  }
  for (const key of STRING_FIELDS) {
    if (entry[key] !== undefined && typeof entry[key] !== 'string') {
      fail(`"connection.${key}" must be a string.`);
    }
  }
  if (entry.verifyTls !== undefined && typeof entry.verifyTls !== 'boolean') {
    fail('"connection.verifyTls" must be true or false.');
  }
  if (
    entry.timeout !== undefined &&
    !(typeof entry.timeout === 'number' && Number.isFinite(entry.timeout) && entry.timeout > 0)
  ) {
    fail('"connection.timeout" must be a number of seconds above 0.');
  }
  if (!isRecord(secrets)) fail('"secrets" must be an object.');
  const secretEntries = secrets as Record<string, unknown>;
  for (const [key, value] of Object.entries(secretEntries)) {
    if (key !== 'token' && key !== 'password') fail(`"secrets.${key}" is not a secret kind.`);
    if (value !== undefined && typeof value !== 'string') {
      fail(`"secrets.${key}" must be a string.`);
    }
  }
  if (auth !== undefined && !AUTHS.includes(auth as Auth)) {
    fail(`"auth" must be one of ${AUTHS.join(', ')}.`);
  }
  return {
    connection: {
      ...(entry as unknown as ConnectionSettings),
      url: (entry.url as string).trim(),
      ...(Array.isArray(failover)
        ? { serverUrls: (failover as string[]).map((url) => url.trim()) }
        : {}),
    },
    secrets: secretEntries as ConnectionFormResult['secrets'],
    auth: auth as Auth | undefined,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
