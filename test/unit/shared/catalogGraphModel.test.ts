import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type {
  CatalogGraphDto,
  CatalogResourceDto,
  Relationship,
} from '../../../src/shared/catalogGraph';
import {
  buildGraphModel,
  containers,
  dependencies,
  diffCatalogs,
  focusSet,
  nodeLabel,
  relationshipGroup,
  searchResources,
  stableJson,
} from '../../../src/shared/catalogGraphModel';

const resource = (id: string, parameters: Record<string, unknown> = {}): CatalogResourceDto => {
  const [, type, title] = /^(\w+)\[(.*)\]$/.exec(id)!;
  return {
    id,
    type: type!,
    title: title!,
    tags: [],
    exported: false,
    file: undefined,
    line: undefined,
    parameters,
  };
};
const edge = (source: string, relationship: Relationship, target: string) => ({
  source,
  target,
  relationship,
});

/** Main contains Profile::Web; the class contains a package, a file and a service:
 *  Package before File, File notifies Service; Exec before Package (outside the class). */
function catalog(): CatalogGraphDto {
  return {
    certname: 'web01',
    version: '1',
    environment: 'production',
    resources: [
      resource('Class[Main]'),
      resource('Class[Profile::Web]'),
      resource('Package[nginx]', { ensure: 'installed' }),
      resource('File[/etc/nginx.conf]', { mode: '0644', owner: 'root' }),
      resource('Service[nginx]'),
      resource('Exec[apt-get update]'),
      resource('Notify[unrelated]'),
    ],
    edges: [
      edge('Class[Main]', 'contains', 'Class[Profile::Web]'),
      edge('Class[Profile::Web]', 'contains', 'Package[nginx]'),
      edge('Class[Profile::Web]', 'contains', 'File[/etc/nginx.conf]'),
      edge('Class[Profile::Web]', 'contains', 'Service[nginx]'),
      edge('Class[Main]', 'contains', 'Exec[apt-get update]'),
      edge('Class[Main]', 'contains', 'Notify[unrelated]'),
      edge('Package[nginx]', 'before', 'File[/etc/nginx.conf]'),
      edge('File[/etc/nginx.conf]', 'notifies', 'Service[nginx]'),
      edge('Exec[apt-get update]', 'required-by', 'Package[nginx]'),
    ],
  };
}

const ids = (items: Array<{ id: string }>) => items.map((item) => item.id).sort();

