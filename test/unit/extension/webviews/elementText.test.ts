import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runInNewContext } from 'node:vm';
import { elementText } from '../../../../src/extension/webviews/elementText';

describe('a file written into a page element', () => {
  test('a bundle never ends its script element early, and means the same', () => {
    const code =
      'result = ["</script><script>alert(1)</script>", `</SCRIPT>`, /<\\/script>/.source, "</scripts"]; // </script>';
    const text = elementText(code, 'script');
    assert.doesNotMatch(text, /<\/script/i);
    const before: { result?: unknown } = {};
    const after: { result?: unknown } = {};
    runInNewContext(code, before);
    runInNewContext(text, after);
    assert.equal(JSON.stringify(after.result), JSON.stringify(before.result)); // another realm
  });

  test('a stylesheet never ends its style element early; other text is untouched', () => {
    const css = 'a::after { content: "</style><script>x</script>"; } b { color: red; }';
    const text = elementText(css, 'style');
    assert.doesNotMatch(text, /<\/style/i);
    assert.equal(text, 'a::after { content: "<\\/style><script>x</script>"; } b { color: red; }');
  });
});
