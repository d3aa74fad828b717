/**
 * No text from outside (a PuppetDB answer, an agent's report, a webview, a file, a command's
 * argument) reaches a VS Code surface that parses links, icons or markdown without inert():
 * checker.ts follows every value handed to a notification, a progress, the status bar, a quick
 * pick or input box, a tree item, a CodeLens or a MarkdownString back to where it was made, with
 * TypeScript's type checker over src/extension's program. The samples below show what it lets
 * through and what it stops, so that a change to the checker cannot quietly let everything pass.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';
import { findProblems, OWN_WORDS, programOf, type Problem } from './inertSurfaces/checker';

const TSCONFIG = 'src/extension/tsconfig.json';

function report(problems: readonly Problem[]): string {
  return problems
    .map(
      (problem) =>
        `${problem.at}: ${problem.expression}\n    ${problem.why} (shown at ${problem.surface})`,
    )
    .join('\n');
}

describe('inert text on every VS Code surface', () => {
  test('src/extension hands surfaces only literals, l10n.t of inert parts, or inert() text', () => {
    const problems = findProblems(programOf(TSCONFIG), 'src/extension');
    assert.equal(problems.length, 0, `external text reaches a surface:\n${report(problems)}`);
  });

  test('the modules trusted as our own words import nothing (they hold literals only)', () => {
    for (const file of OWN_WORDS) {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022);
      const imports = source.statements.filter(
        (statement) => ts.isImportDeclaration(statement) || ts.isImportEqualsDeclaration(statement),
      );
      assert.deepEqual(
        imports.map((statement) => statement.getText(source)),
        [],
        file,
      );
    }
  });
});

/** A sample of extension code and how many problems the checker must find in it. */
interface Sample {
  name: string;
  code: string;
  problems: number;
  /** Part of the reason given for the first problem. */
  why?: string;
}

