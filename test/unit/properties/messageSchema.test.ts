/**
 * The run-time check of what a webview posts (protocol/schema.ts on messageSchema.ts), and of the
 * state VS Code gives back on a reload: for any value (JSON, what structured cloning can carry,
 * objects with a known `type` and stray fields, and valid messages with parts replaced, dropped
 * or added) the check never throws, only accepts or refuses; and whatever it accepts has the
 * shape protocol/ declares, as the TypeScript compiler reads the declaration.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import fc from 'fast-check';
import { viewSchemas, type WebviewEntry } from '../../../src/shared/protocol';
import {
  checkRestoreInfo,
  checkRestoredState,
  checkToHost,
  isPanelId,
} from '../../../src/shared/protocol/schema';
import { assertProperty } from './support/property';
import { typeShapes, type TypeShapes } from './support/typeShapes';

/** Every webview: the schema map has each (it does not compile without). */
const ENTRIES = Object.keys(viewSchemas) as WebviewEntry[];

/**
 * The declared shapes: each webview's messages to the host, its restore info, and its kept
 * content, whose content the host only shows (its schema checks the fields the host reads), so
 * only its being an object is declared here.
 */
const DECLARATIONS = `
import type { KeptContent, Protocols, RestoreInfo } from './src/shared/protocol';
${ENTRIES.map(
  (entry) => `
export type ToHost_${entry} = Protocols['${entry}']['toHost'];
export type Restore_${entry} = Extract<RestoreInfo, { entry: '${entry}' }>;
export type Kept_${entry} = KeptContent<'${entry}'>;
export type KeptShape_${entry} = Omit<KeptContent<'${entry}'>, 'content'> & {
  content?: Record<string, unknown>;
};`,
).join('')}
`;

/** Anything a webview's postMessage can deliver: structured cloning keeps Maps, Dates, boxes, -0… */
const cloneable = fc.anything({
  maxDepth: 3,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withTypedArray: true,
  withSparseArray: true,
  withBigInt: true,
});
const stray = fc.oneof(cloneable, fc.jsonValue({ maxDepth: 2 }));

type Mutation = {
  at: number;
  kind: 'replace' | 'drop' | 'add' | 'wrap';
  key: string;
  value: unknown;
};
const mutation: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('replace', 'drop', 'add', 'wrap'),
  key: fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('type', '__proto__', 'constructor')),
  value: stray,
});

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** Every place in a value a mutation can reach: [container, key]; the root is the holder's. */
function places(root: {
  value: unknown;
}): Array<[Record<string, unknown> | unknown[], string | number]> {
  const found: Array<[Record<string, unknown> | unknown[], string | number]> = [
    [root as never, 'value'],
  ];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        found.push([value, index]);
        visit(item);
      });
    } else if (isPlainObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        found.push([value as Record<string, unknown>, key]);
        visit(item);
      }
    }
  };
  visit(root.value);
  return found;
}

