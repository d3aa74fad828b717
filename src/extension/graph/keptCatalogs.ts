/**
 * The bounded memory behind "compare with the previous catalog" (pure: no vscode, unit-tested).
 * Each node keeps its latest catalog and the one before it; the whole is held to a byte budget
 * and a node count, the least recently seen node going first — never the one just stored, which
 * the user is looking at. Parameter values PuppetDB marks sensitive are dropped before storing.
 */
import type { CatalogGraphDto, CatalogResourceDto } from '../../shared/catalogGraph';

export interface KeptCatalog {
  latest: CatalogGraphDto;
  /** The catalog of the node before `latest` (another version), if this workspace saw one. */
  previous?: CatalogGraphDto;
  seenAt: number;
}

export interface KeptCatalogLimits {
  /** JSON characters of every kept catalog together (≈ bytes: catalogs are mostly ASCII). */
  maxBytes: number;
  maxNodes: number;
}

/** What a stored catalog shows in place of a sensitive value (Puppet's own wording). */
export const REDACTED = 'Sensitive [value redacted]';

interface Entry extends KeptCatalog {
  bytes: number;
}

export class KeptCatalogs {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private limits: KeptCatalogLimits,
    restored: Record<string, KeptCatalog> = {},
  ) {
    const oldestFirst = Object.entries(restored)
      .filter(([, kept]) => isKeptCatalog(kept))
      .sort(([, a], [, b]) => a.seenAt - b.seenAt);
    for (const [key, kept] of oldestFirst) {
      const latest = withoutSensitiveValues(kept.latest);
      const previous = kept.previous && withoutSensitiveValues(kept.previous);
      this.entries.set(key, { latest, previous, seenAt: kept.seenAt, bytes: 0 });
      this.entries.get(key)!.bytes = sizeOf(this.entries.get(key)!);
    }
    this.evict(undefined);
  }

  /** Stores a freshly fetched catalog; a new version pushes the one before it to `previous`. */
  remember(key: string, catalog: CatalogGraphDto, now: number): void {
    const known = this.entries.get(key);
    const previous =
      known && known.latest.version !== catalog.version ? known.latest : known?.previous;
    // strictly increasing, so two catalogs seen within a millisecond still have an order
    const newest = Math.max(0, ...[...this.entries.values()].map((entry) => entry.seenAt));
    const entry: Entry = {
      latest: withoutSensitiveValues(catalog),
      previous,
      seenAt: Math.max(now, newest + 1),
      bytes: 0,
    };
    entry.bytes = sizeOf(entry);
    // re-inserted, so the map's order is least recently seen first
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.evict(key);
  }

  previous(key: string): CatalogGraphDto | undefined {
    return this.entries.get(key)?.previous;
  }

  /** New limits (a setting changed): evicts what no longer fits. */
  setLimits(limits: KeptCatalogLimits): void {
    this.limits = limits;
    this.evict(undefined);
  }

  /** The `count` most recently seen, for the workspace storage; only what is kept. */
  mostRecent(count: number): Record<string, KeptCatalog> {
    const recent = [...this.entries.entries()].slice(-Math.max(0, count)).reverse();
    return Object.fromEntries(
      recent.map(([key, { latest, previous, seenAt }]) => [key, { latest, previous, seenAt }]),
    );
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    let total = 0;
    for (const entry of this.entries.values()) total += entry.bytes;
    return total;
  }

  /** Drops the least recently seen until within the limits, sparing `keep`. */
  private evict(keep: string | undefined): void {
    let bytes = this.bytes;
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.limits.maxNodes && bytes <= this.limits.maxBytes) return;
      if (key === keep) continue;
      this.entries.delete(key);
      bytes -= entry.bytes;
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
  return (
    JSON.stringify(kept.latest).length + (kept.previous ? JSON.stringify(kept.previous).length : 0)
  );
}

/** What the workspace state gave back may be anything (`?.` reads nothing of null or a number). */
function isKeptCatalog(value: unknown): value is KeptCatalog {
  const kept = value as Partial<KeptCatalog> | null | undefined;
  return typeof kept?.seenAt === 'number' && Array.isArray(kept.latest?.resources);
}
