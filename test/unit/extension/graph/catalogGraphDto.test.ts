import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Catalog } from '../../../../src/client';
import { catalogToDto } from '../../../../src/extension/graph/catalogToDto';
import { buildGraphModel } from '../../../../src/shared/catalogGraphModel';

/** A catalog as PuppetDB's /pdb/query/v4/catalogs/<node> answers it (expanded). */
function wireCatalog(): Catalog {
  return Catalog.fromJSON({
    certname: 'web01.example.com',
    version: '1700000000',
    transaction_uuid: 'b7c1…',
    environment: 'production',
    producer: 'puppet.example.com',
    code_id: null,
    catalog_uuid: 'c1',
    resources: {
      href: '/pdb/query/v4/catalogs/web01.example.com/resources',
      data: [
        {
          type: 'Class',
          title: 'Profile::Web',
          tags: ['class', 'profile::web'],
          exported: false,
          file: '/etc/puppetlabs/code/site.pp',
          line: 3,
          parameters: {},
        },
        {
          type: 'Notify',
          title: '<img src=x onerror=alert(1)>',
          tags: ['notify'],
          exported: false,
          parameters: { message: 'javascript:alert(1)' },
        },
        {
          type: 'File',
          title: '/etc/motd',
          tags: ['file'],
          exported: true,
          file: '/etc/puppetlabs/code/site.pp',
          line: 9,
          parameters: { ensure: 'file', content: 'Grüße\n' },
        },
      ],
    },
    edges: {
      href: '/pdb/query/v4/catalogs/web01.example.com/edges',
      data: [
        {
          source_type: 'Class',
          source_title: 'Profile::Web',
          target_type: 'File',
          target_title: '/etc/motd',
          relationship: 'contains',
        },
        {
          source_type: 'File',
          source_title: '/etc/motd',
          target_type: 'Notify',
          target_title: '<img src=x onerror=alert(1)>',
          relationship: 'notifies',
        },
      ],
    },
  });
}

describe('catalog → graph DTO', () => {
  test('resources keep type, title, tags, exported, file:line and parameters; ids are Type[title]', () => {
    const dto = catalogToDto(wireCatalog());
    assert.equal(dto.certname, 'web01.example.com');
    assert.equal(dto.version, '1700000000');
    assert.equal(dto.environment, 'production');
    assert.deepEqual(
      dto.resources.map((resource) => resource.id),
      ['Class[Profile::Web]', 'Notify[<img src=x onerror=alert(1)>]', 'File[/etc/motd]'],
    );
    const motd = dto.resources.find((resource) => resource.id === 'File[/etc/motd]')!;
    assert.deepEqual(motd, {
      id: 'File[/etc/motd]',
      type: 'File',
      title: '/etc/motd',
      tags: ['file'],
      exported: true,
      file: '/etc/puppetlabs/code/site.pp',
      line: 9,
      parameters: { ensure: 'file', content: 'Grüße\n' },
    });
    const notify = dto.resources.find((resource) => resource.type === 'Notify')!;
    assert.equal(notify.file, undefined);
    assert.equal(notify.line, undefined);
  });

  test('edges name their ends by id and keep the relationship; the DTO is plain JSON', () => {
    const dto = catalogToDto(wireCatalog());
    assert.deepEqual(dto.edges, [
      { source: 'Class[Profile::Web]', target: 'File[/etc/motd]', relationship: 'contains' },
      {
        source: 'File[/etc/motd]',
        target: 'Notify[<img src=x onerror=alert(1)>]',
        relationship: 'notifies',
      },
    ]);
    // postMessage structured-clones it: class instances (client records) would lose their
    // prototypes, which the strict comparison notices
    assert.deepEqual(structuredClone(dto), dto);
    assert.equal(buildGraphModel(dto).edges.length, 2);
  });
});
