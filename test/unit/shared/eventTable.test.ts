import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { EventTableModel, NO_CLASS, type EventTableView } from '../../../src/shared/eventTable';
import {
  cellText,
  changeText,
  shortLocationText,
  valueText,
} from '../../../src/shared/eventTableColumns';
import type { EventRowDto, EventStatus } from '../../../src/shared/reportDto';

function event(
  resourceTitle: string,
  status: EventStatus,
  overrides: Partial<EventRowDto> = {},
): EventRowDto {
  return {
    certname: 'web01.example.com',
    status,
    timestamp: '2024-05-01T10:00:00.000Z',
    resourceType: 'File',
    resourceTitle,
    property: 'mode',
    oldValue: '0600',
    newValue: '0644',
    message: `changed ${resourceTitle}`,
    containingClass: 'Main',
    file: '/etc/puppetlabs/code/site.pp',
    line: 10,
    reportHash: 'abc',
    ...overrides,
  };
}

const rows: EventRowDto[] = [
  event('/etc/b', 'success', { timestamp: '2024-05-01T10:00:03.000Z', line: 9 }),
  event('nginx', 'failure', {
    resourceType: 'Package',
    property: 'ensure',
    oldValue: 'purged',
    newValue: 'present',
    message: 'install failed: returned 100',
    timestamp: '2024-05-01T10:00:01.000Z',
    containingClass: 'Profile::Web',
    line: 100,
  }),
  event('nginx', 'skipped', {
    resourceType: 'Service',
    property: null,
    oldValue: null,
    newValue: null,
    message: 'Dependency Package[nginx] has failures: true',
    timestamp: '2024-05-01T10:00:02.000Z',
    containingClass: 'Profile::Web',
  }),
  event('/etc/a', 'noop', { timestamp: '2024-05-01T10:00:00.000Z', containingClass: null }),
  event('/etc/a', 'success', { timestamp: '2024-05-01T10:00:04.000Z', property: 'owner' }),
];

/** The titles of the events a view shows, with group headers as `#key (count)`. */
function shown(model: EventTableModel, view: EventTableView): string[] {
  return [...view.items].map((item) => {
    if (item < 0) {
      const group = view.groups[-item - 1]!;
      return `#${group.key} (${group.count})`;
    }
    const row = model.row(item);
    return `${row.resourceType}[${row.resourceTitle}]:${row.status}`;
  });
}