describe('catalog graph model', () => {
  test('everything is drawn by default, edges identified by source, relationship and target', () => {
    const model = buildGraphModel(catalog());
    assert.equal(model.nodes.length, 7);
    assert.equal(model.edges.length, 9);
    assert.ok(
      model.edges.some((item) => item.id === 'File[/etc/nginx.conf] notifies Service[nginx]'),
    );
  });

  test('focus: the resource, what it depends on and what depends on it, transitively', () => {
    assert.deepEqual([...focusSet(catalog(), 'File[/etc/nginx.conf]')].sort(), [
      'Exec[apt-get update]',
      'File[/etc/nginx.conf]',
      'Package[nginx]',
      'Service[nginx]',
    ]);
    const { dependsOn, dependents } = dependencies(catalog(), 'Package[nginx]');
    assert.deepEqual([...dependsOn], ['Exec[apt-get update]']);
    assert.deepEqual([...dependents].sort(), ['File[/etc/nginx.conf]', 'Service[nginx]']);
    const focused = buildGraphModel(catalog(), { focus: 'Service[nginx]' });
    assert.deepEqual(ids(focused.nodes), [
      'Exec[apt-get update]',
      'File[/etc/nginx.conf]',
      'Package[nginx]',
      'Service[nginx]',
    ]);
    assert.equal(focused.edges.length, 3);
  });

  test('filters: a relationship group and a resource type are hidden', () => {
    const noContainment = buildGraphModel(catalog(), { hiddenGroups: new Set(['contains']) });
    assert.equal(noContainment.edges.length, 3);
    assert.ok(noContainment.edges.every((item) => item.relationship !== 'contains'));
    const noRefresh = buildGraphModel(catalog(), { hiddenGroups: new Set(['refresh']) });
    assert.ok(!noRefresh.edges.some((item) => item.relationship === 'notifies'));
    const noFiles = buildGraphModel(catalog(), { hiddenTypes: new Set(['File']) });
    assert.ok(!noFiles.nodes.some((item) => item.type === 'File'));
    assert.ok(
      !noFiles.edges.some(
        (item) => item.source.startsWith('File') || item.target.startsWith('File'),
      ),
    );
  });

  test('a collapsed class stands for what it contains; edges are redirected, loops dropped', () => {
    const model = buildGraphModel(catalog(), { collapsed: new Set(['Class[Profile::Web]']) });
    assert.deepEqual(ids(model.nodes), [
      'Class[Main]',
      'Class[Profile::Web]',
      'Exec[apt-get update]',
      'Notify[unrelated]',
    ]);
    assert.equal(model.nodes.find((item) => item.id === 'Class[Profile::Web]')!.members, 4);
    assert.ok(
      model.edges.some(
        (item) => item.id === 'Exec[apt-get update] required-by Class[Profile::Web]',
      ),
    );
    assert.ok(!model.edges.some((item) => item.source === item.target));
    // collapsing the outer class swallows the inner one too
    const outer = buildGraphModel(catalog(), {
      collapsed: new Set(['Class[Main]', 'Class[Profile::Web]']),
    });
    assert.deepEqual(ids(outer.nodes), ['Class[Main]']);
    assert.equal(outer.nodes[0]!.members, 7);
    assert.equal(outer.edges.length, 0);
  });

  test('diff: added, removed and changed resources and edges, drawn together', () => {
    const before = catalog();
    const after = catalog();
    after.resources = after.resources.filter((item) => item.id !== 'Notify[unrelated]');
    after.edges = after.edges.filter((item) => item.target !== 'Notify[unrelated]');
    after.resources.push(resource('User[deploy]'));
    after.edges.push(edge('Class[Main]', 'contains', 'User[deploy]'));
    after.resources.find((item) => item.id === 'File[/etc/nginx.conf]')!.parameters = {
      owner: 'root',
      mode: '0600',
    };
    // the same parameters in another key order are not a change
    after.resources.find((item) => item.id === 'Package[nginx]')!.parameters = {
      ensure: 'installed',
    };
    before.resources.find((item) => item.id === 'Exec[apt-get update]')!.parameters = {
      command: 'apt-get update',
      refreshonly: true,
    };
    after.resources.find((item) => item.id === 'Exec[apt-get update]')!.parameters = {
      refreshonly: true,
      command: 'apt-get update',
    };
    const diff = diffCatalogs(after, before);
    assert.deepEqual(diff.counts, {
      added: 1,
      removed: 1,
      changed: 1,
      addedEdges: 1,
      removedEdges: 1,
    });
    assert.equal(diff.states.get('User[deploy]'), 'added');
    assert.equal(diff.states.get('Notify[unrelated]'), 'removed');
    assert.equal(diff.states.get('File[/etc/nginx.conf]'), 'changed');
    assert.equal(diff.states.get('Package[nginx]'), 'same');
    assert.equal(diff.states.get('Exec[apt-get update]'), 'same');
    const model = buildGraphModel(after, { diff });
    assert.equal(model.nodes.length, 8);
    assert.equal(model.nodes.find((item) => item.id === 'Notify[unrelated]')!.diff, 'removed');
    assert.equal(model.edges.find((item) => item.target === 'Notify[unrelated]')!.diff, 'removed');
    assert.equal(model.edges.find((item) => item.target === 'User[deploy]')!.diff, 'added');
  });

  test('stable JSON ignores key order but not array order', () => {
    assert.equal(
      stableJson({ b: 1, a: [2, { d: 1, c: 2 }] }),
      stableJson({ a: [2, { c: 2, d: 1 }], b: 1 }),
    );
    assert.notEqual(stableJson([1, 2]), stableJson([2, 1]));
  });

  test('focus leaves out containers and siblings: containment is not a dependency', () => {
    const focused = focusSet(catalog(), 'Exec[apt-get update]');
    assert.ok(!focused.has('Class[Main]'));
    assert.ok(!focused.has('Notify[unrelated]'));
    assert.deepEqual([...focusSet(catalog(), 'Notify[unrelated]')], ['Notify[unrelated]']);
  });

  test('relationship groups: containment, ordering (before/require), refresh (notify/subscribe)', () => {
    assert.equal(relationshipGroup('contains'), 'contains');
    assert.equal(relationshipGroup('before'), 'ordering');
    assert.equal(relationshipGroup('required-by'), 'ordering');
    assert.equal(relationshipGroup('notifies'), 'refresh');
    assert.equal(relationshipGroup('subscription-of'), 'refresh');
  });

  test('containers: the resources that contain others, which the view lets collapse', () => {
    assert.deepEqual([...containers(catalog())].sort(), ['Class[Main]', 'Class[Profile::Web]']);
  });

  test('search: every word must match Type[title], case-insensitively; exact and prefix first', () => {
    const resources = catalog().resources;
    assert.deepEqual(searchResources(resources, 'nginx'), [
      'Package[nginx]',
      'File[/etc/nginx.conf]',
      'Service[nginx]',
    ]);
    assert.deepEqual(searchResources(resources, 'SERVICE[nginx]'), ['Service[nginx]']);
    assert.deepEqual(searchResources(resources, 'file conf'), ['File[/etc/nginx.conf]']);
    assert.deepEqual(searchResources(resources, 'class'), ['Class[Main]', 'Class[Profile::Web]']);
    assert.deepEqual(searchResources(resources, '  '), []);
    assert.deepEqual(searchResources(resources, 'nothing-like-it'), []);
  });

  test('labels: Type[title], long titles shortened, collapsed nodes say how many they hide', () => {
    assert.equal(nodeLabel({ type: 'File', title: '/etc/motd', members: 1 }), 'File[/etc/motd]');
    const long = nodeLabel({ type: 'File', title: `/srv/${'x'.repeat(80)}`, members: 1 });
    assert.ok(long.length <= 40 && long.endsWith('…]'), long);
    assert.equal(
      nodeLabel({ type: 'Class', title: 'Profile::Web', members: 4 }),
      'Class[Profile::Web] +3',
    );
  });
});
