/**
 * The import graph of src/extension has layers and no cycle. Every file's imports (type-only ones
 * too: they tie the files as much for a reader) are read with TypeScript's own pre-processor:
 * - the composition root (extension.ts, testingApi.ts, and codeCachedEntry.ts, the entry VS Code
 *   loads, which loads extension.ts's bundle) may import anything;
 * - a feature folder (pql/, graph/, reports/, …) may import core files, infrastructure and other
 *   features, never the composition root;
 * - core files (the other files at the top of src/extension) and infrastructure folders
 *   (webviews/, connections/, commands/, export/, tree/) never import a feature folder nor the
 *   composition root: a feature reaches the others through them (commands, openViews), and they
 *   know no feature;
 * - no cycle at all, of any length.
 * A failure names the upward edge, or the files of the cycle in order.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';

/** The tests run from the repository's root (npm run test:unit bundles this file elsewhere). */
const ROOT = resolve('src/extension');

/** The files every other file may be imported by: the composition root. */
const COMPOSITION_ROOT = new Set(['extension.ts', 'testingApi.ts', 'codeCachedEntry.ts']);
/** Folders whose files any part may use: they know no feature. */
const INFRASTRUCTURE = new Set(['webviews', 'connections', 'commands', 'export', 'tree']);

type Layer = 'root' | 'feature' | 'infrastructure' | 'core';

function layerOf(file: string): Layer {
  if (COMPOSITION_ROOT.has(file)) return 'root';
  const [folder, ...rest] = file.split('/');
  if (rest.length === 0) return 'core';
  return INFRASTRUCTURE.has(folder!) ? 'infrastructure' : 'feature';
}

/** Every .ts file under src/extension, relative to it, with `/` between folders. */
function sourceFiles(folder = ROOT): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [relative(ROOT, path).split('\\').join('/')] : [];
  });
}

/** The files of src/extension that `file` imports (other modules are not this test's). */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => {
      const base = resolve(ROOT, dirname(file), specifier);
      const found = [`${base}.ts`, join(base, 'index.ts')].find((path) => existsSync(path));
      return found && relative(ROOT, found).split('\\').join('/');
    })
    .filter((target): target is string => target !== undefined && !target.startsWith('..'));
}

/** The import graph: each file and the files of src/extension it imports. */
function importGraph(): Map<string, string[]> {
  return new Map(sourceFiles().map((file) => [file, importsOf(file)]));
}

/** Whether `from` may import `to`, and why not. */
function upwardEdge(from: string, to: string): string | undefined {
  const [source, target] = [layerOf(from), layerOf(to)];
  if (source === 'root') return undefined;
  if (target === 'root') return `${from} (${source}) imports the composition root ${to}`;
  if ((source === 'core' || source === 'infrastructure') && target === 'feature') {
    return `${from} (${source}) imports the feature file ${to}`;
  }
  return undefined;
}

/** The cycles of the graph: its strongly connected components of more than one file (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(component);
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** One path around a cycle, from its first file back to it, to name in a failure. */
function loopThrough(graph: Map<string, string[]>, component: string[]): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0]!;
  const path = [start];
  const seen = new Set([start]);
  const walk = (file: string): boolean => {
    for (const target of graph.get(file) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) return true;
      if (seen.has(target)) continue;
      seen.add(target);
      path.push(target);
      if (walk(target)) return true;
      path.pop();
    }
    return false;
  };
  walk(start);
  return [...path, start];
}

describe('The import graph of src/extension', () => {
  const graph = importGraph();

  test('the files are read (the walk itself works)', () => {
    assert.ok(graph.size > 100, `${graph.size} files`);
    assert.ok(graph.get('extension.ts')!.includes('services.ts'));
    assert.equal(layerOf('webviews/definePanel.ts'), 'infrastructure');
    assert.equal(layerOf('reports/eventsPanel.ts'), 'feature');
    assert.equal(layerOf('services.ts'), 'core');
  });

  test('core files and infrastructure import no feature folder, and nothing the composition root', () => {
    const upward = [...graph].flatMap(([from, targets]) =>
      targets.map((to) => upwardEdge(from, to)).filter((edge) => edge !== undefined),
    );
    assert.deepEqual(upward, [], `upward imports:\n${upward.join('\n')}`);
  });

  test('no import cycle', () => {
    const loops = cycles(graph).map((component) => loopThrough(graph, component).join(' → '));
    assert.deepEqual(loops, [], `import cycles:\n${loops.join('\n')}`);
  });
});
