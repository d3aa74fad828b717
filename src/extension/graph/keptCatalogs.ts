/**
 * The bounded memory behind "compare with the previous catalog" (pure: no vscode, unit-tested).
 * Each node keeps its latest catalog and the one before it; the whole is held to a byte budget
 * and a node count, the least recently seen node going first — never the one just stored, which
 * the user is looking at. Parameter values PuppetDB marks sensitive are dropped before storing.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { CatalogGraphDto, CatalogResourceDto } from '../../shared/catalogGraph';

/**
 * A node's kept catalogs as the host and the workspace state hold them: each catalog's JSON,
 * gzipped, in base64 (a string, which the workspace state can hold). A catalog's JSON is about
 * twenty times its gzip (a 3,000-resource catalog: 1 MB against 49 KB), and its objects several
 * times its JSON; it is unpacked again only when a graph compares with it.
 */
export interface KeptCatalog {
  /** The latest catalog, packed. */
  latest: string;
  /** The node's catalog before `latest` (another version), packed, if this workspace saw one. */
  previous?: string;
  /** The latest catalog's version: a new one pushes it to `previous`. */
  version: string;
  /** The version of `previous`: whether there is one to compare with, without unpacking it. */
  previousVersion?: string;
  seenAt: number;
}

export interface KeptCatalogLimits {
  /** Characters of every kept catalog together, packed (≈ bytes: base64 is ASCII). */
  maxBytes: number;
  maxNodes: number;
}

export class KeptCatalogs {
  /** In the order they were seen, least recently first. */
  private readonly entries = new Map<string, KeptCatalog>();

  constructor(
    private limits: KeptCatalogLimits,
    restored: Record<string, unknown> = {},
  ) {
    const oldestFirst = Object.entries(restored)
      .map(([key, value]) => [key, restoredCatalog(value)] as const)
      .filter((pair): pair is readonly [string, KeptCatalog] => pair[1] !== undefined)
      .sort(([, a], [, b]) => a.seenAt - b.seenAt);
    for (const [key, kept] of oldestFirst) this.entries.set(key, kept);
    this.evict(undefined);
  }

  /** Stores a freshly fetched catalog; a new version pushes the one before it to `previous`. */
  remember(key: string, catalog: CatalogGraphDto, now: number): void {
    const known = this.entries.get(key);
    const pushed = known !== undefined && known.version !== catalog.version;
    const previous = pushed ? known.latest : known?.previous;
    const previousVersion = pushed ? known.version : known?.previousVersion;
    // strictly increasing, so two catalogs seen within a millisecond still have an order
    const newest = Math.max(0, ...[...this.entries.values()].map((entry) => entry.seenAt));
    const entry: KeptCatalog = {
      latest: pack(withoutSensitiveValues(catalog)),
      ...(previous !== undefined && { previous, previousVersion }),
      version: catalog.version,
      seenAt: Math.max(now, newest + 1),
    };
    // re-inserted, so the map's order is least recently seen first
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.evict(key);
  }

  /** The node's catalog before the latest, unpacked anew at each call. */
  previous(key: string): CatalogGraphDto | undefined {
    const previous = this.entries.get(key)?.previous;
    return previous === undefined ? undefined : unpack(previous);
  }

  /** The version of the node's previous catalog, if one is kept (nothing is unpacked). */
  previousVersion(key: string): string | undefined {
    return this.entries.get(key)?.previousVersion;
  }

  /** New limits (a setting changed): evicts what no longer fits. */
  setLimits(limits: KeptCatalogLimits): void {
    this.limits = limits;
    this.evict(undefined);
  }

  /** The `count` most recently seen, for the workspace storage; only what is kept. */
  mostRecent(count: number): Record<string, KeptCatalog> {
    const recent = [...this.entries.entries()].slice(-Math.max(0, count)).reverse();
    return Object.fromEntries(recent);
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    let total = 0;
    for (const entry of this.entries.values()) total += sizeOf(entry);
    return total;
  }

