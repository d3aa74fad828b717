/**
 * What adding a view takes, proven with a trivial one (test/views/hello): its own files
 * laid over the sources, and the edits its registration.json lists in the files every view
 * shares, which are four. With them, the host (src/extension) and the page (src/webview) type-check
 * as they are, the view's panel built on the framework's types; without its panel definition in
 * the composition root, the host does not compile (the map of definitions is total).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';

const FIXTURE = 'test/views/hello';

interface Edit {
  after: string;
  add: string[];
}

/** The view's own files: where each goes in the sources (`src/…`), and its text. */
function ownFiles(folder = join(FIXTURE, 'src')): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      for (const [to, text] of ownFiles(path)) files.set(to, text);
    } else {
      files.set(relative(FIXTURE, path).split('\\').join('/'), readFileSync(path, 'utf8'));
    }
  }
  return files;
}

/** The edits of registration.json, by the file they change. */
function registration(): Map<string, Edit[]> {
  const edits = JSON.parse(readFileSync(join(FIXTURE, 'registration.json'), 'utf8')) as Record<
    string,
    Edit[] | string
  >;
  return new Map(
    Object.entries(edits).filter((entry): entry is [string, Edit[]] => Array.isArray(entry[1])),
  );
}

/** `text` with `edits` made: each's lines after its anchor. */
function edited(file: string, edits: Edit[]): string {
  const lines = readFileSync(file, 'utf8').split('\n');
  for (const { after, add } of edits) {
    const at = lines.indexOf(after);
    assert.notEqual(at, -1, `${file}: no line "${after}" to add after`);
    lines.splice(at + 1, 0, ...add);
  }
  return lines.join('\n');
}

/** The sources with the view added: what differs from the files on disk, by absolute path. */
function withTheView(leaveOut?: { file: string; line: string }): Map<string, string> {
  const overlay = new Map<string, string>();
  for (const [to, text] of ownFiles()) overlay.set(resolve(to), text);
  for (const [file, edits] of registration()) {
    const kept = edits.map((edit) => ({
      ...edit,
      add: edit.add.filter((line) => !(leaveOut?.file === file && leaveOut.line === line)),
    }));
    overlay.set(resolve(file), edited(file, kept));
  }
  return overlay;
}

/** A program of one part's project (its tsconfig's options), over its sources and the overlay. */
function program(tsconfig: string, overlay: Map<string, string>, roots: string[]): ts.Program {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    tsconfig,
    {
      composite: false,
      declaration: false,
      emitDeclarationOnly: false,
      noEmit: true,
      incremental: false,
    },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) =>
        assert.fail(String(diagnostic.messageText)),
    },
  )!;
  const options = { ...parsed.options, tsBuildInfoFile: undefined, rootDir: resolve('src') };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile, directoryExists } = host;
  host.fileExists = (file) => overlay.has(resolve(file)) || fileExists(file);
  host.readFile = (file) => overlay.get(resolve(file)) ?? readFile(file);
  host.directoryExists = (folder) =>
    [...overlay.keys()].some((file) => file.startsWith(resolve(folder))) ||
    (directoryExists?.(folder) ?? ts.sys.directoryExists(folder));
  host.getSourceFile = (file, language, ...rest) => {
    const text = overlay.get(resolve(file));
    return text === undefined
      ? getSourceFile(file, language, ...rest)
      : ts.createSourceFile(file, text, language);
  };
  // the sources of shared/ and client/ themselves, not their projects' declarations
  return ts.createProgram({ rootNames: [...parsed.fileNames, ...roots], options, host });
}

function problems(checked: ts.Program, only?: string): string[] {
  const files = only ? [checked.getSourceFile(only)!] : checked.getSourceFiles();
  return files.flatMap((file) =>
    [...checked.getSyntacticDiagnostics(file), ...checked.getSemanticDiagnostics(file)].map(
      (diagnostic) =>
        `${relative('.', diagnostic.file?.fileName ?? '?')}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`,
    ),
  );
}

describe('Adding a view', () => {
  test('touches its own folders and four files besides', () => {
    for (const file of ownFiles().keys()) {
      assert.match(
        file,
        /^src\/(extension\/hello\/|webview\/hello\/|shared\/protocol\/hello\w*\.ts$)/,
        `${file} is not in the view's own folders`,
      );
    }
    assert.deepEqual([...registration().keys()].sort(), [
      'package.json',
      'src/extension/extension.ts',
      'src/extension/ids.ts',
      'src/shared/protocol/index.ts',
    ]);
  });

  test('with them, the host and the page type-check, the panel on the framework', () => {
    const overlay = withTheView();
    const own = [...overlay.keys()].filter((file) => /[\\/]hello[\\/.]|hello\w*\.ts$/.test(file));
    const host = program(
      'src/extension/tsconfig.json',
      overlay,
      own.filter((file) => file.includes(join('src', 'extension'))),
    );
    assert.deepEqual(problems(host), []);
    assert.ok(host.getSourceFile(resolve('src/extension/hello/helloPanel.ts')), 'the panel is in');
    const page = program(
      'src/webview/tsconfig.json',
      overlay,
      own.filter((file) => file.includes(join('src', 'webview'))),
    );
    assert.deepEqual(problems(page), []);
    // and the manifest has its activation event
    const manifest = JSON.parse(overlay.get(resolve('package.json'))!) as {
      activationEvents: string[];
    };
    assert.ok(manifest.activationEvents.includes('onWebviewPanel:puppetdbExplorer.hello'));
  });

  test('without its panel definition, the composition root does not compile', () => {
    const host = program(
      'src/extension/tsconfig.json',
      withTheView({ file: 'src/extension/extension.ts', line: '    hello: helloPanels(),' }),
      [resolve('src/extension/hello/helloPanel.ts')],
    );
    const found = problems(host, resolve('src/extension/extension.ts'));
    assert.ok(
      found.some((problem) => /'hello'/.test(problem)),
      `expected a missing "hello", got:\n${found.join('\n')}`,
    );
  });
});
