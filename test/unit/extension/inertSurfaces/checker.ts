/**
 * Finds every place src/extension hands text to a VS Code surface that parses it (a
 * notification's `[x](command:…)` links, `$(icon)` in labels, markdown) and follows each value
 * back to where it was made, through constants, the returns of our own functions, the arguments
 * every caller passes for a parameter, object fields and array items. A value passes when it is
 * made only of:
 *
 * - literals (strings, numbers, templates of passing parts), numbers and booleans of any origin;
 * - `vscode.l10n.t('a literal', …)` whose every argument passes;
 * - `inert(…)` (src/extension/inertText.ts), or a value of its type `InertText`: a cast
 *   `… as InertText` is itself checked like a surface, so our own composed labels pass by being
 *   built of passing parts, or by a cast the checker has seen through;
 * - in markdown (a `MarkdownString`'s constructor, `appendMarkdown`, a string hover), only our
 *   own words: external text goes through `appendText` instead, so `inert(…)` does not pass
 *   there; `encodedCommandArguments(…)` (src/extension/markdownLinks.ts) passes, because it
 *   percent-encodes every character that could end a link or start another.
 *
 * A `MarkdownString` passes where a surface takes one (its construction is checked instead), and
 * one is never trusted with every command (`isTrusted = true`) nor allowed raw HTML.
 *
 * Anything the checker cannot follow (a callback's parameter, a `let`, a field that can change, a
 * library's return) fails, with the reason: the fix is `inert()` where the text comes in. Not
 * surfaces here, on purpose: an input box's `value` (editable text VS Code parses nothing in;
 * made inert it would change what the user submits), a webview panel's title (tab text), and a
 * diagnostic's message (plain text in the Problems view).
 */
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

/** How a value reaches a surface: one line of text, markdown, or the shape holding those. */
type Shape =
  /** Not shown: an argument beside the text (a range, an id, a callback). */
  | 'any'
  | 'text'
  | 'markdown'
  /** `isTrusted`: a list of commands, never `true`. */
  | 'trust'
  /** `supportHtml`: never `true`. */
  | 'noHtml'
  /** An object whose named fields reach a surface; a string in its place is `text` itself. */
  | { fields: Record<string, Shape> }
  /** An array (or the `...items` of a call) whose elements are `items`. */
  | { items: Shape }
  /** A function whose returned values reach a surface (`validateInput`). */
  | { returns: Shape };

export interface Problem {
  /** `path:line` of the surface the value reaches. */
  surface: string;
  /** `path:line` of the part that is not inert. */
  at: string;
  /** The offending expression, as written. */
  expression: string;
  why: string;
}

const ITEM: Shape = { fields: { label: 'text', description: 'text', detail: 'text' } };
const MESSAGE_EXTRA: Shape = { fields: { detail: 'text', title: 'text' } };
const INPUT_OPTIONS: Shape = {
  fields: {
    title: 'text',
    prompt: 'text',
    placeHolder: 'text',
    validateInput: { returns: { fields: { message: 'text' } } },
  },
};

/** vscode functions and constructors (`Container.name`) and the shape of each argument (the last repeats). */
const CALL_SURFACES: Record<string, Shape[]> = {
  'window.showErrorMessage': ['text', MESSAGE_EXTRA],
  'window.showWarningMessage': ['text', MESSAGE_EXTRA],
  'window.showInformationMessage': ['text', MESSAGE_EXTRA],
  'window.setStatusBarMessage': ['text'],
  'window.withProgress': [{ fields: { title: 'text' } }, 'any'],
  'Progress.report': [{ fields: { message: 'text' } }],
  'window.showQuickPick': [
    { items: ITEM },
    { fields: { title: 'text', placeHolder: 'text', prompt: 'text' } },
    'any',
  ],
  'window.showInputBox': [INPUT_OPTIONS, 'any'],
  'TreeItem.constructor': [{ fields: { label: 'text' } }, 'any'],
  'CodeLens.constructor': ['any', { fields: { title: 'text', tooltip: 'text' } }],
  'MarkdownString.constructor': ['markdown', 'any'],
  'MarkdownString.appendMarkdown': ['markdown'],
  'Hover.constructor': ['markdown', 'any'],
};

