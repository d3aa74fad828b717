import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { nearestTo, nextInDirection, type Placed } from '../../../src/shared/graphNavigation';

// a left-to-right layered layout: layer 0 at x=0, layer 1 at x=200, layer 2 at x=400
const layout: Placed[] = [
  { id: 'Class[Main]', x: 0, y: 100 },
  { id: 'Package[nginx]', x: 200, y: 0 },
  { id: 'File[/etc/nginx.conf]', x: 200, y: 100 },
  { id: 'User[www]', x: 200, y: 200 },
  { id: 'Service[nginx]', x: 400, y: 100 },
  // far below, nearly straight down from the main class but outside the right arrow's cone
  { id: 'Notify[far]', x: 20, y: 900 },
];
const at = (id: string) => layout.find((placed) => placed.id === id)!;

describe('graph keyboard navigation', () => {
  test('Right steps to the next layer, the resource in line with this one', () => {
    assert.equal(nextInDirection(at('Class[Main]'), layout, 'right'), 'File[/etc/nginx.conf]');
    assert.equal(nextInDirection(at('File[/etc/nginx.conf]'), layout, 'right'), 'Service[nginx]');
  });

  test('Left steps back a layer', () => {
    assert.equal(nextInDirection(at('Service[nginx]'), layout, 'left'), 'File[/etc/nginx.conf]');
    assert.equal(nextInDirection(at('User[www]'), layout, 'left'), 'Class[Main]');
  });

  test('Up and Down move within the layer before leaving it', () => {
    assert.equal(nextInDirection(at('File[/etc/nginx.conf]'), layout, 'up'), 'Package[nginx]');
    assert.equal(nextInDirection(at('File[/etc/nginx.conf]'), layout, 'down'), 'User[www]');
  });

  test('a resource off to the side is taken only when nothing lies within the cone', () => {
    // Notify[far] is 20 px to the right of Main but 800 px down: Right prefers the next layer
    assert.notEqual(nextInDirection(at('Class[Main]'), layout, 'right'), 'Notify[far]');
    // from User[www] nothing is in the down cone except the far notify (x 180 off, y 700 ahead)
    assert.equal(nextInDirection(at('User[www]'), layout, 'down'), 'Notify[far]');
    // from the Service, nothing is further right at all
    assert.equal(nextInDirection(at('Service[nginx]'), layout, 'right'), undefined);
    // above Package[nginx] there is nothing
    assert.equal(nextInDirection(at('Package[nginx]'), layout, 'up'), undefined);
  });

  test('navigation starts at the resource nearest the middle of the view', () => {
    assert.equal(nearestTo({ x: 190, y: 90 }, layout), 'File[/etc/nginx.conf]');
    assert.equal(nearestTo({ x: 0, y: 0 }, []), undefined);
  });
});
