import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { classTitle, roleClasses, rolePattern } from '../../../../src/shared/peers';

const classes = (...titles: string[]) =>
  titles.map((title) => ({ type: 'Class', title, parameters: {} }));

describe("a node's role and its group", () => {
  test('the role pattern: the default when empty, a regular expression, or the reason it is not one', () => {
    assert.equal(String(rolePattern('')), '/^Role::/');
    assert.equal(String(rolePattern('^Roles?::')), '/^Roles?::/');
    const bad = rolePattern('^Role::(');
    assert.ok(!(bad instanceof RegExp) && /unterminated|missing/i.test(bad.error), String(bad));
  });

  test("the node's classes matching the pattern, each once, in order; a resource of another type never", () => {
    const resources = [
      ...classes('Profile::Base', 'Role::Web', 'Role::Cache', 'Role::Web'),
      { type: 'File', title: 'Role::Db', parameters: {} },
    ];
    assert.deepEqual(roleClasses(resources, /^Role::/), ['Role::Cache', 'Role::Web']);
    assert.deepEqual(roleClasses(resources, /^Nope::/), []);
  });

  test('a class name as Puppet titles its Class resource', () => {
    assert.equal(classTitle(' role::web_server '), 'Role::Web_server');
    assert.equal(classTitle('::profile::base'), 'Profile::Base');
    assert.equal(classTitle('Role::Db'), 'Role::Db');
  });
});