/** vscode properties (`Container.name`) a value is assigned to, and its shape. */
const PROPERTY_SURFACES: Record<string, Shape> = {
  'StatusBarItem.text': 'text',
  'StatusBarItem.tooltip': 'text',
  'QuickInput.title': 'text',
  'QuickPick.placeholder': 'text',
  'QuickPick.items': { items: ITEM },
  'InputBox.placeholder': 'text',
  'InputBox.prompt': 'text',
  'InputBox.validationMessage': { fields: { message: 'text' } },
  'TreeItem.label': { fields: { label: 'text' } },
  'TreeItem.description': 'text',
  'TreeItem.tooltip': 'text',
  'CodeLens.command': { fields: { title: 'text', tooltip: 'text' } },
  'TreeView.message': 'text',
  'TreeView.title': 'text',
  'TreeView.description': 'text',
  'MarkdownString.isTrusted': 'trust',
  'MarkdownString.supportHtml': 'noHtml',
};

/** Our functions whose output is inert by construction (and unit tested), and where. */
const NEUTRALISERS: Record<string, { file: string; markdown: boolean }> = {
  inert: { file: 'src/extension/inertText.ts', markdown: false },
  encodedCommandArguments: { file: 'src/extension/markdownLinks.ts', markdown: true },
};

/**
 * Modules of our own words as literal data (they import nothing, which the test checks): a field
 * of a record they describe holds text we wrote.
 */
export const OWN_WORDS = ['src/extension/pql/language/pqlSchema.ts'];

const INERT_TYPE = { name: 'InertText', file: 'src/extension/inertText.ts' };

/** Array methods whose result holds the receiver's elements (and their arguments', for concat). */
const SAME_ELEMENTS = new Set(['filter', 'slice', 'sort', 'reverse', 'concat', 'toSorted']);
const NUMBER_TEXT = new Set(['toString', 'toFixed', 'toLocaleString', 'toPrecision']);

export function programOf(tsconfig: string, host?: ts.CompilerHost): ts.Program {
  const config = ts.readConfigFile(tsconfig, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, dirname(resolve(tsconfig)));
  return ts.createProgram({
    rootNames: parsed.fileNames,
    options: { ...parsed.options, noEmit: true, incremental: false, tsBuildInfoFile: undefined },
    host,
  });
}

/** Every value reaching a surface in the files under `folder` that is not inert. */
export function findProblems(program: ts.Program, folder: string, root = process.cwd()): Problem[] {
  return new Checker(program, resolve(root, folder), root).run();
}

class Checker {
  private readonly checker: ts.TypeChecker;
  private readonly files: ts.SourceFile[];
  private readonly problems = new Map<string, Problem>();
  /** Call and new expressions by the declaration they call. */
  private callSites?: Map<ts.Node, Array<ts.CallExpression | ts.NewExpression>>;
  /** What a (node, shape) was found to hold: true while it is being checked (a cycle passes). */
  private readonly memo = new Map<string, boolean>();
  private readonly called = new Map<ts.Node, boolean>();
  private surface = '';

  constructor(
    program: ts.Program,
    folder: string,
    private readonly root: string,
  ) {
    this.checker = program.getTypeChecker();
    const inFolder = `${folder.split('\\').join('/')}/`;
    this.files = program
      .getSourceFiles()
      .filter((file) => !file.isDeclarationFile && file.fileName.startsWith(inFolder));
  }

  run(): Problem[] {
    for (const file of this.files) this.visit(file);
    return [...this.problems.values()];
  }

