/** Runs for the history tests: summaries newest first, with only what a test says differing. */
import type { RunSummary } from '../../../../src/shared/history';

export function run(
  index: number,
  status: string,
  overrides: Partial<RunSummary> = {},
): RunSummary {
  return {
    certname: 'web01.example.com',
    hash: `hash-${index}`,
    status,
    startTime: new Date(Date.UTC(2026, 10, 1, 0, 0) - index * 1800_000 - 60_000).toISOString(),
    endTime: new Date(Date.UTC(2026, 10, 1, 0, 0) - index * 1800_000).toISOString(),
    configurationVersion: 'a1b2c3d',
    codeId: null,
    catalogUuid: 'catalog-1',
    cachedCatalogStatus: 'not_used',
    environment: 'production',
    puppetVersion: '7.23.0',
    correctiveChange: null,
    noop: false,
    ...overrides,
  };
}

/** Runs newest first from statuses written newest first: 'F' failed, 'C' changed, 'U' unchanged. */
export function history(statuses: string): RunSummary[] {
  const names: Record<string, string> = { F: 'failed', C: 'changed', U: 'unchanged' };
  return [...statuses].map((letter, index) => run(index, names[letter]!));
}
