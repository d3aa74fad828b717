/**
 * A Hiera data file's text as its backend reads it. YAML as Ruby's Psych does (YAML 1.1: `yes`
 * and `on` are true), JSON with JSON.parse. Puppet's `yaml_data` takes an empty file as no data,
 * warns about (and ignores) a file whose top is not a hash, and stops the lookup on a file it
 * cannot parse; here that last one is a problem and no data. eyaml files are YAML whose
 * `ENC[…]` values stay encrypted; a custom backend's data is not a file this emulation reads.
 */
import { yamlData } from './yamlText';
import type { HieraBackend } from './config';
import { isHash } from './keys';

export function parseDataFile(
  text: string,
  backend: HieraBackend,
): { data?: unknown; problems: string[] } {
  switch (backend.kind) {
    case 'yaml':
    case 'eyaml':
      return parseYaml(text);
    case 'json':
      return parseJson(text);
    case 'custom':
      return {
        problems: [`the custom backend '${backend.name}' is not emulated: its data is not read`],
      };
  }
}

function parseYaml(text: string): { data?: unknown; problems: string[] } {
  const { value, problems } = yamlData(text);
  if (value === undefined && problems.length > 0) return { problems };
  const top = topHash(value);
  return { ...top, problems: [...problems, ...top.problems] };
}

function parseJson(text: string): { data?: unknown; problems: string[] } {
  if (text.trim() === '') return { data: {}, problems: [] };
  try {
    return topHash(JSON.parse(text));
  } catch (error) {
    return { problems: [`not valid JSON: ${(error as Error).message}`] };
  }
}

function topHash(value: unknown): { data?: unknown; problems: string[] } {
  if (value === null || value === undefined) return { data: {}, problems: [] };
  if (!isHash(value)) {
    return { data: {}, problems: ['the file does not hold a hash of keys: Hiera ignores it'] };
  }
  return { data: value, problems: [] };
}

/** `ENC[PKCS7,…]` or `ENC[GPG,…]`: a value hiera-eyaml decrypts, here shown as it is. */
export const ENCRYPTED_VALUE = /ENC\[\s*(?:PKCS7|GPG)\s*,[^\]]*\]/;

/** True when the value holds an encrypted eyaml block anywhere inside it. */
export function holdsEncrypted(value: unknown): boolean {
  if (typeof value === 'string') return ENCRYPTED_VALUE.test(value);
  if (Array.isArray(value)) return value.some(holdsEncrypted);
  if (isHash(value)) return Object.values(value).some(holdsEncrypted);
  return false;
}
