/**
 * Values against the types the source declares, read by the TypeScript compiler itself: whether
 * a value has a type's shape, and fast-check values of that shape. A test thereby checks a
 * run-time schema against the declared types without writing the types down a second time.
 *
 * The shape is TypeScript's: strings, numbers, booleans, literals, unions, intersections, arrays,
 * object types (their properties, optional or not, and index signatures), `unknown`. An object
 * type is open, as in TypeScript: a value may have more properties than it declares.
 */
import { join } from 'node:path';
import fc from 'fast-check';
import ts from 'typescript';

export interface TypeShapes {
  /** Why `value` does not have the shape of the type named `name`, or undefined when it does. */
  mismatch(name: string, value: unknown): string | undefined;
  /** Values of the type named `name` (strings and numbers as a schema is likely to take them). */
  arbitrary(name: string): fc.Arbitrary<unknown>;
}

/**
 * The exported type aliases of `declarations` (TypeScript text importing from the project by
 * paths relative to its root), compiled with the options of the tsconfig at `tsconfigPath`.
 */
export function typeShapes(declarations: string, tsconfigPath: string): TypeShapes {
  const config = ts.getParsedCommandLineOfConfigFile(
    tsconfigPath,
    { noEmit: true },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error(`cannot read ${tsconfigPath}`);
  // the project's own checks, not its build: a composite project lists its files and roots them
  const options: ts.CompilerOptions = {
    ...config.options,
    composite: false,
    declaration: false,
    emitDeclarationOnly: false,
    rootDir: undefined,
    tsBuildInfoFile: undefined,
    incremental: false,
  };
  // a file that is never written: it lives in the compiler host only
  const virtualPath = join(process.cwd(), '__typeShapes__.ts');
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) =>
    fileName === virtualPath
      ? ts.createSourceFile(fileName, declarations, languageVersion)
      : getSourceFile(fileName, languageVersion, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => fileName === virtualPath || fileExists(fileName);
  const program = ts.createProgram([virtualPath], options, host);
  const errors = ts.getPreEmitDiagnostics(program, program.getSourceFile(virtualPath));
  if (errors.length > 0) {
    throw new Error(
      ts.formatDiagnostics(errors, {
        getCanonicalFileName: (name) => name,
        getCurrentDirectory: () => process.cwd(),
        getNewLine: () => '\n',
      }),
    );
  }
  const checker = program.getTypeChecker();
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(virtualPath)!)!;
  const types = new Map(
    checker
      .getExportsOfModule(moduleSymbol)
      .map((symbol) => [symbol.name, checker.getDeclaredTypeOfSymbol(symbol)]),
  );
  const typeNamed = (name: string): ts.Type => {
    const type = types.get(name);
    if (!type) throw new Error(`no exported type ${name}`);
    return type;
  };
  const shapes = new ShapeReader(checker);
  return {
    mismatch: (name, value) => shapes.mismatch(value, typeNamed(name), '$'),
    arbitrary: (name) => shapes.arbitrary(typeNamed(name)),
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

class ShapeReader {
  private readonly arbitraries = new Map<ts.Type, fc.Arbitrary<unknown>>();

  constructor(private readonly checker: ts.TypeChecker) {}

  mismatch(value: unknown, type: ts.Type, where: string): string | undefined {
    const { flags } = type;
    const describe = () =>
      `${where}: ${describeValue(value)} is not ${this.checker.typeToString(type)}`;
    if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return undefined;
    if (flags & ts.TypeFlags.Undefined) return value === undefined ? undefined : describe();
    if (flags & ts.TypeFlags.Null) return value === null ? undefined : describe();
    if (flags & ts.TypeFlags.String) return typeof value === 'string' ? undefined : describe();
    if (flags & ts.TypeFlags.Number) return typeof value === 'number' ? undefined : describe();
    if (flags & ts.TypeFlags.Boolean) return typeof value === 'boolean' ? undefined : describe();
    if (type.isStringLiteral() || type.isNumberLiteral()) {
      return value === type.value ? undefined : describe();
    }
    if (flags & ts.TypeFlags.BooleanLiteral) {
      return value === (this.checker.typeToString(type) === 'true') ? undefined : describe();
    }
    if (type.isUnion()) {
      const reasons = type.types.map((member) => this.mismatch(value, member, where));
      return reasons.includes(undefined) ? undefined : describe();
    }
    if (type.isIntersection()) {
      for (const member of type.types) {
        const reason = this.mismatch(value, member, where);
        if (reason) return reason;
      }
      return undefined;
    }
    if (flags & ts.TypeFlags.NonPrimitive) {
      return typeof value === 'object' && value !== null ? undefined : describe();
    }
    if (flags & ts.TypeFlags.Object) {
      if (this.checker.isArrayType(type)) {
        if (!Array.isArray(value)) return describe();
        const [element] = this.checker.getTypeArguments(type as ts.TypeReference);
        for (let index = 0; index < value.length; index++) {
          const reason = this.mismatch(value[index], element!, `${where}[${index}]`);
          if (reason) return reason;
        }
        return undefined;
      }
      if (!isObject(value)) return describe();
      for (const property of this.checker.getPropertiesOfType(type)) {
        const field = Object.hasOwn(value, property.name) ? value[property.name] : undefined;
        if (field === undefined && property.flags & ts.SymbolFlags.Optional) continue;
        const reason = this.mismatch(
          field,
          this.checker.getTypeOfSymbol(property),
          `${where}.${property.name}`,
        );
        if (reason) return reason;
      }
      for (const index of this.checker.getIndexInfosOfType(type)) {
        for (const [key, field] of Object.entries(value)) {
          const reason = this.mismatch(field, index.type, `${where}.${key}`);
          if (reason) return reason;
        }
      }
      return undefined;
    }
    throw new Error(`${where}: the type ${this.checker.typeToString(type)} is not read here`);
  }

  arbitrary(type: ts.Type): fc.Arbitrary<unknown> {
    let arbitrary = this.arbitraries.get(type);
    if (!arbitrary) {
      // a recursive type's arbitrary reaches itself through this, looked up when generating
      this.arbitraries.set(
        type,
        fc.constant(undefined).chain(() => this.arbitraries.get(type)!),
      );
      arbitrary = this.build(type);
      this.arbitraries.set(type, arbitrary);
    }
    return arbitrary;
  }

  private build(type: ts.Type): fc.Arbitrary<unknown> {
    const { flags } = type;
    if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return fc.jsonValue({ maxDepth: 2 });
    if (flags & ts.TypeFlags.Undefined) return fc.constant(undefined);
    if (flags & ts.TypeFlags.Null) return fc.constant(null);
    if (flags & ts.TypeFlags.String) return likelyText;
    if (flags & ts.TypeFlags.Number) return likelyNumber;
    if (flags & ts.TypeFlags.Boolean) return fc.boolean();
    if (type.isStringLiteral() || type.isNumberLiteral()) return fc.constant(type.value);
    if (flags & ts.TypeFlags.BooleanLiteral) {
      return fc.constant(this.checker.typeToString(type) === 'true');
    }
    if (type.isUnion()) return fc.oneof(...type.types.map((member) => this.arbitrary(member)));
    if (type.isIntersection()) {
      return fc
        .tuple(...type.types.map((member) => this.arbitrary(member)))
        .map((parts) => Object.assign({}, ...parts.filter(isObject)) as unknown);
    }
    if (flags & ts.TypeFlags.NonPrimitive) {
      return fc.dictionary(likelyText, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
    }
    if (flags & ts.TypeFlags.Object) {
      if (this.checker.isArrayType(type)) {
        const [element] = this.checker.getTypeArguments(type as ts.TypeReference);
        return fc.array(this.arbitrary(element!), { maxLength: 3 });
      }
      const fields: Record<string, fc.Arbitrary<unknown>> = {};
      const required: string[] = [];
      for (const property of this.checker.getPropertiesOfType(type)) {
        fields[property.name] = this.arbitrary(this.checker.getTypeOfSymbol(property));
        if (!(property.flags & ts.SymbolFlags.Optional)) required.push(property.name);
      }
      const record = fc.record(fields, { requiredKeys: required });
      const [index] = this.checker.getIndexInfosOfType(type);
      if (!index) return record;
      return fc
        .tuple(record, fc.dictionary(likelyText, this.arbitrary(index.type), { maxKeys: 3 }))
        .map(([named, more]) => ({ ...more, ...named }));
    }
    throw new Error(`the type ${this.checker.typeToString(type)} is not read here`);
  }
}

/** Text as the schemas take it: short names, ISO times, the runs chart's bucket keys. */
const likelyText = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 12 }) },
  fc
    .date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) })
    .map((date) => date.toISOString()),
  fc.constantFrom('2026-11-24', '2026-11-24 13'),
);
/** Counts and durations: whole numbers mostly. */
const likelyNumber = fc.oneof(
  { weight: 4, arbitrary: fc.nat({ max: 10_000 }) },
  fc.double({ min: 0, max: 10_000, noNaN: true }),
);

function describeValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value)?.slice(0, 80) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
