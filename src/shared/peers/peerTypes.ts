/**
 * What a peer comparison reads: one node's own resources, facts and packages, and the group's
 * aggregate counts as PuppetDB answers them (`group by` queries), the node among them or not.
 */

/** A resource of the node's catalog. */
export interface NodeResource {
  type: string;
  title: string;
  parameters: Readonly<Record<string, unknown>>;
}

/** A package of the node's inventory. */
export interface NodePackage {
  name: string;
  version: string;
  provider: string;
}

/** One node: its catalog's resources, its top-level facts and its package inventory. */
export interface NodeProfile {
  certname: string;
  resources: readonly NodeResource[];
  facts: Readonly<Record<string, unknown>>;
  packages: readonly NodePackage[];
}

/** `resources[type, title, parameters, count()] { … group by type, title, parameters }`. */
export interface ParameterSetCount {
  type: string;
  title: string;
  parameters: Readonly<Record<string, unknown>>;
  count: number;
}

/** `facts[name, value, count()] { … group by name, value }`. */
export interface FactValueCount {
  name: string;
  value: unknown;
  count: number;
}

/** `package_inventory[package_name, version, provider, count()] { … group by … }`. */
export interface PackageVersionCount {
  name: string;
  version: string;
  provider: string;
  count: number;
}

/** The group's counts: its members (certnames) and how many of them hold each thing. */
export interface GroupCounts {
  members: readonly string[];
  resources: readonly ParameterSetCount[];
  facts: readonly FactValueCount[];
  packages: readonly PackageVersionCount[];
}
