/**
 * A Puppetfile's change, module by module: which `mod` entries each hunk changes, how PuppetDB
 * spells what those modules declare, and what the blast radius counts for them.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assembleBlastRadius, type FleetAnswers } from '../../../src/shared/blastRadius/assemble';
import { parseHunks } from '../../../src/shared/blastRadius/hunks';
import {
  moduleHoldersQuery,
  moduleOfResource,
  modulesByHunk,
  puppetfileEntries,
} from '../../../src/shared/blastRadius/puppetfile';
import { createPatch } from 'diff';

const BEFORE = `forge 'https://forge.puppet.com'

# Forge modules
mod 'puppetlabs/stdlib', '9.4.0'
mod 'puppetlabs-apache', '12.0.0' # web servers
mod 'ntp',
  :git => 'https://github.com/puppetlabs/puppetlabs-ntp#main',
  :tag => 'v10.1.0'

mod 'profile', :local => true
mod 'role', :local => true
`;

function hunksOf(before: string, after: string) {
  return parseHunks(createPatch('Puppetfile', before, after, '', '', { context: 3 }));
}

describe('blast radius: a Puppetfile, module by module', () => {
  test('entries: author/name and author-name, continuation lines, a # inside a URL', () => {
    assert.deepEqual(
      puppetfileEntries(BEFORE).map((entry) => [entry.module, entry.firstLine, entry.lastLine]),
      [
        ['stdlib', 4, 4],
        ['apache', 5, 5],
        ['ntp', 6, 8],
        ['profile', 10, 10],
        ['role', 11, 11],
      ],
    );
    assert.match(puppetfileEntries(BEFORE)[2]!.text, /#main/);
  });

  test('a version bump, a changed ref on a continuation line, an added and a removed module', () => {
    const after = BEFORE.replace("'12.0.0'", "'12.1.0'")
      .replace("'v10.1.0'", "'v10.2.0'")
      .replace(
        "mod 'role', :local => true\n",
        "mod 'role', :local => true\nmod 'puppetlabs/concat', '9.0.0'\n",
      )
      .replace("mod 'puppetlabs/stdlib', '9.4.0'\n", '');
    const hunks = hunksOf(BEFORE, after);
    assert.deepEqual(modulesByHunk(BEFORE, after, hunks).flat().sort(), [
      'apache',
      'concat',
      'ntp',
      'stdlib',
    ]);
  });

  test('each hunk names only its own modules; a comment or the forge line names none', () => {
    const lines = Array.from({ length: 30 }, (_, index) => `mod 'example/m${index}', '1.0.0'`);
    const before = `forge 'https://forge.puppet.com'\n# modules\n${lines.join('\n')}\n`;
    const after = before
      .replace("'https://forge.puppet.com'", "'https://forge.example.com'")
      .replace("mod 'example/m10', '1.0.0'", "mod 'example/m10', '1.1.0'")
      .replace("mod 'example/m25', '1.0.0'", "mod 'example/m25', '1.0.0' # pinned");
    const hunks = hunksOf(before, after);
    assert.equal(hunks.length, 3);
    assert.deepEqual(modulesByHunk(before, after, hunks), [[], ['m10'], []]);
  });

  test('the holders query: a class of the module or a type it defines, as PuppetDB spells them', () => {
    const query = moduleHoldersQuery(['apache', 'php_fpm']);
    const pattern = '^(Apache|Php_fpm)(::|$)';
    assert.deepEqual(query, [
      'extract',
      ['certname', 'type', 'title'],
      ['or', ['and', ['=', 'type', 'Class'], ['~', 'title', pattern]], ['~', 'type', pattern]],
    ]);
    const modules = ['apache', 'php_fpm'];
    assert.equal(moduleOfResource(modules, { type: 'Class', title: 'Apache::Mod::Ssl' }), 'apache');
    assert.equal(moduleOfResource(modules, { type: 'Apache::Vhost', title: 'www' }), 'apache');
    assert.equal(moduleOfResource(modules, { type: 'Class', title: 'Php_fpm' }), 'php_fpm');
    assert.equal(moduleOfResource(modules, { type: 'Class', title: 'Apachex' }), undefined);
  });

  test("a changed module reaches its holders in the Puppetfile's environments; one no node holds, the environment", () => {
    const after = BEFORE.replace("'12.0.0'", "'12.1.0'").replace("'9.4.0'", "'9.5.0'");
    const hunks = hunksOf(BEFORE.replace("'9.4.0'", "'9.5.0'"), after);
    const stdlibHunks = hunksOf(BEFORE, BEFORE.replace("'9.4.0'", "'9.5.0'"));
    const answers: FleetAnswers = {
      resources: [],
      holders: new Map(),
      environmentNodes: new Set(['web01', 'web02', 'db01']),
      moduleHolders: new Map([
        ['apache', new Set(['web01', 'web02', 'web99'])],
        ['stdlib', new Set()],
      ]),
      hieraReaders: new Map(),
      nodes: new Map(),
    };
    const radius = (file: Parameters<typeof assembleBlastRadius>[1][number]) =>
      assembleBlastRadius(
        { scope: { kind: 'workingTree' }, repository: 'r', head: 'h' },
        [file],
        answers,
      ).files[0]!;
    const apache = radius({
      path: 'Puppetfile',
      kind: 'puppetfile',
      hunks,
      touchedLines: hunks.map(() => []),
      definitions: [],
      modules: modulesByHunk(BEFORE.replace("'9.4.0'", "'9.5.0'"), after, hunks),
    });
    assert.deepEqual(
      apache.hunks.map((hunk) => [hunk.basis, hunk.nodes, hunk.caveats]),
      [['modules', 2, ['moduleCode']]],
      'web99 is in another environment',
    );
    const stdlib = radius({
      path: 'Puppetfile',
      kind: 'puppetfile',
      hunks: stdlibHunks,
      touchedLines: [[]],
      definitions: [],
      modules: modulesByHunk(BEFORE, BEFORE.replace("'9.4.0'", "'9.5.0'"), stdlibHunks),
    });
    assert.deepEqual(
      stdlib.hunks.map((hunk) => [hunk.basis, hunk.nodes, hunk.caveats]),
      [['environment', 3, ['environmentWide']]],
    );
  });
});