  /** Drops the least recently seen until within the limits, sparing `keep`. */
  private evict(keep: string | undefined): void {
    let bytes = this.bytes;
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.limits.maxNodes && bytes <= this.limits.maxBytes) return;
      if (key === keep) continue;
      this.entries.delete(key);
      bytes -= sizeOf(entry);
    }
  }
}

/** A catalog as it is kept: its JSON, gzipped, in base64. */
function pack(catalog: CatalogGraphDto): string {
  return gzipSync(JSON.stringify(catalog)).toString('base64');
}

function unpack(packed: string): CatalogGraphDto {
  return JSON.parse(gunzipSync(Buffer.from(packed, 'base64')).toString('utf8')) as CatalogGraphDto;
}

/** What a stored catalog shows in place of a sensitive value (Puppet's own wording). */
export const REDACTED = 'Sensitive [value redacted]';

/**
 * The catalog with the values of sensitive parameters replaced. PuppetDB's terminus already
 * removes the parameters a resource lists in `sensitive_parameters` before it sends a catalog;
 * this keeps it that way for what could reach our storage anyway: a value in rich-data form
 * (`{"__ptype": "Pcore::SensitiveType"…}` / `"__ptype": "Sensitive"`), anywhere in a parameter.
 */
export function withoutSensitiveValues(catalog: CatalogGraphDto): CatalogGraphDto {
  let changed = false;
  const resources = catalog.resources.map((resource) => {
    const redacted = redactResource(resource);
    if (redacted !== resource) changed = true;
    return redacted;
  });
  return changed ? { ...catalog, resources } : catalog;
}

function redactResource(resource: CatalogResourceDto): CatalogResourceDto {
  let parameters: Record<string, unknown> | undefined;
  for (const [name, value] of Object.entries(resource.parameters)) {
    if (holdsSensitive(value)) {
      parameters ??= { ...resource.parameters };
      parameters[name] = REDACTED;
    }
  }
  return parameters ? { ...resource, parameters } : resource;
}

/** Whether a value is, or contains, a rich-data Sensitive. */
function holdsSensitive(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(holdsSensitive);
  const record = value as Record<string, unknown>;
  const type = record['__ptype'];
  if (typeof type === 'string' && /^(Pcore::)?Sensitive(Type)?$/.test(type)) return true;
  return Object.values(record).some(holdsSensitive);
}

function sizeOf(kept: KeptCatalog): number {
  return kept.latest.length + (kept.previous?.length ?? 0);
}

/**
 * A kept catalog from the workspace state, which may hold anything: this format, or one of the
 * two before it (the catalogs' JSON text; before that, the catalogs as objects), both packed and
 * redacted again here, or neither (undefined).
 */
function restoredCatalog(value: unknown): KeptCatalog | undefined {
  const kept = value as Record<string, unknown> | null | undefined;
  if (typeof kept?.['seenAt'] !== 'number') return undefined;
  const { latest, previous, version, previousVersion, seenAt } = kept;
  if (
    typeof latest === 'string' &&
    typeof version === 'string' &&
    !latest.startsWith('{') &&
    ((typeof previous === 'string' && typeof previousVersion === 'string') ||
      (previous === undefined && previousVersion === undefined))
  ) {
    return {
      latest,
      version,
      seenAt,
      ...(previous !== undefined && { previous, previousVersion }),
    };
  }
  const [latestCatalog, previousCatalog] = [latest, previous].map((each) =>
    typeof each === 'string' ? parsed(each) : each,
  );
  if (!isCatalog(latestCatalog)) return undefined;
  if (previousCatalog !== undefined && !isCatalog(previousCatalog)) return undefined;
  return {
    latest: pack(withoutSensitiveValues(latestCatalog)),
    version: latestCatalog.version,
    seenAt,
    ...(previousCatalog !== undefined && {
      previous: pack(withoutSensitiveValues(previousCatalog)),
      previousVersion: previousCatalog.version,
    }),
  };
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isCatalog(value: unknown): value is CatalogGraphDto {
  const catalog = value as Partial<CatalogGraphDto> | null | undefined;
  return typeof catalog?.version === 'string' && Array.isArray(catalog.resources);
}
