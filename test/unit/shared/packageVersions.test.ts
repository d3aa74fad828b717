import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  compareDpkg,
  compareGem,
  comparePep440,
  compareRpm,
  schemeOfProvider,
} from '../../../src/shared/packageVersions';

/** Each list is in ascending order: every earlier entry is older than every later one. */
function assertAscending(compare: (a: string, b: string) => number, versions: string[]): void {
  for (let i = 0; i < versions.length; i++) {
    for (let j = 0; j < versions.length; j++) {
      const sign = Math.sign(compare(versions[i]!, versions[j]!));
      assert.equal(sign, Math.sign(i - j), `${versions[i]} vs ${versions[j]}`);
    }
  }
}

describe('package versions', () => {
  test('dpkg: tildes before the end, epochs first, revisions after upstream', () => {
    assertAscending(compareDpkg, [
      '1.0~rc1',
      '1.0',
      '1.0.0-1',
      '1.0.0-1ubuntu1',
      '1.0.0-2',
      '1.0.0a-1',
      '1.0.1-1',
      '3.0.11-1~deb12u2',
      '3.0.11-1',
      '3.0.13-1',
      '1:0.9',
      '1:2.3',
      '2:1.0',
    ]);
    assert.equal(compareDpkg('1.0', '1.0-0'), 0, 'no revision is revision 0');
    assert.equal(compareDpkg('1.01', '1.1'), 0, 'leading zeros do not count');
    assert.ok(compareDpkg('1.0~~', '1.0~') < 0);
    assert.ok(
      compareDpkg('1.0+dfsg', '1.0.1') < 0,
      "'+' sorts before '.' (as dpkg --compare-versions says)",
    );
  });

  test('rpm: tildes, carets (`^`), epochs and releases', () => {
    assertAscending(compareRpm, [
      '1.0~rc1',
      '1.0',
      '1.0^git1',
      '1.0^git2',
      '1.0.1',
      '1.0.1a',
      '1.0.10',
      '1:0.1',
    ]);
    assert.ok(compareRpm('3.0.7-16.el9', '3.0.7-24.el9') < 0);
    assert.ok(compareRpm('1.0a', '1.0.1') < 0, 'a number is newer than letters');
    assert.equal(compareRpm('1.0', '1.0-5'), 0, 'a release is compared only when both have one');
    assert.equal(compareRpm('1.00', '1.0'), 0);
  });

  test('gem: prereleases before the release, trailing zeros ignored', () => {
    assertAscending(compareGem, [
      '1.0.0.a',
      '1.0.0.alpha1',
      '1.0.0.b',
      '1.0.0.pre',
      '1.0.0.rc1',
      '1.0.0',
      '1.0.1',
      '1.10',
    ]);
    assert.equal(compareGem('1.0', '1'), 0);
    assert.equal(compareGem('1.0.0', '1.0'), 0);
  });

  test('pip (PEP 440): dev, pre, final, post, local; normalised spellings', () => {
    assertAscending(comparePep440, [
      '1.0.dev1',
      '1.0a1',
      '1.0b2',
      '1.0rc1',
      '1.0',
      '1.0+local.1',
      '1.0.post1',
      '1.1',
      '2!0.1',
    ]);
    assert.equal(comparePep440('1.0alpha1', '1.0a1'), 0);
    assert.equal(comparePep440('1.0-1', '1.0.post1'), 0);
    assert.equal(comparePep440('1.0.0', '1.0'), 0);
    assert.ok(comparePep440('1.0a1.dev1', '1.0a1') < 0);
  });

  test('each provider has its ordering', () => {
    assert.equal(schemeOfProvider('apt'), 'dpkg');
    assert.equal(schemeOfProvider('dpkg'), 'dpkg');
    assert.equal(schemeOfProvider('yum'), 'rpm');
    assert.equal(schemeOfProvider('dnf'), 'rpm');
    assert.equal(schemeOfProvider('puppet_gem'), 'gem');
    assert.equal(schemeOfProvider('gem'), 'gem');
    assert.equal(schemeOfProvider('pip3'), 'pep440');
    assert.equal(schemeOfProvider('something'), 'dpkg');
  });
});
