/**
 * The bounded memory behind "compare with the previous catalog" (pure: no vscode, unit-tested).
 * Each node keeps its latest catalog and the one before it; the whole is held to a byte budget
 * and a node count, the least recently seen node going first — never the one just stored, which
 * the user is looking at. Parameter values PuppetDB marks sensitive are dropped before storing.
 */
import type { CatalogGraphDto, CatalogResourceDto } from '../../shared/catalogGraph';

/**
 * A node's kept catalogs as the workspace storage holds them: JSON text, not objects. A catalog
 * of thousands of resources as objects is several times its text on the heap; it is parsed again
 * only when a graph compares with it.
 */
export interface KeptCatalog {
  /** The latest catalog's JSON. */
  latest: string;
  /** The JSON of the node's catalog before `latest` (another version), if this workspace saw one. */
  previous?: string;
  /** The latest catalog's version: a new one pushes it to `previous`. */
  version: string;
  seenAt: number;
}

export interface KeptCatalogLimits {
  /** JSON characters of every kept catalog together (≈ bytes: catalogs are mostly ASCII). */
  maxBytes: number;
  maxNodes: number;
}

/** What a stored catalog shows in place of a sensitive value (Puppet's own wording). */
export const REDACTED = 'Sensitive [value redacted]';

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
    const previous = known && known.version !== catalog.version ? known.latest : known?.previous;
    // strictly increasing, so two catalogs seen within a millisecond still have an order
    const newest = Math.max(0, ...[...this.entries.values()].map((entry) => entry.seenAt));
    const entry: KeptCatalog = {
      latest: JSON.stringify(withoutSensitiveValues(catalog)),
      previous,
      version: catalog.version,
      seenAt: Math.max(now, newest + 1),
    };
    // re-inserted, so the map's order is least recently seen first
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.evict(key);
  }

  previous(key: string): CatalogGraphDto | undefined {
    const previous = this.entries.get(key)?.previous;
    return previous === undefined ? undefined : (JSON.parse(previous) as CatalogGraphDto);
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
 * A kept catalog from the workspace state, which may hold anything: this format, or the one before
 * it (the catalogs as objects, redacted again here), or neither (undefined).
 */
function restoredCatalog(value: unknown): KeptCatalog | undefined {
  const kept = value as Record<string, unknown> | null | undefined;
  if (typeof kept?.['seenAt'] !== 'number') return undefined;
  const { latest, previous, version, seenAt } = kept;
  if (typeof latest === 'string' && typeof version === 'string') {
    return typeof previous === 'string' || previous === undefined
      ? { latest, previous, version, seenAt }
      : undefined;
  }
  if (!isCatalog(latest) || (previous !== undefined && !isCatalog(previous))) return undefined;
  return {
    latest: JSON.stringify(withoutSensitiveValues(latest)),
    previous: previous && JSON.stringify(withoutSensitiveValues(previous)),
    version: latest.version,
    seenAt,
  };
}

function isCatalog(value: unknown): value is CatalogGraphDto {
  const catalog = value as Partial<CatalogGraphDto> | null | undefined;
  return typeof catalog?.version === 'string' && Array.isArray(catalog.resources);
}