  private visit(node: ts.Node): void {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) this.checkCall(node);
    else if (
      ts.isBinaryExpression(node) &&
      (node.operatorToken.kind === ts.SyntaxKind.EqualsToken ||
        node.operatorToken.kind === ts.SyntaxKind.PlusEqualsToken) &&
      ts.isPropertyAccessExpression(node.left)
    ) {
      const shape = PROPERTY_SURFACES[this.vscodeName(this.symbolAt(node.left.name)) ?? ''];
      if (shape) this.atSurface(node, () => this.check(node.right, shape));
    } else if (
      (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) &&
      this.isInertTypeNode(node.type) &&
      !this.isNeutraliserFile(node)
    ) {
      this.atSurface(node, () => this.check(node.expression, 'text'));
    }
    ts.forEachChild(node, (child) => this.visit(child));
  }

  private checkCall(call: ts.CallExpression | ts.NewExpression): void {
    const declaration = this.checker.getResolvedSignature(call)?.declaration;
    const name = declaration && this.vscodeName(declaration);
    const shapes = name ? CALL_SURFACES[name] : undefined;
    if (!shapes) return;
    this.atSurface(call, () => {
      (call.arguments ?? []).forEach((argument, index) => {
        const shape = shapes[Math.min(index, shapes.length - 1)]!;
        if (ts.isSpreadElement(argument)) this.check(argument.expression, { items: shape });
        else this.check(argument, shape);
      });
    });
  }

  private atSurface(node: ts.Node, check: () => void): void {
    this.surface = this.where(node);
    check();
  }

  // ---- values ----

  /** Whether `node` holds only inert values of `shape`; records a problem for each part that does not. */
  private check(node: ts.Expression, shape: Shape): boolean {
    const key = `${node.getSourceFile().fileName}:${node.pos}:${node.end}:${JSON.stringify(shape)}`;
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    this.memo.set(key, true);
    const result = this.checkUncached(node, shape);
    this.memo.set(key, result);
    return result;
  }

  private checkUncached(node: ts.Expression, shape: Shape): boolean {
    if (shape === 'any') return true;
    const expression = unwrap(node);
    if (shape === 'trust' || shape === 'noHtml') {
      if (expression.kind !== ts.SyntaxKind.TrueKeyword) return true;
      return this.fail(
        expression,
        shape === 'trust'
          ? 'a MarkdownString trusted with every command: name them, { enabledCommands: [...] }'
          : 'a MarkdownString with raw HTML',
      );
    }
    if (isNullish(expression)) return true;
    if (typeof shape === 'string') return this.checkText(expression, shape);
    if ('returns' in shape) return this.checkReturns(expression, shape.returns);
    if ('items' in shape) return this.checkItems(expression, shape.items);
    return this.checkFields(expression, shape);
  }

  private checkText(node: ts.Node, mode: 'text' | 'markdown'): boolean {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isNumericLiteral(node) ||
      node.kind === ts.SyntaxKind.TrueKeyword ||
      node.kind === ts.SyntaxKind.FalseKeyword
    ) {
      return true;
    }
    const typed = this.typeVerdict(node, mode);
    if (typed !== undefined) return typed;
    if (ts.isTemplateExpression(node)) {
      return all(node.templateSpans.map((span) => this.check(span.expression, mode)));
    }
    if (ts.isBinaryExpression(node)) {
      const operator = node.operatorToken.kind;
      if (
        operator === ts.SyntaxKind.PlusToken ||
        operator === ts.SyntaxKind.QuestionQuestionToken ||
        operator === ts.SyntaxKind.BarBarToken
      ) {
        return all([this.check(node.left, mode), this.check(node.right, mode)]);
      }
      // `a && b` is b, or a falsy a: no text
      if (
        operator === ts.SyntaxKind.AmpersandAmpersandToken ||
        operator === ts.SyntaxKind.CommaToken
      ) {
        return this.check(node.right, mode);
      }
    }
    if (ts.isConditionalExpression(node)) {
      return all([this.check(node.whenTrue, mode), this.check(node.whenFalse, mode)]);
    }
    if (ts.isCallExpression(node)) return this.checkTextCall(node, mode);
    return this.checkReference(node, mode);
  }

  /** What the type alone tells: numbers and booleans are inert, `InertText` outside markdown. */
  private typeVerdict(node: ts.Node, mode: 'text' | 'markdown'): boolean | undefined {
    const type = this.checker.getTypeAtLocation(node);
    const parts = type.isUnion() ? type.types : [type];
    const harmless =
      ts.TypeFlags.NumberLike |
      ts.TypeFlags.BooleanLike |
      ts.TypeFlags.BigIntLike |
      ts.TypeFlags.Undefined |
      ts.TypeFlags.Null |
      ts.TypeFlags.Void |
      ts.TypeFlags.Never;
    let inertText = false;
    for (const part of parts) {
      if (part.flags & harmless) continue;
      if (this.isMarkdownString(part)) continue;
      if (this.isInertType(part)) {
        inertText = true;
        continue;
      }
      return undefined;
    }
    if (inertText && mode === 'markdown') {
      return this.fail(node, 'external text in markdown: append it with appendText');
    }
    return true;
  }

  private checkTextCall(call: ts.CallExpression, mode: 'text' | 'markdown'): boolean {
    const callee = unwrap(call.expression);
    const declaration = this.checker.getResolvedSignature(call)?.declaration;
    const neutraliser = declaration && this.neutraliser(declaration);
    if (neutraliser) {
      return mode === 'text' || neutraliser.markdown
        ? true
        : this.fail(call, 'external text in markdown: append it with appendText');
    }
    if (declaration && this.vscodeName(declaration) === 'l10n.t') {
      const [message, ...args] = call.arguments;
      if (!message || !ts.isStringLiteralLike(unwrap(message))) {
        return this.fail(call, 'vscode.l10n.t takes a literal message');
      }
      return all(args.map((argument) => this.check(argument, mode)));
    }
    if (ts.isIdentifier(callee) && callee.text === 'String' && call.arguments.length === 1) {
      return this.check(call.arguments[0]!, mode);
    }
    if (ts.isPropertyAccessExpression(callee)) {
      const method = callee.name.text;
      if (method === 'join') {
        return all([
          this.check(callee.expression, { items: mode }),
          ...call.arguments.map((argument) => this.check(argument, mode)),
        ]);
      }
      if (NUMBER_TEXT.has(method)) {
        const receiver = this.checker.getTypeAtLocation(callee.expression);
        if (receiver.flags & ts.TypeFlags.NumberLike) return true;
      }
    }
    return this.checkCallResult(call, mode);
  }

  /** What a function returns; a function held in a field or a parameter: what its callers pass there. */
  private checkReturns(node: ts.Node, shape: Shape): boolean {
    const fn = this.functionOf(node);
    if (fn) return all(returnedValues(fn).map((value) => this.check(value, shape)));
    const value = ts.isExpression(node) ? unwrap(node) : node;
    if (ts.isPropertyAccessExpression(value)) {
      return this.check(value.expression, { fields: { [value.name.text]: { returns: shape } } });
    }
    if (ts.isIdentifier(value)) {
      const declaration = this.declarationOf(value);
      if (declaration && ts.isParameter(declaration)) {
        return this.checkParameter(value, declaration, { returns: shape });
      }
    }
    return this.fail(node, 'cannot see what this function returns');
  }

  private checkItems(node: ts.Expression, shape: Shape): boolean {
    if (ts.isArrayLiteralExpression(node)) {
      return all(
        node.elements.map((element) =>
          ts.isSpreadElement(element)
            ? this.check(element.expression, { items: shape })
            : this.check(element, shape),
        ),
      );
    }
    if (ts.isConditionalExpression(node)) {
      return all([
        this.check(node.whenTrue, { items: shape }),
        this.check(node.whenFalse, { items: shape }),
      ]);
    }
    if (this.typeHoldsOnlyInert(this.elementType(node), shape)) return true;
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const receiver = node.expression.expression;
      if (method === 'map' || method === 'flatMap') {
        const each: Shape = method === 'map' ? shape : { items: shape };
        return this.checkReturns(node.arguments[0]!, each);
      }
      if (SAME_ELEMENTS.has(method) && this.isArray(receiver)) {
        return all([
          this.check(receiver, { items: shape }),
          ...(method === 'concat'
            ? node.arguments.map((argument) => this.check(argument, { items: shape }))
            : []),
        ]);
      }
    }
    if (ts.isCallExpression(node)) return this.checkCallResult(node, { items: shape });
    return this.checkReference(node, { items: shape });
  }

  private checkFields(node: ts.Expression, shape: { fields: Record<string, Shape> }): boolean {
    if (this.isStringish(node)) return this.check(node, 'text');
    if (ts.isObjectLiteralExpression(node)) {
      return all(
        node.properties.map((property) => {
          if (ts.isSpreadAssignment(property)) return this.check(property.expression, shape);
          const name = property.name && ts.isIdentifier(property.name) ? property.name.text : '';
          const field = shape.fields[name];
          if (!field) return true;
          if (ts.isPropertyAssignment(property)) return this.check(property.initializer, field);
          if (ts.isShorthandPropertyAssignment(property)) return this.check(property.name, field);
          if (ts.isMethodDeclaration(property)) return this.checkReturns(property, field);
          return this.fail(property, 'cannot see what this field holds');
        }),
      );
    }
    if (ts.isConditionalExpression(node)) {
      return all([this.check(node.whenTrue, shape), this.check(node.whenFalse, shape)]);
    }
    if (
      ts.isBinaryExpression(node) &&
      (node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
        node.operatorToken.kind === ts.SyntaxKind.BarBarToken)
    ) {
      return all([this.check(node.left, shape), this.check(node.right, shape)]);
    }
    if (this.typeHoldsOnlyInert(this.checker.getTypeAtLocation(node), shape)) return true;
    if (ts.isCallExpression(node)) return this.checkCallResult(node, shape);
    return this.checkReference(node, shape);
  }

  // ---- where a value comes from ----

  /** A name or a field: its constant's initializer, every caller's argument, the object it is read from. */
  private checkReference(node: ts.Node, shape: Shape): boolean {
    if (ts.isIdentifier(node)) {
      const declaration = this.declarationOf(node);
      if (!declaration) return this.fail(node, 'cannot see what this holds');
      return this.checkDeclaration(node, declaration, shape);
    }
    if (ts.isPropertyAccessExpression(node)) {
      const declaration = this.declarationOf(node.name);
      if (declaration && !this.isVscodeNode(declaration)) {
        if (ts.isPropertySignature(declaration) && OWN_WORDS.includes(this.relative(declaration))) {
          return true;
        }
        if (ts.isPropertyAssignment(declaration) && isConstant(declaration)) {
          return this.check(declaration.initializer, shape);
        }
        if (
          (ts.isParameter(declaration) || ts.isPropertyDeclaration(declaration)) &&
          isReadonly(declaration)
        ) {
          return this.checkDeclaration(node, declaration, shape);
        }
      }
      if (node.expression.kind === ts.SyntaxKind.ThisKeyword) {
        return this.fail(node, 'a field that can change: make it readonly, or inert()');
      }
      // a field of an object we can follow (a parameter, a constant): what is put in that field
      return this.check(node.expression, { fields: { [node.name.text]: shape } });
    }
    return this.fail(node, 'not inert: pass external text through inert()');
  }

  private checkDeclaration(use: ts.Node, declaration: ts.Declaration, shape: Shape): boolean {
    if (ts.isVariableDeclaration(declaration)) {
      if (!isConstDeclaration(declaration) || !declaration.initializer) {
        return this.fail(use, 'a variable that can change: make it const, or inert()');
      }
      if (!ts.isIdentifier(declaration.name)) {
        return this.fail(use, 'a value destructured from elsewhere: inert() it');
      }
      const pushed = this.pushedOnto(declaration);
      return all([
        this.check(declaration.initializer, shape),
        ...(typeof shape === 'object' && 'items' in shape
          ? pushed.map((value) => this.check(value, shape.items))
          : []),
      ]);
    }
    if (ts.isParameter(declaration)) return this.checkParameter(use, declaration, shape);
    if (ts.isPropertyDeclaration(declaration) && declaration.initializer) {
      return this.check(declaration.initializer, shape);
    }
    if (ts.isEnumMember(declaration)) return true;
    return this.fail(use, 'not inert: pass external text through inert()');
  }

  /** A parameter holds what every caller passes (and its default). */
  private checkParameter(use: ts.Node, parameter: ts.ParameterDeclaration, shape: Shape): boolean {
    const fn = parameter.parent;
    if (!ts.isIdentifier(parameter.name) || parameter.dotDotDotToken) {
      return this.fail(use, 'a parameter destructured or gathered: inert() it');
    }
    const calls = this.callsOf(fn);
    if (calls.length === 0 || !this.onlyCalled(fn)) {
      return this.fail(
        use,
        'a parameter whose callers cannot be followed (a callback?): inert() the text, or type it InertText',
      );
    }
    const index = fn.parameters.indexOf(parameter);
    const results = calls.map((call) => {
      const args = call.arguments ?? ts.factory.createNodeArray();
      if (args.slice(0, index + 1).some(ts.isSpreadElement)) {
        return this.fail(call, 'arguments spread into a parameter cannot be followed');
      }
      const argument = args[index];
      return argument ? this.check(argument, shape) : true;
    });
    if (parameter.initializer) results.push(this.check(parameter.initializer, shape));
    return all(results);
  }

  /**
   * What a call of our own code returns (a function passed in: what its callers pass for it); a
   * library's function is not followed.
   */
  private checkCallResult(call: ts.CallExpression, shape: Shape): boolean {
    const declaration = this.checker.getResolvedSignature(call)?.declaration;
    if (declaration && !declaration.getSourceFile().isDeclarationFile) {
      return this.checkReturns(call.expression, shape);
    }
    return this.fail(call, 'not inert: pass external text through inert()');
  }

  // ---- helpers ----

  private functionOf(node: ts.Node): ts.SignatureDeclaration | undefined {
    const value = ts.isExpression(node) ? unwrap(node) : node;
    if (isFunctionLike(value)) return value;
    if (ts.isIdentifier(value) || ts.isPropertyAccessExpression(value)) {
      const declaration = this.declarationOf(ts.isIdentifier(value) ? value : value.name);
      if (declaration && isFunctionLike(declaration)) return declaration;
      if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer) {
        return this.functionOf(declaration.initializer);
      }
    }
    return undefined;
  }

  private callsOf(fn: ts.Node): Array<ts.CallExpression | ts.NewExpression> {
    if (!this.callSites) {
      this.callSites = new Map();
      const collect = (node: ts.Node): void => {
        if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
          const target = this.checker.getResolvedSignature(node)?.declaration;
          if (target) {
            const list = this.callSites!.get(target) ?? [];
            list.push(node);
            this.callSites!.set(target, list);
          }
        }
        ts.forEachChild(node, collect);
      };
      for (const file of this.files) collect(file);
    }
    return this.callSites.get(fn) ?? [];
  }

  /** A function referred to only where it is called: no caller we cannot see. */
  private onlyCalled(fn: ts.SignatureDeclaration): boolean {
    const known = this.called.get(fn);
    if (known !== undefined) return known;
    const result = this.onlyCalledUncached(fn);
    this.called.set(fn, result);
    return result;
  }

  private onlyCalledUncached(fn: ts.SignatureDeclaration): boolean {
    const named =
      ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)
        ? fn.name
        : ts.isConstructorDeclaration(fn)
          ? undefined
          : ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name)
            ? fn.parent.name
            : undefined;
    if (ts.isConstructorDeclaration(fn)) return true;
    if (!named) return false;
    const symbol = this.symbolAt(named);
    let escapes = false;
    const look = (node: ts.Node): void => {
      if (escapes) return;
      if (
        (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) &&
        node !== named &&
        this.symbolAt(node) === symbol
      ) {
        const parent = node.parent;
        if (
          ts.isImportSpecifier(parent) ||
          ts.isExportSpecifier(parent) ||
          ts.isImportClause(parent)
        ) {
          return;
        }
        const callee =
          (ts.isCallExpression(parent) && parent.expression === node) ||
          (ts.isPropertyAccessExpression(parent) &&
            parent.name === node &&
            ts.isCallExpression(parent.parent) &&
            parent.parent.expression === parent);
        if (!callee) escapes = true;
      }
      ts.forEachChild(node, look);
    };
    for (const file of this.files) look(file);
    return !escapes;
  }

  /** Values pushed onto a constant array after it was made (`items.push(…)`). */
  private pushedOnto(declaration: ts.VariableDeclaration): ts.Expression[] {
    const symbol = this.symbolAt(declaration.name);
    const values: ts.Expression[] = [];
    const look = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        ['push', 'unshift'].includes(node.expression.name.text) &&
        ts.isIdentifier(node.expression.expression) &&
        this.symbolAt(node.expression.expression) === symbol
      ) {
        values.push(...node.arguments);
      }
      ts.forEachChild(node, look);
    };
    look(declaration.getSourceFile());
    return values;
  }

  private declarationOf(name: ts.Node): ts.Declaration | undefined {
    const symbol = this.aliased(
      ts.isShorthandPropertyAssignment(name.parent) && name.parent.name === name
        ? this.checker.getShorthandAssignmentValueSymbol(name.parent)
        : this.checker.getSymbolAtLocation(name),
    );
    return symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  }

  private symbolAt(node: ts.Node): ts.Symbol | undefined {
    return this.aliased(this.checker.getSymbolAtLocation(node));
  }

  /** What an imported name stands for. */
  private aliased(symbol: ts.Symbol | undefined): ts.Symbol | undefined {
    return symbol && symbol.flags & ts.SymbolFlags.Alias
      ? this.checker.getAliasedSymbol(symbol)
      : symbol;
  }

  /** `Container.name` of a declaration in the vscode API, else undefined. */
  private vscodeName(target: ts.Node | ts.Symbol | undefined): string | undefined {
    const declaration =
      target && 'flags' in target && !('kind' in target)
        ? (target.valueDeclaration ?? target.declarations?.[0])
        : (target as ts.Node | undefined);
    if (!declaration || !this.isVscodeNode(declaration)) return undefined;
    const name = ts.isConstructorDeclaration(declaration)
      ? 'constructor'
      : (ts.getNameOfDeclaration(declaration as ts.Declaration)?.getText() ?? '');
    for (let parent = declaration.parent; parent; parent = parent.parent) {
      if (
        (ts.isInterfaceDeclaration(parent) ||
          ts.isClassDeclaration(parent) ||
          ts.isModuleDeclaration(parent)) &&
        parent.name
      ) {
        return `${parent.name.text}.${name}`;
      }
    }
    return undefined;
  }

  private isVscodeNode(node: ts.Node): boolean {
    return /[\\/]@types[\\/]vscode[\\/]/.test(node.getSourceFile().fileName);
  }

  private neutraliser(declaration: ts.Node): { markdown: boolean } | undefined {
    const name = ts.getNameOfDeclaration(declaration as ts.Declaration)?.getText();
    const entry = name ? NEUTRALISERS[name] : undefined;
    return entry && this.relative(declaration) === entry.file ? entry : undefined;
  }

  private isNeutraliserFile(node: ts.Node): boolean {
    const file = this.relative(node);
    return Object.values(NEUTRALISERS).some((entry) => entry.file === file);
  }

  private isInertType(type: ts.Type): boolean {
    const alias = type.aliasSymbol;
    if (alias?.name === INERT_TYPE.name) {
      const declaration = alias.declarations?.[0];
      return declaration !== undefined && this.relative(declaration) === INERT_TYPE.file;
    }
    return false;
  }

  private isInertTypeNode(node: ts.TypeNode): boolean {
    return this.isInertType(this.checker.getTypeFromTypeNode(node));
  }

  private isMarkdownString(type: ts.Type): boolean {
    const declaration = type.getSymbol()?.declarations?.[0];
    return (
      declaration !== undefined &&
      this.isVscodeNode(declaration) &&
      type.getSymbol()?.name === 'MarkdownString'
    );
  }

  /** Every field of `shape` the type has is inert by its type alone (`InertText`, a number…). */
  private typeHoldsOnlyInert(type: ts.Type | undefined, shape: Shape): boolean {
    if (!type) return false;
    if (typeof shape === 'string') {
      return (type.isUnion() ? type.types : [type]).every(
        (part) =>
          part.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null) ||
          (shape === 'text' && this.isInertType(part)),
      );
    }
    if (!('fields' in shape)) return false;
    const parts = (type.isUnion() ? type.types : [type]).filter(
      (part) => !(part.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)),
    );
    return (
      parts.length > 0 &&
      parts.every((part) =>
        Object.entries(shape.fields).every(([name, field]) => {
          if (this.isInertType(part)) return true;
          // a string in an object's place is shown itself
          if (part.flags & (ts.TypeFlags.StringLike | ts.TypeFlags.Any | ts.TypeFlags.Unknown)) {
            return false;
          }
          const property = part.getProperty(name);
          const fieldType = property
            ? this.checker.getTypeOfSymbol(property)
            : this.checker.getIndexTypeOfType(part, ts.IndexKind.String);
          return !fieldType || this.typeHoldsOnlyInert(fieldType, field);
        }),
      )
    );
  }

  private elementType(node: ts.Expression): ts.Type | undefined {
    const type = this.checker.getTypeAtLocation(node);
    if (!this.checker.isArrayType(type) && !this.checker.isTupleType(type)) return undefined;
    return this.checker.getIndexTypeOfType(type, ts.IndexKind.Number);
  }

  private isArray(node: ts.Expression): boolean {
    const type = this.checker.getTypeAtLocation(node);
    return this.checker.isArrayType(type) || this.checker.isTupleType(type);
  }

  private isStringish(node: ts.Expression): boolean {
    const type = this.checker.getTypeAtLocation(node);
    return (type.isUnion() ? type.types : [type]).some(
      (part) => part.flags & ts.TypeFlags.StringLike,
    );
  }

  private fail(node: ts.Node, why: string): false {
    const at = this.where(node);
    const expression = node.getText().replace(/\s+/g, ' ');
    const key = `${at} ${expression}`;
    if (!this.problems.has(key)) {
      this.problems.set(key, {
        surface: this.surface,
        at,
        expression: expression.length > 120 ? `${expression.slice(0, 117)}…` : expression,
        why,
      });
    }
    return false;
  }

  private where(node: ts.Node): string {
    const file = node.getSourceFile();
    const { line } = file.getLineAndCharacterOfPosition(node.getStart());
    return `${this.relative(node)}:${line + 1}`;
  }

  private relative(node: ts.Node): string {
    return relative(this.root, node.getSourceFile().fileName).split('\\').join('/');
  }
}