const SAMPLES: Sample[] = [
  {
    name: "a server's error message in a notification",
    code: `export function f(error: Error) { void vscode.window.showErrorMessage(error.message); }`,
    problems: 1,
  },
  {
    name: 'the same message made inert',
    code: `export function f(error: Error) {
      void vscode.window.showErrorMessage(inert(error.message));
    }`,
    problems: 0,
  },
  {
    name: 'l10n.t with a raw argument, and with an inert one',
    code: `export function f(certname: string, count: number) {
      void vscode.window.showWarningMessage(vscode.l10n.t('{0} failed', certname));
      void vscode.window.showWarningMessage(vscode.l10n.t('{0} failed {1}×', inert(certname), count));
    }`,
    problems: 1,
  },
  {
    name: "a modal's detail and a message item's title",
    code: `export function f(url: string, name: string) {
      void vscode.window.showWarningMessage('Send?', { modal: true, detail: url }, { title: name });
    }`,
    problems: 2,
  },
  {
    name: 'quick pick items made from records, the label raw, then inert',
    code: `export function f(rows: Array<{ certname: string; status: string }>) {
      void vscode.window.showQuickPick(rows.map((row) => ({ label: row.certname, description: inert(row.status) })));
      const items = rows.map((row) => ({ label: inert(row.certname), certname: row.certname }));
      void vscode.window.showQuickPick(items, { placeHolder: vscode.l10n.t('Node') });
    }`,
    problems: 1,
  },
  {
    name: 'items pushed onto a constant array, and the placeholder of a created quick pick',
    code: `export function f(names: string[]) {
      const items: vscode.QuickPickItem[] = [];
      for (const name of names) items.push({ label: name });
      const pick = vscode.window.createQuickPick();
      pick.items = items;
      pick.placeholder = names[0];
    }`,
    problems: 2,
  },
  {
    name: 'a parameter holds what every caller passes',
    code: `function say(text: string) { void vscode.window.showInformationMessage(text); }
      export function f(certname: string) { say(vscode.l10n.t('Hello')); say(inert(certname)); say(certname); }`,
    problems: 1,
  },
  {
    name: 'a callback whose callers cannot be followed',
    code: `export function f(names: string[]) {
      names.forEach((name) => void vscode.window.showInformationMessage(name));
    }`,
    problems: 1,
    why: 'callers cannot be followed',
  },
  {
    name: 'a helper whose returns are inert passes; one that returns raw text does not',
    code: `function good(name: string) { return vscode.l10n.t('Node {0}', inert(name)); }
      function bad(name: string) { return name.trim(); }
      export function f(name: string) {
        const item = vscode.window.createStatusBarItem();
        item.text = \`$(database) \${good(name)}\`;
        item.tooltip = bad(name);
      }`,
    problems: 1,
  },
  {
    name: 'a cast to InertText is checked like a surface',
    code: `export function f(name: string): InertText { return \`[\${name}]\` as InertText; }`,
    problems: 1,
  },
  {
    name: 'tree items: the label, the description and a markdown tooltip',
    code: `export function f(title: string, file: string) {
      const item = new vscode.TreeItem(title);
      item.description = inert(file);
      item.tooltip = new vscode.MarkdownString().appendMarkdown('**File**: ').appendText(file);
      return item;
    }`,
    problems: 1,
  },
  {
    name: 'markdown: external text with appendMarkdown, even inert, and a trust in every command',
    code: `export function f(name: string) {
      const markdown = new vscode.MarkdownString();
      markdown.appendMarkdown(\`**\${inert(name)}**\`);
      markdown.appendMarkdown(name);
      markdown.isTrusted = true;
      return markdown;
    }`,
    problems: 3,
  },
  {
    name: 'markdown: our own command link with encoded arguments, trusted with that command',
    code: `export function f(name: string) {
      const markdown = new vscode.MarkdownString();
      markdown.appendText(name);
      markdown.appendMarkdown(\`[\${vscode.l10n.t('Show')}](command:x.show?\${encodedCommandArguments([name])})\`);
      markdown.isTrusted = { enabledCommands: ['x.show'] };
      return new vscode.Hover(markdown);
    }`,
    problems: 0,
  },
  {
    name: 'a CodeLens title and a progress message',
    code: `export function f(range: vscode.Range, name: string) {
      void vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: name }, async (progress) => {
        progress.report({ message: inert(name) });
        progress.report({ message: name });
      });
      return new vscode.CodeLens(range, { title: name, command: 'x' });
    }`,
    problems: 3,
  },
  {
    name: 'text added to the status bar with +=',
    code: `export function f(name: string) {
      const item = vscode.window.createStatusBarItem();
      item.text = '$(database) PuppetDB';
      item.text += name;
    }`,
    problems: 1,
  },
  {
    name: 'l10n.t needs a literal message',
    code: `export function f(message: string) { void vscode.window.showInformationMessage(vscode.l10n.t(message)); }`,
    problems: 1,
    why: 'literal message',
  },
];

describe('the surface check itself', () => {
  const folder = resolve('src/extension/__inertSurfaceSamples__');
  const fileOf = (index: number) => `${folder}/${index}/sample.ts`;
  const header = [
    "import * as vscode from 'vscode';",
    "import { inert, type InertText } from '../../inertText';",
    "import { encodedCommandArguments } from '../../markdownLinks';",
    'export type { InertText };',
    'void encodedCommandArguments; void inert;',
  ].join('\n');
  const texts = new Map(
    SAMPLES.map((sample, index) => [fileOf(index), `${header}\n${sample.code}\n`]),
  );
  const options = ts.parseJsonConfigFileContent(
    ts.readConfigFile(TSCONFIG, ts.sys.readFile).config,
    ts.sys,
    dirname(resolve(TSCONFIG)),
  ).options;
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) => {
    const text = texts.get(resolve(name));
    return text === undefined
      ? getSourceFile(name, language, ...rest)
      : ts.createSourceFile(name, text, language, true);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => texts.has(resolve(name)) || fileExists(name);
  const program = ts.createProgram({
    rootNames: [...texts.keys()],
    options: { ...options, noEmit: true, incremental: false, tsBuildInfoFile: undefined },
    host,
  });

  SAMPLES.forEach((sample, index) => {
    test(sample.name, () => {
      const problems = findProblems(program, dirname(fileOf(index)));
      assert.equal(problems.length, sample.problems, report(problems) || 'no problem found');
      if (sample.why) assert.match(problems[0]!.why, new RegExp(sample.why));
    });
  });
});
