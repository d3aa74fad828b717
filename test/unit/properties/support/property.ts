/**
 * How the property-based tests run: a fixed seed (printed, so a failure seen in CI is seen again
 * here) and 10,000 runs each. `PROPERTY_SEED=<n>` explores other inputs, `PROPERTY_RUNS=<n>`
 * changes the count; a counterexample a property finds is kept as a plain regression test.
 */
import type { TestContext } from 'node:test';
import fc from 'fast-check';

export const PROPERTY_SEED = Number(process.env.PROPERTY_SEED ?? 20_261_130);
export const PROPERTY_RUNS = Number(process.env.PROPERTY_RUNS ?? 10_000);

/** The fast-check parameters of every property, said in the test's output. */
function parameters(t: TestContext): fc.Parameters<unknown> {
  t.diagnostic(`fast-check seed ${PROPERTY_SEED}, ${PROPERTY_RUNS} runs`);
  return { seed: PROPERTY_SEED, numRuns: PROPERTY_RUNS };
}

export function assertProperty<Ts extends [unknown, ...unknown[]]>(
  t: TestContext,
  property: fc.IProperty<Ts>,
): void {
  fc.assert(property, parameters(t) as fc.Parameters<Ts>);
}

export async function assertAsyncProperty<Ts extends [unknown, ...unknown[]]>(
  t: TestContext,
  property: fc.IAsyncProperty<Ts>,
): Promise<void> {
  await fc.assert(property, parameters(t) as fc.Parameters<Ts>);
}

/**
 * Text made of any Unicode code point, with the characters and pieces that delimit JSON, CSV
 * and shell words (and PuppetDB's row separator) much more likely than chance would make them.
 */
export function trickyText(constraints: { maxLength?: number; minLength?: number } = {}) {
  const unit = fc.oneof(
    { weight: 6, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        '"',
        '\\',
        "'",
        ',',
        '[',
        ']',
        '{',
        '}',
        ':',
        '\n',
        '\r',
        '\t',
        ' ',
        '},{"certname":',
        'é',
        '€',
        '𝄞',
      ),
    },
  );
  return fc.string({ unit, ...constraints });
}