// ---- syntax ----

function unwrap(node: ts.Expression): ts.Expression {
  for (;;) {
    if (
      ts.isParenthesizedExpression(node) ||
      ts.isNonNullExpression(node) ||
      ts.isAsExpression(node) ||
      ts.isSatisfiesExpression(node) ||
      ts.isTypeAssertionExpression(node) ||
      ts.isAwaitExpression(node)
    ) {
      node = node.expression;
    } else {
      return node;
    }
  }
}

function isNullish(node: ts.Node): boolean {
  return (
    node.kind === ts.SyntaxKind.NullKeyword ||
    (ts.isIdentifier(node) && node.text === 'undefined') ||
    ts.isVoidExpression(node)
  );
}

function isFunctionLike(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isConstructorDeclaration(node)
  );
}

/** The values a function returns (an arrow's expression body, or each `return`'s, not nested functions'). */
function returnedValues(fn: ts.SignatureDeclaration): ts.Expression[] {
  const body = (fn as ts.FunctionLikeDeclaration).body;
  if (!body) return [];
  if (!ts.isBlock(body)) return [body];
  const values: ts.Expression[] = [];
  const look = (node: ts.Node): void => {
    if (ts.isReturnStatement(node)) {
      if (node.expression) values.push(node.expression);
      return;
    }
    if (isFunctionLike(node) || ts.isClassLike(node)) return;
    ts.forEachChild(node, look);
  };
  ts.forEachChild(body, look);
  return values;
}

function isConstDeclaration(declaration: ts.VariableDeclaration): boolean {
  return (
    ts.isVariableDeclarationList(declaration.parent) &&
    (declaration.parent.flags & ts.NodeFlags.Const) !== 0
  );
}

/** A field of an object literal held by a constant (`Commands.x`), not one made per call. */
function isConstant(property: ts.PropertyAssignment): boolean {
  let node: ts.Node = property.parent;
  while (
    ts.isObjectLiteralExpression(node) ||
    ts.isPropertyAssignment(node) ||
    ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isParenthesizedExpression(node)
  ) {
    node = node.parent;
  }
  return ts.isVariableDeclaration(node) && isConstDeclaration(node);
}

function isReadonly(declaration: ts.ParameterDeclaration | ts.PropertyDeclaration): boolean {
  return (
    (ts.getCombinedModifierFlags(declaration as ts.Declaration) & ts.ModifierFlags.Readonly) !== 0
  );
}

function all(results: boolean[]): boolean {
  return results.every(Boolean);
}
