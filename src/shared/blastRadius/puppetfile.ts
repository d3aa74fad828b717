/**
 * Which modules a change to a `Puppetfile` touches, hunk by hunk: the `mod` entries (r10k's and
 * Code Manager's syntax: `mod 'puppetlabs/apache', '12.0.0'`, `mod 'ntp', :git => …, :tag => …`
 * over continuation lines, `mod 'profile', :local => true`) whose lines a hunk removes, replaces
 * or inserts into on the old side, and the entries it adds on the new side. Then how PuppetDB
 * spells what such a module declares: its classes (`Apache`, `Apache::Vhost`'s class parts) and
 * its defined and custom types (`Apache::Vhost`, `Firewall`). Pure.
 */
import type { DiffHunk } from './hunks';

export interface PuppetfileEntry {
  /** The module's name without its author (`puppetlabs/apache`, `puppetlabs-apache` → `apache`). */
  module: string;
  /** The entry's first and last lines (1-based): a `mod` line and its continuation lines. */
  firstLine: number;
  lastLine: number;
  /** The entry's text, its comments left out (what decides whether it changed). */
  text: string;
}

const MOD_LINE = /^\s*mod\s*\(?\s*(['"])([^'"]+)\1/;
/** A module name as Puppet allows it: lowercase letters, digits and underscores. */
const MODULE_NAME = /^[a-z][a-z0-9_]*$/;

/** The `mod` entries of a Puppetfile, in order; lines that are no entry are left out. */
export function puppetfileEntries(text: string): PuppetfileEntry[] {
  const entries: PuppetfileEntry[] = [];
  const lines = text.split('\n');
  let open: PuppetfileEntry | undefined;
  for (const [index, raw] of lines.entries()) {
    const line = withoutComment(raw);
    const match = MOD_LINE.exec(line);
    if (match) {
      const module = match[2]!.split(/[/-]/).pop()!.trim();
      open = MODULE_NAME.test(module)
        ? { module, firstLine: index + 1, lastLine: index + 1, text: line.trim() }
        : undefined;
      if (open) entries.push(open);
    } else if (open && line.trim() !== '') {
      open.lastLine = index + 1;
      open.text += `\n${line.trim()}`;
    }
    // an entry goes on while its line ends with a comma (`:git => …,` then `:tag => …`)
    if (open && line.trim() !== '' && !line.trimEnd().endsWith(',')) open = undefined;
  }
  return entries;
}

function withoutComment(line: string): string {
  // (a `#` inside a quoted URL or ref is no comment)
  let quote: string | undefined;
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!;
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '#') return line.slice(0, index);
  }
  return line;
}

/**
 * Per hunk, the modules whose entries it changes: an old entry holding a line the hunk removes,
 * or one the hunk inserts lines into; a new entry (a module added, or renamed) the hunk's new
 * side holds. A module whose entry reads the same before and after (only a comment changed)
 * is left out. Hunks that touch no entry (the `forge` line, `moduledir`) get none.
 */
export function modulesByHunk(
  oldText: string | undefined,
  newText: string | undefined,
  hunks: readonly DiffHunk[],
): string[][] {
  const before = puppetfileEntries(oldText ?? '');
  const after = puppetfileEntries(newText ?? '');
  const textAfter = new Map(after.map((entry) => [entry.module, entry.text]));
  const textBefore = new Map(before.map((entry) => [entry.module, entry.text]));
  const changed = (module: string) => textBefore.get(module) !== textAfter.get(module);
  return hunks.map((hunk) => {
    const modules = new Set<string>();
    for (const entry of before) {
      const removes = hunk.removedLines.some(
        (line) => line >= entry.firstLine && line <= entry.lastLine,
      );
      // (an insertion after the entry's last line opens a new entry, not this one)
      const inserts = hunk.insertedAfter.some(
        (line) => line >= entry.firstLine && line < entry.lastLine,
      );
      if ((removes || inserts) && changed(entry.module)) modules.add(entry.module);
    }
    const end = hunk.newStart + hunk.newCount;
    for (const entry of after) {
      if (entry.firstLine >= hunk.newStart && entry.firstLine < end && changed(entry.module)) {
        modules.add(entry.module);
      }
    }
    return [...modules].sort();
  });
}

/** A module's name as PuppetDB spells its classes and types: `php_fpm` → `Php_fpm`. */
export function moduleTitle(module: string): string {
  return module.charAt(0).toUpperCase() + module.slice(1);
}

/**
 * The resources by which PuppetDB shows a node holds one of these modules: a class of the
 * module (`Apache`, `Apache::Mod::Ssl`), or a resource of a type it defines (`Apache::Vhost`, or
 * a custom type named like the module: `Firewall`).
 */
export function moduleHoldersQuery(modules: readonly string[]): unknown[] {
  const pattern = `^(${modules.map(moduleTitle).join('|')})(::|$)`;
  return [
    'extract',
    ['certname', 'type', 'title'],
    ['or', ['and', ['=', 'type', 'Class'], ['~', 'title', pattern]], ['~', 'type', pattern]],
  ];
}

/** Which of `modules` a resource of PuppetDB's (a holders row) belongs to, if any. */
export function moduleOfResource(
  modules: readonly string[],
  resource: { type: string; title: string },
): string | undefined {
  const name = resource.type === 'Class' ? resource.title : resource.type;
  const head = name.split('::')[0]!;
  return modules.find((module) => moduleTitle(module) === head);
}
