/**
 * A synthetic catalog shaped like a big real one: Stage[main] contains classes, classes contain
 * resources and defined-type instances (which contain resources of their own), and about as many
 * ordering and refresh edges as containment edges: package → config → service trios, an
 * `Exec[apt-get update]` before every package, classes ordered after a base class, accounts
 * requiring their group. Deterministic, so runs compare.
 */
import type {
  CatalogEdgeDto,
  CatalogGraphDto,
  CatalogResourceDto,
  Relationship,
} from '../../../src/shared/catalogGraph';

export function generateCatalog(
  resourceCount: number,
  edgeCount = resourceCount * 2,
): CatalogGraphDto {
  const resources: CatalogResourceDto[] = [];
  const edges: CatalogEdgeDto[] = [];
  const add = (type: string, title: string, container?: string): string => {
    const id = `${type}[${title}]`;
    resources.push({
      id,
      type,
      title,
      tags: [type.toLowerCase().replace(/::/g, '_'), 'bench'],
      exported: false,
      file: '/etc/puppetlabs/code/environments/production/site-modules/profile/manifests/init.pp',
      line: resources.length + 1,
      parameters: { ensure: 'present', index: resources.length },
    });
    if (container) edges.push({ source: container, target: id, relationship: 'contains' });
    return id;
  };
  const relate = (source: string, relationship: Relationship, target: string) =>
    edges.push({ source, target, relationship });

  const stage = add('Stage', 'main');
  const base = add('Class', 'Profile::Base', stage);
  const apt = add('Exec', 'apt-get update', base);
  const group = add('Group', 'deploy', base);
  let previousClass = base;
  let classIndex = 0;
  while (resources.length < resourceCount) {
    const klass = add('Class', `Profile::Part${classIndex}`, stage);
    // every fifth class starts a new chain after the base class; the others follow the previous
    relate(classIndex % 5 === 0 ? base : previousClass, 'before', klass);
    previousClass = klass;
    for (let trio = 0; trio < 4 && resources.length < resourceCount - 3; trio++) {
      const name = `app${classIndex}-${trio}`;
      const pkg = add('Package', name, klass);
      const config = add('File', `/etc/${name}/config.yaml`, klass);
      const service = add('Service', name, klass);
      relate(apt, 'before', pkg);
      relate(pkg, 'required-by', config);
      relate(pkg, 'required-by', service);
      relate(config, trio % 2 === 0 ? 'notifies' : 'subscription-of', service);
    }
    for (let account = 0; account < 3 && resources.length < resourceCount - 3; account++) {
      const name = `user${classIndex}-${account}`;
      const defined = add('Profile::Account', name, klass);
      const user = add('User', name, defined);
      const home = add('File', `/home/${name}`, defined);
      add('Ssh_authorized_key', `${name}@example.com`, defined);
      relate(group, 'before', user);
      relate(user, 'before', home);
    }
    classIndex++;
  }
  resources.length = Math.min(resources.length, resourceCount);
  const ids = new Set(resources.map((resource) => resource.id));
  const kept = edges.filter((edge) => ids.has(edge.source) && ids.has(edge.target));
  // top up with cross-class requires (a file requiring another class's package) to the edge count
  const files = resources.filter((resource) => resource.type === 'File').map((file) => file.id);
  const packages = resources.filter((resource) => resource.type === 'Package').map((p) => p.id);
  const seen = new Set(kept.map((edge) => `${edge.source} ${edge.target}`));
  for (let index = 0; kept.length < edgeCount && index < edgeCount * 4; index++) {
    const source = packages[(index * 7919) % packages.length]!;
    const target = files[(index * 104729 + 13) % files.length]!;
    if (seen.has(`${source} ${target}`)) continue;
    seen.add(`${source} ${target}`);
    kept.push({ source, target, relationship: 'required-by' });
  }
  return {
    certname: 'bench.example.com',
    version: '1',
    environment: 'production',
    resources,
    edges: kept.slice(0, edgeCount),
  };
}
