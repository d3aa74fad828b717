/**
 * Hiera's `%{…}` interpolation, for the variables a node's scope holds and nothing else: Puppet's
 * rules (lib/puppet/pops/lookup/interpolation.rb) for `%{facts.x.y}`, `%{trusted.certname}`,
 * `%{::environment}`, `%{server_facts.x}`, legacy `%{::fact}`, quoted segments and the empty
 * forms (`%{}`, `%{::}`, `%{''}`). Nothing is ever evaluated: the method forms that would run a
 * lookup (`lookup`, `hiera`, `alias`) are named as problems. In hiera.yaml Hiera refuses every
 * method form ("Interpolation using method syntax is not allowed in this context"); in data it
 * allows them, and `literal('…')` and `scope('…')` are emulated there since they only quote text
 * or name a variable.
 */
import { dig, kindOf, splitKey } from './keys';
import {
  EMPTY_INTERPOLATIONS,
  METHOD_CALL,
  normaliseVariable,
  resolveVariable,
  type NodeScope,
  type Resolved,
} from './scope';

/**
 * The text, when every variable was set; the variables that were not, with the text Hiera makes
 * of it all the same (each missing variable as the empty string: Puppet then looks for
 * `nodes/.yaml`); or the expressions Hiera refuses or this emulation does not evaluate.
 */
export type Interpolated =
  { text: string } | { missing: string[]; emptied: string } | { problems: string[] };

export interface InterpolationOptions {
  /** `config` (hiera.yaml: no method forms) or `data` (a data file's value). Default `config`. */
  context?: 'config' | 'data';
  /** Local variables ahead of the scope: the key a `mapped_paths` level binds to each element. */
  locals?: Readonly<Record<string, unknown>>;
}

export function interpolate(
  template: string,
  scope: NodeScope,
  options: InterpolationOptions = {},
): Interpolated {
  if (!template.includes('%{')) return { text: template };
  const context = options.context ?? 'config';
  const missing: string[] = [];
  const problems: string[] = [];
  const text = template.replace(/%\{([^}]*)\}/g, (_whole, inner: string) => {
    const expression = inner.trim();
    if (EMPTY_INTERPOLATIONS.has(expression)) return '';
    const method = METHOD_CALL.exec(expression);
    if (method) {
      const name = method[1]!;
      const argument = method[2] ?? method[3]!;
      if (context === 'config') {
        problems.push(`%{${expression}}: hiera.yaml allows no method calls in interpolations`);
        return '';
      }
      if (name === 'literal') return argument;
      if (name !== 'scope') {
        problems.push(`%{${expression}}: '${name}' interpolations are not evaluated here`);
        return '';
      }
      return render(argument, lookUp(argument, scope, options.locals), missing, problems);
    }
    return render(expression, lookUp(expression, scope, options.locals), missing, problems);
  });
  if (problems.length > 0) return { problems };
  if (missing.length > 0) return { missing: [...new Set(missing)], emptied: text };
  return { text };
}

function lookUp(
  expression: string,
  scope: NodeScope,
  locals: Readonly<Record<string, unknown>> | undefined,
): Resolved {
  if (locals) {
    const split = splitKey(expression.trim());
    if ('segments' in split && Object.hasOwn(locals, split.segments[0]!)) {
      const [root, ...rest] = split.segments as [string, ...string[]];
      return dig(locals[root], rest, expression);
    }
  }
  return resolveVariable(scope, expression);
}

/** A value as Hiera writes it into a string; a missing one is noted and written as ''. */
function render(
  expression: string,
  resolved: Resolved,
  missing: string[],
  problems: string[],
): string {
  if ('problem' in resolved) {
    problems.push(`%{${expression}}: ${resolved.problem}`);
    return '';
  }
  if (!resolved.found || resolved.value === null || resolved.value === undefined) {
    const normalised = normaliseVariable(expression);
    missing.push('name' in normalised ? normalised.name : expression.trim());
    return '';
  }
  const value = resolved.value;
  if (typeof value === 'string') return value;
  // Ruby writes 1.0 as "1.0" where JavaScript writes "1": facts from JSON lost that already.
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // Puppet writes Ruby's text of an array or hash here (`["a", "b"]`): no path is meant to be that.
  problems.push(`%{${expression}}: the value is ${kindOf(value)}, not text`);
  return '';
}
