/**
 * What a process added to its heap between two snapshots of it (e.g. the soak's middle and end,
 * SOAK_HEAP_SNAPSHOTS): the objects of the second that the first did not have (V8 keeps object
 * ids across snapshots of one process), by constructor, with the retainer path most of them share.
 *
 *   node --import tsx bench/heapDiff.ts soak-middle.heapsnapshot soak-end.heapsnapshot [--top 12]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface HeapSnapshot {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

/** A snapshot with its flat arrays indexed: node i's fields, edges and retainers. */
class Heap {
  readonly count: number;
  private readonly nodeWidth: number;
  private readonly edgeWidth: number;
  private readonly field: Record<'type' | 'name' | 'id' | 'selfSize' | 'edgeCount', number>;
  private readonly edgeField: Record<'type' | 'name' | 'to', number>;
  private readonly firstEdge: Uint32Array;
  private retainersOf: Array<Array<[from: number, edge: string]>> | undefined;

  constructor(private readonly data: HeapSnapshot) {
    const { node_fields: nodeFields, edge_fields: edgeFields } = data.snapshot.meta;
    this.nodeWidth = nodeFields.length;
    this.edgeWidth = edgeFields.length;
    this.field = {
      type: nodeFields.indexOf('type'),
      name: nodeFields.indexOf('name'),
      id: nodeFields.indexOf('id'),
      selfSize: nodeFields.indexOf('self_size'),
      edgeCount: nodeFields.indexOf('edge_count'),
    };
    this.edgeField = {
      type: edgeFields.indexOf('type'),
      name: edgeFields.indexOf('name_or_index'),
      to: edgeFields.indexOf('to_node'),
    };
    this.count = data.nodes.length / this.nodeWidth;
    this.firstEdge = new Uint32Array(this.count + 1);
    for (let node = 0, edge = 0; node < this.count; node++) {
      this.firstEdge[node] = edge;
      edge += this.value(node, 'edgeCount') * this.edgeWidth;
    }
    this.firstEdge[this.count] = data.edges.length;
  }

  private value(node: number, field: keyof Heap['field']): number {
    return this.data.nodes[node * this.nodeWidth + this.field[field]]!;
  }

  id = (node: number) => this.value(node, 'id');
  selfSize = (node: number) => this.value(node, 'selfSize');

  /** The constructor's name for objects and closures, the node type in brackets otherwise. */
  label(node: number): string {
    const type = this.data.snapshot.meta.node_types[0][this.value(node, 'type')]!;
    const name = this.data.strings[this.value(node, 'name')]!;
    if (type === 'object') return name;
    return type === 'closure' ? `closure ${name}` : `(${type})`;
  }

  /** Who holds each node, by strong edges only. */
  retainers(node: number): Array<[number, string]> {
    if (!this.retainersOf) {
      const all: Array<Array<[number, string]>> = Array.from({ length: this.count }, () => []);
      const edgeTypes = this.data.snapshot.meta.edge_types[0];
      const { edges, strings } = this.data;
      for (let from = 0; from < this.count; from++) {
        for (
          let edge = this.firstEdge[from]!;
          edge < this.firstEdge[from + 1]!;
          edge += this.edgeWidth
        ) {
          const type = edgeTypes[edges[edge + this.edgeField.type]!];
          if (type === 'weak') continue;
          const name = edges[edge + this.edgeField.name]!;
          const label = type === 'element' || type === 'hidden' ? '[]' : strings[name]!;
          all[edges[edge + this.edgeField.to]! / this.nodeWidth]!.push([from, label]);
        }
      }
      this.retainersOf = all;
    }
    return this.retainersOf[node]!;
  }

  /** `edge<-Holder` up to `depth` steps, through each node's first retainer; numbers folded. */
  retainerPath(node: number, depth: number): string {
    const steps: string[] = [];
    for (let current = node, step = 0; step < depth; step++) {
      const [holder] = this.retainers(current);
      if (!holder) break;
      steps.push(`${holder[1]}<-${this.label(holder[0])}`);
      current = holder[0];
    }
    return steps.join(' ').replace(/\d+/g, '#');
  }
}

function load(path: string): Heap {
  return new Heap(JSON.parse(readFileSync(path, 'utf8')) as HeapSnapshot);
}

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { top: { type: 'string', default: '12' }, depth: { type: 'string', default: '8' } },
  });
  if (positionals.length !== 2) {
    throw new Error('usage: heapDiff.ts <earlier.heapsnapshot> <later.heapsnapshot> [--top N]');
  }
  const before = load(positionals[0]!);
  const known = new Set<number>();
  for (let node = 0; node < before.count; node++) known.add(before.id(node));
  const after = load(positionals[1]!);
  const groups = new Map<string, { nodes: number[]; bytes: number }>();
  for (let node = 0; node < after.count; node++) {
    if (known.has(after.id(node))) continue;
    const group = groups.get(after.label(node)) ?? { nodes: [], bytes: 0 };
    group.nodes.push(node);
    group.bytes += after.selfSize(node);
    groups.set(after.label(node), group);
  }
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  const total = [...groups.values()].reduce((sum, group) => sum + group.bytes, 0);
  console.log(`new since the first snapshot: ${kb(total)} (self sizes), by constructor:`);
  const ranked = [...groups].sort(([, a], [, b]) => b.bytes - a.bytes);
  for (const [label, group] of ranked.slice(0, Number(values.top))) {
    const paths = new Map<string, number>();
    for (const node of group.nodes) {
      const path = after.retainerPath(node, Number(values.depth));
      paths.set(path, (paths.get(path) ?? 0) + 1);
    }
    const [path, shared] = [...paths].sort(([, a], [, b]) => b - a)[0]!;
    console.log(
      `${kb(group.bytes).padStart(9)} ${String(group.nodes.length).padStart(7)} × ${label}`,
    );
    console.log(`          ${shared} of them held by: ${path}`);
  }
}

main();
