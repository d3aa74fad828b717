/**
 * A run as the history walk sees it: a report's summary (no logs, metrics or events), read from
 * the projected fields of one PQL row. The walk, the comparison and the health signals take these,
 * so that what "a run" means is said once.
 */

/** The report fields a summary is made of: what the history asks PuppetDB to project. */
export const RUN_SUMMARY_FIELDS = [
  'certname',
  'hash',
  'status',
  'start_time',
  'end_time',
  'configuration_version',
  'code_id',
  'catalog_uuid',
  'cached_catalog_status',
  'environment',
  'puppet_version',
  'corrective_change',
  'noop',
] as const;

export interface RunSummary {
  certname: string;
  hash: string;
  /** changed, unchanged or failed (PuppetDB keeps what the agent said). */
  status: string | null;
  startTime: string | null;
  endTime: string;
  configurationVersion: string | null;
  codeId: string | null;
  catalogUuid: string | null;
  cachedCatalogStatus: string | null;
  environment: string | null;
  puppetVersion: string | null;
  /** null when the agent or the server did not say (PuppetDB FOSS: always): "unknown". */
  correctiveChange: boolean | null;
  noop: boolean;
}

/** A run is bad when its report says it failed; a noop or cached-catalog run is not. */
export function isFailedRun(run: Pick<RunSummary, 'status'>): boolean {
  return run.status === 'failed';
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * The summary of one projected report row, or undefined when the row lacks what a run must have
 * (a hash, a certname and an end time): a row the walk cannot place is skipped, never guessed.
 */
export function runSummaryOf(row: Readonly<Record<string, unknown>>): RunSummary | undefined {
  const certname = text(row.certname);
  const hash = text(row.hash);
  const endTime = text(row.end_time);
  if (certname === null || hash === null || endTime === null) return undefined;
  return {
    certname,
    hash,
    status: text(row.status),
    startTime: text(row.start_time),
    endTime,
    configurationVersion: text(row.configuration_version),
    codeId: text(row.code_id),
    catalogUuid: text(row.catalog_uuid),
    cachedCatalogStatus: text(row.cached_catalog_status),
    environment: text(row.environment),
    puppetVersion: text(row.puppet_version),
    correctiveChange: typeof row.corrective_change === 'boolean' ? row.corrective_change : null,
    noop: row.noop === true,
  };
}
