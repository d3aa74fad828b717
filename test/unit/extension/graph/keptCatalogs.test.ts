import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import type { CatalogGraphDto } from '../../../../src/shared/catalogGraph';
import {
  KeptCatalogs,
  REDACTED,
  withoutSensitiveValues,
} from '../../../../src/extension/graph/keptCatalogs';

function catalog(
  certname: string,
  version: string,
  parameters: Record<string, unknown> = {},
  padding = 0,
): CatalogGraphDto {
  return {
    certname,
    version,
    environment: 'production',
    resources: [
      {
        id: 'File[/etc/app.conf]',
        type: 'File',
        title: '/etc/app.conf',
        tags: ['file'],
        exported: false,
        file: undefined,
        line: undefined,
        // random text: it does not shrink when packed, so a catalog's size is what it is given
        parameters: { ensure: 'file', padding: noise(padding), ...parameters },
      },
    ],
    edges: [],
  };
}

const noise = (length: number) => randomBytes(Math.ceil(length * 0.75)).toString('base64');

/** A kept catalog's JSON text, as it was before it was packed. */
const unpacked = (packed: string) => gunzipSync(Buffer.from(packed, 'base64')).toString('utf8');

/** What one node's catalog takes, packed. */
function packedSize(each: CatalogGraphDto): number {
  const kept = new KeptCatalogs(roomy);
  kept.remember('one', each, 1);
  return kept.bytes;
}

const roomy = { maxBytes: 10_000_000, maxNodes: 100 };

