import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  decodeCorners,
  decodeRequest,
  encodeCorners,
  encodeRequest,
} from '../../../src/shared/graphLayout/layoutWire';

const nodes = [
  { id: 'Class[a]', width: 80, height: 26 },
  { id: 'File[/b]', width: 120.5, height: 26 },
  { id: 'Service[c]', width: 90, height: 30 },
];

describe('layout worker messages, packed', () => {
  test('a request comes out of the worker as it went in', () => {
    const edges = [
      { source: 'Class[a]', target: 'File[/b]' },
      { source: 'File[/b]', target: 'Service[c]' },
      { source: 'Service[c]', target: 'Class[a]' },
    ];
    const { message, transfer } = encodeRequest(7, { direction: 'LR', nodes, edges });
    assert.equal(message.id, 7);
    assert.deepEqual(transfer, [message.sizes.buffer, message.ends.buffer]);
    assert.deepEqual(decodeRequest(message), { direction: 'LR', nodes, edges });
  });

  test('an edge to a node the request does not have is left out', () => {
    const edges = [
      { source: 'Class[a]', target: 'File[/gone]' },
      { source: 'Class[a]', target: 'Service[c]' },
    ];
    const { message } = encodeRequest(1, { direction: 'TB', nodes, edges });
    assert.deepEqual([...message.ends], [0, 2]);
    assert.deepEqual(decodeRequest(message).edges, [edges[1]]);
  });

  test('positions cross as corners in the order of the ids; a node placed nowhere stays so', () => {
    const ids = nodes.map((node) => node.id);
    const positions = { 'Service[c]': { x: -3.5, y: 40 }, 'Class[a]': { x: 0, y: 0 } };
    const corners = encodeCorners(ids, positions);
    assert.equal(corners.length, 6);
    assert.deepEqual(decodeCorners(ids, corners), positions);
  });

  test('corners too few for the ids (a confused answer) give the nodes they cover only', () => {
    const ids = nodes.map((node) => node.id);
    assert.deepEqual(decodeCorners(ids, new Float64Array([1, 2])), { 'Class[a]': { x: 1, y: 2 } });
  });
});
