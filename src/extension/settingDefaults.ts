/**
 * Every setting the extension reads, with the default it falls back to. package.json declares
 * the same keys and defaults (test/unit/manifest.test.ts checks both ways); pure, so that test
 * can load it.
 */
import { DEFAULT_INVENTORY_COLUMNS } from '../shared/inventoryTable';

export const SETTING_DEFAULTS = {
  connections: [] as unknown[],
  pageSize: 500,
  reportsPageSize: 10,
  unreportedHours: 2,
  healthCheckSeconds: 60,
  utcTimes: false,
  'pql.pageSize': 5000,
  'pql.validateOnType': true,
  'pql.maxRows': 200_000,
  'pql.maxResultMB': 100,
  'events.maxEvents': 200_000,
  'overview.autoRefreshSeconds': 0,
  'graph.keptCatalogsMB': 20,
  'graph.keptCatalogsNodes': 50,
  'inventory.columns': [...DEFAULT_INVENTORY_COLUMNS] as string[],
  'code.pathMappings': {} as Record<string, string>,
  'code.lenses': true,
  'code.failureDiagnostics': false,
};

export type SettingKey = keyof typeof SETTING_DEFAULTS;