describe('EventTableModel', () => {
  test('without a query it shows every event in arrival order, and counts by status', () => {
    const model = new EventTableModel(rows);
    const view = model.view();
    assert.deepEqual([...view.items], [0, 1, 2, 3, 4]);
    assert.equal(view.matched, 5);
    assert.equal(view.total, 5);
    assert.deepEqual(view.totalCounts, { success: 2, failure: 1, noop: 1, skipped: 1 });
    assert.deepEqual(view.facetCounts, view.totalCounts);
  });

  test('sorts by timestamp both ways', () => {
    const model = new EventTableModel(rows);
    const ascending = model.view({ sort: { column: 'timestamp', direction: 'asc' } });
    assert.deepEqual([...ascending.items], [3, 1, 2, 0, 4]);
    const descending = model.view({ sort: { column: 'timestamp', direction: 'desc' } });
    assert.deepEqual([...descending.items], [4, 0, 2, 1, 3]);
  });

  test('sorts status by urgency: failures first ascending, last descending', () => {
    const model = new EventTableModel(rows);
    const ascending = model.view({ sort: { column: 'status', direction: 'asc' } });
    assert.deepEqual(
      [...ascending.items].map((index) => model.row(index).status),
      ['failure', 'skipped', 'noop', 'success', 'success'],
    );
    const descending = model.view({ sort: { column: 'status', direction: 'desc' } });
    // ties keep their arrival order in both directions
    assert.deepEqual([...descending.items], [0, 4, 3, 2, 1]);
  });

  test('sorts text case-insensitively and file:line by the line as a number', () => {
    const model = new EventTableModel([
      event('b', 'success', { line: 100 }),
      event('A', 'success', { line: 9 }),
      event('c', 'success', { line: 20 }),
    ]);
    const byResource = model.view({ sort: { column: 'resource', direction: 'asc' } });
    assert.deepEqual([...byResource.items], [1, 0, 2]);
    const byLocation = model.view({ sort: { column: 'location', direction: 'asc' } });
    assert.deepEqual([...byLocation.items], [1, 2, 0]);
  });

  test('filters by status, and the status counts follow the text filter only', () => {
    const model = new EventTableModel(rows);
    const failures = model.view({ statuses: ['failure', 'skipped'] });
    assert.deepEqual(shown(model, failures), ['Package[nginx]:failure', 'Service[nginx]:skipped']);
    assert.equal(failures.matched, 2);
    const nginx = model.view({ statuses: ['failure'], text: 'NGINX' });
    assert.deepEqual(shown(model, nginx), ['Package[nginx]:failure']);
    assert.deepEqual(nginx.facetCounts, { success: 0, failure: 1, noop: 0, skipped: 1 });
  });

  test('the text filter needs every word, each in any column', () => {
    const model = new EventTableModel(rows);
    assert.deepEqual(shown(model, model.view({ text: 'package 100' })), ['Package[nginx]:failure']);
    assert.deepEqual(shown(model, model.view({ text: 'profile::web dependency' })), [
      'Service[nginx]:skipped',
    ]);
    assert.deepEqual(shown(model, model.view({ text: 'nothing-like-this' })), []);
    // the file's path is searched, though the cell shows its base name
    assert.equal(model.view({ text: '/puppetlabs/code/' }).matched, 5);
  });

  test('per-column filters only look at their column', () => {
    const model = new EventTableModel(rows);
    assert.deepEqual(shown(model, model.view({ columnFilters: { resource: 'nginx' } })), [
      'Package[nginx]:failure',
      'Service[nginx]:skipped',
    ]);
    assert.equal(model.view({ columnFilters: { property: 'nginx' } }).matched, 0);
    assert.deepEqual(
      shown(model, model.view({ columnFilters: { change: 'purged → present', class: 'web' } })),
      ['Package[nginx]:failure'],
    );
  });

  test('groups by resource with counts, groups ordered by their first event', () => {
    const model = new EventTableModel(rows);
    const view = model.view({
      groupBy: 'resource',
      sort: { column: 'timestamp', direction: 'asc' },
    });
    assert.deepEqual(shown(model, view), [
      '#File[/etc/a] (2)',
      'File[/etc/a]:noop',
      'File[/etc/a]:success',
      '#Package[nginx] (1)',
      'Package[nginx]:failure',
      '#Service[nginx] (1)',
      'Service[nginx]:skipped',
      '#File[/etc/b] (1)',
      'File[/etc/b]:success',
    ]);
    assert.deepEqual(view.groups[0]!.statusCounts, { success: 1, failure: 0, noop: 1, skipped: 0 });
  });

  test('each group counts the distinct nodes of its events, also as events stream in', () => {
    const fleet = [
      event('/etc/a', 'failure', { certname: 'a.example.com' }),
      event('/etc/a', 'failure', { certname: 'b.example.com' }),
      event('/etc/a', 'success', { certname: 'a.example.com' }),
      event('/etc/b', 'failure', { certname: 'a.example.com', containingClass: 'Profile::Web' }),
    ];
    const model = new EventTableModel(fleet.slice(0, 2));
    assert.deepEqual(
      model.view({ groupBy: 'resource' }).groups.map((group) => [group.key, group.nodes]),
      [['File[/etc/a]', 2]],
    );
    model.append(fleet.slice(2));
    const byResource = model.view({ groupBy: 'resource' }).groups;
    assert.deepEqual(
      byResource.map((group) => [group.key, group.count, group.nodes]),
      [
        ['File[/etc/a]', 3, 2],
        ['File[/etc/b]', 1, 1],
      ],
    );
    // the status filter narrows the nodes too: only those with a shown event count
    const failures = model.view({ groupBy: 'class', statuses: ['failure'] }).groups;
    assert.deepEqual(
      failures.map((group) => [group.key, group.nodes]),
      [
        ['Main', 2],
        ['Profile::Web', 1],
      ],
    );
  });

  test('groups by class, and a collapsed group keeps only its header', () => {
    const model = new EventTableModel(rows);
    const view = model.view({ groupBy: 'class', collapsed: ['Main'] });
    assert.deepEqual(shown(model, view), [
      '#Main (2)',
      '#Profile::Web (2)',
      'Package[nginx]:failure',
      'Service[nginx]:skipped',
      `#${NO_CLASS} (1)`,
      'File[/etc/a]:noop',
    ]);
    assert.equal(view.groups[0]!.collapsed, true);
    assert.equal(view.matched, 5);
  });

  test('appended events are sorted, filtered and grouped with the others', () => {
    const model = new EventTableModel(rows.slice(0, 2));
    assert.deepEqual(
      [...model.view({ sort: { column: 'timestamp', direction: 'asc' } }).items],
      [1, 0],
    );
    model.view({ text: 'etc', groupBy: 'resource', columnFilters: { class: 'main' } });
    model.append(rows.slice(2));
    assert.deepEqual(
      [...model.view({ sort: { column: 'timestamp', direction: 'asc' } }).items],
      [3, 1, 2, 0, 4],
    );
    assert.equal(model.view({ text: 'etc', columnFilters: { class: 'main' } }).matched, 2);
    assert.equal(model.view({ groupBy: 'resource' }).groups.length, 4);
    model.replace([rows[1]!]);
    assert.equal(model.view({ text: '/etc/b' }).matched, 0);
    assert.equal(model.view({ text: 'nginx' }).matched, 1);
    assert.equal(model.size, 1);
  });

  test('handles 100,000 events (sorted, filtered and grouped views stay consistent)', () => {
    const many = Array.from({ length: 100_000 }, (_, index) =>
      event(
        `/srv/file-${index % 997}`,
        (['success', 'failure', 'noop', 'skipped'] as const)[index % 4]!,
        {
          timestamp: new Date(
            Date.UTC(2024, 0, 1) + ((index * 7919) % 100_000) * 1000,
          ).toISOString(),
        },
      ),
    );
    const model = new EventTableModel(many);
    const view = model.view({
      sort: { column: 'timestamp', direction: 'desc' },
      statuses: ['failure'],
      text: 'file-1',
    });
    const times = [...view.items].map((index) => Date.parse(model.row(index).timestamp));
    assert.ok(times.every((time, position) => position === 0 || times[position - 1]! >= time));
    assert.ok([...view.items].every((index) => model.row(index).status === 'failure'));
    assert.ok(view.matched > 0 && view.matched < 25_000);
    const grouped = model.view({ groupBy: 'resource' });
    assert.equal(grouped.groups.length, 997);
    assert.equal(grouped.items.length, 100_000 + 997);
  });
});

describe('event table columns', () => {
  test('values render as text: strings as they are, structures as JSON, null as nothing', () => {
    assert.equal(valueText('0644'), '0644');
    assert.equal(valueText(['a', 1]), '["a",1]');
    assert.equal(valueText(null), '');
    assert.equal(valueText(false), 'false');
    assert.equal(changeText(rows[1]!), 'purged → present');
    assert.equal(changeText(rows[2]!), '');
  });

  test('the resource is Type[title]; the location cell shows the base name and line', () => {
    assert.equal(cellText(rows[1]!, 'resource'), 'Package[nginx]');
    assert.equal(cellText(rows[1]!, 'location'), '/etc/puppetlabs/code/site.pp:100');
    assert.equal(shortLocationText(rows[1]!), 'site.pp:100');
    assert.equal(shortLocationText(event('x', 'success', { file: null })), '');
  });
});
