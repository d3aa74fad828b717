import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { factAtToken } from '../../../../src/extension/pql/factAtToken';
import { tokenize } from '../../../../src/extension/pql/language/pqlLexer';

function at(query: string, word: string) {
  const offset = query.indexOf(word) + 1;
  const tokens = tokenize(query);
  return factAtToken(
    query,
    tokens,
    tokens.findIndex((t) => t.start <= offset && offset <= t.end),
  );
}

describe('the fact a PQL token names', () => {
  it('the string compared with a fact name', () => {
    assert.deepEqual(at('facts[value] { name = "os" }', '"os"'), { fact: 'os' });
    assert.deepEqual(at("fact_contents { name = 'role' }", "'role'"), { fact: 'role' });
    assert.equal(at('nodes { certname = "os" }', '"os"'), undefined);
    assert.equal(at('facts { value = "os" }', '"os"'), undefined);
  });
  it('a dotted facts path, whichever segment is hovered', () => {
    const query = 'inventory[certname] { facts.os."release".major = "12" }';
    for (const word of ['os', '"release"', 'major']) {
      assert.deepEqual(at(query, word), { path: ['os', 'release', 'major'] });
    }
    assert.deepEqual(at('inventory[facts.kernel]', 'kernel'), { fact: 'kernel' });
    assert.equal(at('inventory[facts.kernel]', 'facts'), undefined);
    assert.equal(at('inventory[trusted.certname]', 'certname'), undefined);
  });
});
