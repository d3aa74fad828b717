import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  classReferenceAt,
  findDefinitions,
} from '../../../../src/extension/code/puppetDefinitions';

describe('Puppet definitions and class references in a manifest', () => {
  test('classes, defines and nodes, with their lines; comments and resource-like classes skipped', () => {
    const text = [
      '# class commented::out',
      'class profile::base (',
      '  String $x = "class not::this",',
      ') inherits profile::params {',
      "  class { 'ntp': }",
      '}',
      '/*',
      'class in::block::comment {}',
      '*/',
      'define profile::account(Integer $uid) {}',
      'node \'web01.example.com\', "web02.example.com" {',
      'node /^db\\d+$/ {',
      'node default {}',
      'class ::toplevel {}',
    ].join('\n');
    assert.deepEqual(findDefinitions(text), [
      { kind: 'class', name: 'profile::base', line: 1 },
      { kind: 'define', name: 'profile::account', line: 9 },
      {
        kind: 'node',
        name: '\'web01.example.com\', "web02.example.com"',
        certnames: ['web01.example.com', 'web02.example.com'],
        line: 10,
      },
      { kind: 'node', name: '/^db\\d+$/', certnames: [], line: 11 },
      { kind: 'node', name: 'default', certnames: [], line: 12 },
      { kind: 'class', name: 'toplevel', line: 13 },
    ]);
  });

  test('a class name in include, contain, require or class { }: found at any column of it', () => {
    const include = '  include profile::base, profile::ssh';
    assert.deepEqual(classReferenceAt(include, 12), { name: 'profile::base', start: 10, end: 23 });
    assert.equal(classReferenceAt(include, 30)?.name, 'profile::ssh');
    assert.equal(classReferenceAt('  contain ::profile::web', 15)?.name, 'profile::web');
    assert.equal(classReferenceAt("  class { 'ntp': servers => [] }", 12)?.name, 'ntp');
    assert.equal(classReferenceAt("  require 'profile::ntp'", 14)?.name, 'profile::ntp');
  });

  test('other words are not class references', () => {
    assert.equal(classReferenceAt('  include profile::base', 3), undefined); // the keyword
    assert.equal(classReferenceAt("  package { 'nginx': }", 14), undefined);
    assert.equal(classReferenceAt("  class { 'ntp': servers => [] }", 20), undefined);
    assert.equal(classReferenceAt('  $include = profile::base', 16), undefined);
  });
});
