/** A small hierarchy, its files and nodes, and the node-by-node definition of who reads what. */
import {
  dataFilesFor,
  parseHieraConfig,
  type HieraConfig,
  type NodeScope,
} from '../../../../src/shared/hiera';
import { nodeScope } from './scopes';

export const { config } = parseHieraConfig(
  `
version: 5
hierarchy:
  - { name: node, path: "nodes/%{trusted.certname}.yaml" }
  - { name: role, path: "roles/%{trusted.extensions.pp_role}.yaml" }
  - { name: role-env, path: "roles/%{trusted.extensions.pp_role}/%{::environment}.yaml" }
  - { name: dc, glob: "dc/%{facts.datacenter}/*.yaml" }
  - { name: domains, mapped_paths: [facts.domains, d, "domains/%{d}.yaml"] }
  - { name: env, path: "env/%{::environment}.yaml" }
  - { name: group, path: "groups/%{facts.group}.yaml" }
  - { name: count, paths: ["counts/%{facts.count}.yaml", "x/../up/%{facts.group}/./%{facts.count}.yaml"] }
  - { name: common, path: common.yaml }
`,
  'hiera.yaml',
) as { config: HieraConfig };

export const present = new Set([
  'data/nodes/n1.yaml',
  'data/roles/web.yaml',
  'data/roles/db.yaml',
  'data/roles/web/staging.yaml',
  'data/dc/fra1/a.yaml',
  'data/dc/fra1/b.yaml',
  'data/dc/ams2/a.yaml',
  'data/domains/shop.yaml',
  'data/env/production.yaml',
  'data/groups/.yaml',
  'data/counts/3.yaml',
  'data/counts/true.yaml',
  'data/up/x/3.yaml',
  'data/up/3.yaml',
  'data/common.yaml',
]);

/** What each file's readers are, node by node: the definition `nodesReading` must match. */
export function naive(scopes: NodeScope[]): Map<string, string[]> {
  const readers = new Map<string, string[]>();
  for (const scope of scopes) {
    for (const file of dataFilesFor(config, scope, present)) {
      if (!file.present) continue;
      const list = readers.get(file.path) ?? [];
      if (!list.includes(scope.certname)) list.push(scope.certname);
      readers.set(file.path, list);
    }
  }
  return readers;
}

export const sorted = (map: Map<string, string[]>) =>
  Object.fromEntries([...map].map(([path, certnames]) => [path, [...certnames].sort()]).sort());

export function scope(
  index: number,
  role: string,
  dc: string,
  environment: string,
  extra = {},
): NodeScope {
  const certname = `n${index}`;
  return nodeScope(
    certname,
    { datacenter: dc, trusted: { extensions: { pp_role: role } }, ...extra },
    environment,
  );
}
