import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CatalogParts, splitCatalogMessage } from '../../../src/shared/catalogParts';
import type { HostToGraph } from '../../../src/shared/protocol';
import { generateCatalog } from '../../fixtures/graph/generateCatalog';

type CatalogMessage = Extract<HostToGraph, { type: 'catalog' }>;

const big = generateCatalog(5000);
const other = { ...generateCatalog(2500), certname: 'other.example.com' };

/** Posts `message` as the host does and reads it as the page does. */
function roundTrip(message: CatalogMessage, resourcesPerPart?: number) {
  const posted = splitCatalogMessage(message, resourcesPerPart);
  const parts = new CatalogParts();
  let shown: CatalogMessage | undefined;
  for (const each of posted) {
    if (each.type === 'catalogPart') parts.add(each);
    else shown = parts.join(each);
  }
  return { posted, shown: shown! };
}

describe('a big catalog posted in parts', () => {
  test('each part is a bounded slice, the catalog message comes last, and the page gets the catalog whole', () => {
    const message: CatalogMessage = { type: 'catalog', catalog: big, focus: 'Class[Base]' };
    const { posted, shown } = roundTrip(message);
    assert.equal(posted.at(-1)!.type, 'catalog', 'the message itself comes last');
    const parts = posted.filter((each) => each.type === 'catalogPart');
    assert.ok(parts.length >= 2, `${big.resources.length} resources go in parts`);
    for (const part of parts) {
      assert.ok(part.resources.length <= 2000 && part.edges.length <= 4000, 'a bounded part');
    }
    assert.deepEqual(shown, message, 'the same catalog, in the same order, focus and all');
  });

  test('the catalog compared with comes in parts of its own', () => {
    const message: CatalogMessage = {
      type: 'catalog',
      catalog: big,
      compareWith: { catalog: other, label: 'other.example.com (1)' },
    };
    const { posted, shown } = roundTrip(message, 1000);
    const of = new Set(posted.flatMap((each) => (each.type === 'catalogPart' ? [each.of] : [])));
    assert.deepEqual([...of].sort(), ['catalog', 'compareWith']);
    assert.deepEqual(shown, message);
  });

  test('a small catalog is one message, as it was', () => {
    const small = generateCatalog(40);
    const message: CatalogMessage = { type: 'catalog', catalog: small };
    const { posted, shown } = roundTrip(message);
    assert.equal(posted.length, 1);
    assert.deepEqual(shown, message);
  });

  test('parts of one catalog are not carried into the next', () => {
    const parts = new CatalogParts();
    for (const each of splitCatalogMessage({ type: 'catalog' as const, catalog: big })) {
      if (each.type === 'catalogPart') parts.add(each);
      else parts.join(each);
    }
    const small = generateCatalog(40);
    assert.deepEqual(parts.join({ type: 'catalog', catalog: small }).catalog, small);
  });
});
