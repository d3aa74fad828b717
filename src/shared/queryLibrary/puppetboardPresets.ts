/**
 * Puppetboard's query presets file (its `QUERY_PRESETS_FILE` setting, Puppetboard 7): a YAML list
 * of presets, each `name` and `query` (required), `description`, `endpoint` (default `pql`) and
 * `raw_json`. Puppetboard skips an entry it cannot use and keeps the rest; so does this reader,
 * naming each entry it skips and why. A map of name → preset is read too (the name its key).
 *
 * Only PQL presets become library queries: an `endpoint` other than `pql` holds an AST query for
 * that endpoint, which the PQL editor cannot run. `raw_json` is a Puppetboard display choice and
 * is not kept. Pure: the extension reads the file the user picked and hands its text here.
 */
import { yamlData } from '../hiera/yamlText';

/** A preset that can become a library query. */
export interface Preset {
  name: string;
  query: string;
  description?: string;
}

/** An entry that was skipped: where it is in the file, its name if it has one, and why. */
export interface PresetProblem {
  /** 1-based position in the list (or among the map's keys). */
  position: number;
  name?: string;
  reason: string;
}

export interface PresetsRead {
  presets: Preset[];
  problems: PresetProblem[];
}

/** A file that holds no presets at all: not YAML, or neither a list nor a map of presets. */
export class PresetsFileError extends Error {
  override readonly name = 'PresetsFileError';
}

/** Longer names and descriptions are refused rather than cut: a library entry is what was imported. */
export const MAX_PRESET_NAME_CHARS = 200;
export const MAX_PRESET_DESCRIPTION_CHARS = 2000;
export const MAX_PRESET_QUERY_CHARS = 100_000;

/** Reads the presets of a Puppetboard presets file's text. */
export function readPuppetboardPresets(text: string): PresetsRead {
  const { value, problems: yamlProblems } = yamlData(text);
  if (value === undefined) {
    throw new PresetsFileError(`The file is not valid YAML (${yamlProblems.join('; ')}).`);
  }
  const entries = presetEntries(value);
  const presets: Preset[] = [];
  const problems: PresetProblem[] = [];
  const seen = new Set<string>();
  entries.forEach(({ entry, key }, index) => {
    const position = index + 1;
    const result = readPreset(entry, key);
    if ('reason' in result) {
      problems.push({
        position,
        ...(result.name !== undefined && { name: result.name }),
        reason: result.reason,
      });
      return;
    }
    const identity = result.name.toLowerCase();
    if (seen.has(identity)) {
      problems.push({ position, name: result.name, reason: 'an earlier preset has this name' });
      return;
    }
    seen.add(identity);
    presets.push(result);
  });
  return { presets, problems };
}

function presetEntries(value: unknown): Array<{ entry: unknown; key?: string }> {
  if (Array.isArray(value)) return value.map((entry) => ({ entry }));
  if (isRecord(value)) return Object.entries(value).map(([key, entry]) => ({ entry, key }));
  if (value === null) throw new PresetsFileError('The file is empty: it holds no presets.');
  throw new PresetsFileError(
    'A Puppetboard presets file is a YAML list of presets (each with "name" and "query"); this one is not.',
  );
}

function readPreset(
  entry: unknown,
  key: string | undefined,
): Preset | { name?: string; reason: string } {
  if (!isRecord(entry)) {
    return {
      ...(key !== undefined && { name: key }),
      reason: 'it is not a preset (a mapping with "name" and "query")',
    };
  }
  const rawName = entry.name ?? key;
  const name = scalarText(rawName);
  if (name === undefined || name.trim() === '') return { reason: 'it has no "name"' };
  const shownName = oneLine(name);
  if ([...shownName].length > MAX_PRESET_NAME_CHARS) {
    return {
      name: shownName,
      reason: `its name is longer than ${MAX_PRESET_NAME_CHARS} characters`,
    };
  }
  if (entry.query === undefined || entry.query === null) {
    return { name: shownName, reason: 'it has no "query"' };
  }
  if (typeof entry.query !== 'string') return { name: shownName, reason: '"query" is not text' };
  const query = entry.query.trim();
  if (query === '') return { name: shownName, reason: '"query" is empty' };
  if (query.length > MAX_PRESET_QUERY_CHARS) {
    return {
      name: shownName,
      reason: `"query" is longer than ${MAX_PRESET_QUERY_CHARS} characters`,
    };
  }
  const endpoint = entry.endpoint ?? 'pql';
  if (endpoint !== 'pql') {
    return {
      name: shownName,
      reason: `its endpoint is ${JSON.stringify(scalarText(endpoint) ?? typeof endpoint)}, not "pql": only PQL queries can be run from the library`,
    };
  }
  const preset: Preset = { name: shownName, query };
  if (entry.description !== undefined && entry.description !== null) {
    const description = scalarText(entry.description);
    if (description === undefined) return { name: shownName, reason: '"description" is not text' };
    if (description.length > MAX_PRESET_DESCRIPTION_CHARS) {
      return {
        name: shownName,
        reason: `"description" is longer than ${MAX_PRESET_DESCRIPTION_CHARS} characters`,
      };
    }
    if (description.trim() !== '') preset.description = oneLine(description);
  }
  return preset;
}

/** Text, or a number or boolean as YAML wrote it (`name: 404` is the name "404"). */
function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** A name or description is one line: line breaks and runs of spaces become one space. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