/** A copy of `value` with the mutations made, one after another. */
function mutated(value: unknown, mutations: Mutation[]): unknown {
  const root = { value: structuredClone(value) };
  for (const { at, kind, key, value: other } of mutations) {
    const all = places(root);
    const [container, slot] = all[at % all.length]!;
    const current = (container as Record<string | number, unknown>)[slot];
    if (kind === 'replace') (container as Record<string | number, unknown>)[slot] = other;
    else if (kind === 'wrap') (container as Record<string | number, unknown>)[slot] = [current];
    else if (kind === 'drop' && container !== (root as never)) {
      if (Array.isArray(container)) container.splice(slot as number, 1);
      else delete container[slot as string];
    } else if (kind === 'add' && isPlainObject(current)) {
      // defineProperty: a "__proto__" key becomes a key, as JSON.parse would make it
      Object.defineProperty(current, key, {
        value: other,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return root.value;
}

/** Valid-looking values of a declared type, as they are and with mutations made. */
function around(shapes: TypeShapes, name: string): fc.Arbitrary<unknown> {
  const valid = shapes.arbitrary(name);
  return fc.oneof(
    valid,
    fc
      .tuple(valid, fc.array(mutation, { minLength: 1, maxLength: 3 }))
      .map(([value, changes]) => mutated(value, changes)),
  );
}

/** The `type` of every message the entry's union declares (to pair with stray fields). */
function typesOf(shapes: TypeShapes, entry: WebviewEntry): fc.Arbitrary<string> {
  return shapes.arbitrary(`ToHost_${entry}`).map((message) => (message as { type: string }).type);
}

let shapes: TypeShapes;

describe('the webview message check never throws, and what it accepts has the declared shape', () => {
  before(() => {
    shapes = typeShapes(DECLARATIONS, 'src/shared/tsconfig.json');
  });

  test('messages a webview posts to the host', (t) => {
    const messages = fc.oneof(
      ...ENTRIES.map((entry) =>
        fc.tuple(
          fc.constant(entry),
          fc.oneof(
            { weight: 4, arbitrary: around(shapes, `ToHost_${entry}`) },
            stray,
            fc
              .tuple(
                typesOf(shapes, entry),
                fc.dictionary(fc.string({ maxLength: 8 }), stray, { maxKeys: 3 }),
              )
              .map(([type, fields]) => ({ ...fields, type })),
          ),
        ),
      ),
    );
    assertProperty(
      t,
      fc.property(messages, ([entry, message]) => {
        const problem = checkToHost(entry, message);
        assert.ok(problem === undefined || typeof problem === 'string');
        if (problem === undefined) {
          assert.equal(
            shapes.mismatch(`ToHost_${entry}`, message),
            undefined,
            `${entry} accepted it`,
          );
        }
      }),
    );
  });

  test('the state VS Code gives back to a restored panel: a panel id and what it showed', (t) => {
    const panelIds = fc.oneof(fc.uuid({ version: 4 }), stray);
    const states = fc.oneof(
      ...ENTRIES.map((entry) =>
        fc.tuple(
          fc.constant(entry),
          fc.oneof(
            {
              weight: 4,
              arbitrary: fc
                .record(
                  { panelId: panelIds, kept: shapes.arbitrary(`Kept_${entry}`) },
                  { requiredKeys: ['panelId'] },
                )
                .chain((state) =>
                  fc.oneof(
                    fc.constant(state as unknown),
                    fc
                      .array(mutation, { minLength: 1, maxLength: 3 })
                      .map((changes) => mutated(state, changes)),
                  ),
                ),
            },
            stray,
            fc.record({ panelId: stray, kept: stray }, { requiredKeys: [] }),
          ),
        ),
      ),
    );
    assertProperty(
      t,
      fc.property(states, ([entry, state]) => {
        const { panelId, kept, problem } = checkRestoredState(entry, state);
        assert.ok(problem === undefined || typeof problem === 'string');
        const saved = (typeof state === 'object' && state !== null ? state : {}) as {
          panelId?: unknown;
          kept?: unknown;
        };
        if (panelId !== undefined) {
          assert.equal(panelId, saved.panelId, 'the panel id is not what was saved');
          assert.ok(isPanelId(panelId), `${entry} accepted ${JSON.stringify(panelId)}`);
        }
        if (kept !== undefined) {
          assert.equal(kept, saved.kept, 'the kept content is not what was saved');
          assert.equal(shapes.mismatch(`KeptShape_${entry}`, kept), undefined, `${entry} kept it`);
        }
        if (problem === undefined && saved.panelId !== undefined) {
          assert.notEqual(panelId, undefined);
        }
      }),
    );
  });

  test("the host's own record of a panel, read back from workspace state", (t) => {
    const infos = fc.oneof(
      ...ENTRIES.map((entry) =>
        fc.tuple(
          fc.constant(entry),
          fc.oneof(
            {
              weight: 4,
              arbitrary: shapes.arbitrary(`Restore_${entry}`).chain((info) =>
                fc.oneof(
                  fc.constant(info),
                  fc
                    .array(mutation, { minLength: 1, maxLength: 3 })
                    .map((changes) => mutated(info, changes)),
                ),
              ),
            },
            stray,
          ),
        ),
      ),
    );
    assertProperty(
      t,
      fc.property(infos, ([entry, info]) => {
        const problem = checkRestoreInfo(entry, info);
        assert.ok(problem === undefined || typeof problem === 'string');
        if (problem === undefined) {
          assert.equal(
            shapes.mismatch(`Restore_${entry}`, info),
            undefined,
            `${entry} accepted it`,
          );
        }
      }),
    );
  });
});