describe('KeptCatalogs', () => {
  test('a new version of a node pushes the one before it to "previous"', () => {
    const kept = new KeptCatalogs(roomy);
    kept.remember('c\u0000web1', catalog('web1', '1'), 1);
    assert.equal(kept.previous('c\u0000web1'), undefined);
    kept.remember('c\u0000web1', catalog('web1', '2'), 2);
    assert.equal(kept.previous('c\u0000web1')?.version, '1');
    // the same version again keeps the previous one
    kept.remember('c\u0000web1', catalog('web1', '2'), 3);
    assert.equal(kept.previous('c\u0000web1')?.version, '1');
  });

  test('holds to the node count, forgetting the least recently seen first', () => {
    const kept = new KeptCatalogs({ maxBytes: 10_000_000, maxNodes: 2 });
    for (const [index, node] of ['a', 'b', 'a', 'c'].entries()) {
      kept.remember(node, catalog(node, String(index)), index);
      kept.remember(node, catalog(node, `${index}b`), index);
    }
    // b was seen least recently: it goes; a (seen again) and c stay
    assert.equal(kept.size, 2);
    assert.equal(kept.previous('b'), undefined);
    assert.ok(kept.previous('a'));
    assert.ok(kept.previous('c'));
  });

  test('holds to the byte budget, never evicting the catalog just stored', () => {
    const oneNode = packedSize(catalog('n0', '1', {}, 10_000));
    const kept = new KeptCatalogs({ maxBytes: oneNode * 3.5, maxNodes: 100 });
    for (let index = 0; index < 10; index++) {
      kept.remember(`n${index}`, catalog(`n${index}`, '1', {}, 10_000), index);
    }
    assert.ok(kept.bytes <= oneNode * 3.5, `${kept.bytes} bytes kept`);
    assert.equal(kept.size, 3);
    assert.deepEqual(Object.keys(kept.mostRecent(10)), ['n9', 'n8', 'n7']);
    // one catalog larger than the whole budget is still kept: it is the one on screen
    kept.remember('huge', catalog('huge', '1', {}, oneNode * 5), 100);
    assert.deepEqual(Object.keys(kept.mostRecent(10)), ['huge']);
  });

  test('persists only what it keeps, the most recent first', () => {
    const kept = new KeptCatalogs({ maxBytes: 10_000_000, maxNodes: 3 });
    for (let index = 0; index < 5; index++) {
      kept.remember(`n${index}`, catalog(`n${index}`, '1'), 10);
    }
    assert.deepEqual(Object.keys(kept.mostRecent(2)), ['n4', 'n3']);
    assert.deepEqual(Object.keys(kept.mostRecent(10)), ['n4', 'n3', 'n2']);
    // and what a window reload restores is held to the limits too
    const restored = new KeptCatalogs({ maxBytes: 10_000_000, maxNodes: 2 }, kept.mostRecent(10));
    assert.deepEqual(Object.keys(restored.mostRecent(10)), ['n4', 'n3']);
  });

  test('tighter limits (a changed setting) evict at once', () => {
    const kept = new KeptCatalogs(roomy);
    for (let index = 0; index < 5; index++) {
      kept.remember(`n${index}`, catalog(`n${index}`, '1'), index);
    }
    kept.setLimits({ maxBytes: 10_000_000, maxNodes: 1 });
    assert.deepEqual(Object.keys(kept.mostRecent(10)), ['n4']);
  });

  test('stores no value PuppetDB marks Sensitive, in either catalog', () => {
    const secret = { __ptype: 'Sensitive', __pvalue: 'hunter2' };
    const kept = new KeptCatalogs(roomy);
    kept.remember('db', catalog('db', '1', { password: secret, nested: { list: [1, secret] } }), 1);
    kept.remember('db', catalog('db', '2', { password: secret }), 2);
    const { latest, previous } = kept.mostRecent(10)['db']!;
    for (const stored of [unpacked(latest), unpacked(previous!)]) {
      assert.match(stored, /"password"/);
      assert.ok(!stored.includes('hunter2'), stored);
    }
    const parameters = kept.previous('db')!.resources[0]!.parameters;
    assert.equal(parameters['password'], REDACTED);
    assert.equal(parameters['nested'], REDACTED);
    assert.equal(parameters['ensure'], 'file', 'other parameters are kept');
  });

  test('keeps each catalog packed (its JSON gzipped, in base64), unpacked only when asked for', () => {
    const kept = new KeptCatalogs(roomy);
    const big = (version: string) => {
      const each = catalog('web', version);
      for (let index = 0; index < 300; index++) {
        each.resources.push({ ...each.resources[0]!, id: `File[/etc/app${index}.conf]` });
      }
      return each;
    };
    kept.remember('web', big('1'), 1);
    kept.remember('web', big('2'), 2);
    const stored = kept.mostRecent(1)['web']!;
    assert.deepEqual(JSON.parse(unpacked(stored.latest)), JSON.parse(JSON.stringify(big('2'))));
    assert.equal(stored.version, '2');
    assert.equal(stored.previousVersion, '1');
    assert.equal(kept.previousVersion('web'), '1');
    assert.equal(kept.bytes, stored.latest.length + stored.previous!.length);
    // a catalog's JSON repeats itself: packed, it takes a small part of its text
    assert.ok(stored.latest.length * 10 < JSON.stringify(big('2')).length, `${kept.bytes} bytes`);
    // as JSON has it (a field left undefined is no field)
    assert.deepEqual(kept.previous('web'), JSON.parse(JSON.stringify(big('1'))));
    // each call unpacks anew: what a graph changes of it is not kept
    assert.notEqual(kept.previous('web'), kept.previous('web'));
  });

  test('restores what the version before stored (each catalog as its JSON text), packed', () => {
    const secret = { __ptype: 'Sensitive', __pvalue: 'hunter2' };
    const restored = new KeptCatalogs(roomy, {
      web: {
        latest: JSON.stringify(catalog('web', '2')),
        previous: JSON.stringify(catalog('web', '1', { key: secret })),
        version: '2',
        seenAt: 5,
      },
      alone: { latest: JSON.stringify(catalog('alone', '7')), version: '7', seenAt: 4 },
      broken: { latest: '{not JSON', version: '1', seenAt: 6 },
    });
    assert.deepEqual(Object.keys(restored.mostRecent(10)), ['web', 'alone']);
    const web = restored.mostRecent(10)['web']!;
    assert.ok(!web.latest.startsWith('{'), 'packed');
    assert.equal(web.previousVersion, '1');
    assert.equal(restored.previous('web')!.resources[0]!.parameters['key'], REDACTED);
    assert.equal(restored.previousVersion('alone'), undefined);
    // and what this version stores comes back as it was
    const again = new KeptCatalogs(roomy, restored.mostRecent(10));
    assert.deepEqual(again.mostRecent(10), restored.mostRecent(10));
  });

  test('restores what an earlier version stored (catalogs as objects), redacted again', () => {
    const secret = { __ptype: 'Sensitive', __pvalue: 'hunter2' };
    const restored = new KeptCatalogs(roomy, {
      web: {
        latest: catalog('web', '2'),
        previous: catalog('web', '1', { key: secret }),
        seenAt: 5,
      },
      broken: { latest: 'not a catalog', seenAt: 6 },
      nothing: null,
    });
    assert.deepEqual(Object.keys(restored.mostRecent(10)), ['web']);
    assert.equal(restored.previous('web')!.resources[0]!.parameters['key'], REDACTED);
    restored.remember('web', catalog('web', '3'), 10);
    assert.equal(restored.previous('web')!.version, '2', 'the restored latest became previous');
  });

  test('redacts Pcore rich-data Sensitive values and leaves other catalogs untouched', () => {
    const plain = catalog('web', '1', { mode: '0644' });
    assert.equal(withoutSensitiveValues(plain), plain);
    const pcore = catalog('web', '1', {
      token: { __ptype: 'Pcore::SensitiveType', __pvalue: 's3cret' },
    });
    assert.ok(!JSON.stringify(withoutSensitiveValues(pcore)).includes('s3cret'));
  });
});
