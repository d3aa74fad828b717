import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  formatResourceRef,
  normaliseClassTitle,
  parseResourceRef,
} from '../../../../src/extension/fleet/resourceRef';

describe('resource references as people type them', () => {
  it('capitalises types and class titles per segment, as PuppetDB stores them', () => {
    assert.deepEqual(parseResourceRef('class[profile::web]'), {
      type: 'Class',
      title: 'Profile::Web',
    });
    assert.deepEqual(parseResourceRef('profile::account[alice]'), {
      type: 'Profile::Account',
      title: 'alice',
    });
    assert.equal(normaliseClassTitle('::main'), 'main');
  });

  it('keeps other titles exactly, quotes and brackets inside them included', () => {
    assert.deepEqual(parseResourceRef(" Package['openssl'] "), {
      type: 'Package',
      title: 'openssl',
    });
    assert.deepEqual(parseResourceRef('File[/tmp/a]b]'), { type: 'File', title: '/tmp/a]b' });
    assert.deepEqual(parseResourceRef('Exec["echo \'x\'"]'), { type: 'Exec', title: "echo 'x'" });
  });

  it('refuses what is no reference', () => {
    for (const text of [
      '',
      'Package',
      '[openssl]',
      'Package[]',
      'Pack age[x]',
      '1x[y]',
      'File[x',
    ]) {
      assert.equal(parseResourceRef(text), undefined, text);
    }
  });

  it('formats back', () => {
    assert.equal(
      formatResourceRef({ type: 'Class', title: 'Profile::Web' }),
      'Class[Profile::Web]',
    );
  });
});
