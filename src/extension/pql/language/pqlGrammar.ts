/**
 * PuppetDB's own PQL grammar (puppetdb `resources/puppetlabs/puppetdb/pql/pql-grammar.ebnf`),
 * rule for rule, so that the editor's verdict on a query is the server's. PuppetDB parses it
 * with Instaparse, which tries every alternative (not the first that fits), matches each regular
 * expression greedily and once, and knows whitespace only where the grammar writes it (`a = 1
 * and b = 2` needs the spaces around `and`; `is null` takes exactly one). So each rule here maps
 * a start offset to every offset it can end at, remembered per offset, and the text is valid if
 * a query can end where only whitespace follows. Where none can, the failure is reported where
 * Instaparse reports it: the furthest offset any rule failed at. The regular expressions are
 * Java's: `\s` is the six ASCII spaces and `.` is any character but a line terminator.
 */

export type GrammarVerdict =
  | { valid: true }
  | {
      valid: false;
      /** Where parsing got furthest before it failed (an offset into the query). */
      offset: number;
      /** What the grammar would have accepted there, described for people. */
      expected: string[];
    };

type Rule = (from: number) => readonly number[];

const JAVA_SPACE = ' \\t\\n\\x0B\\f\\r';
const JAVA_DOT = '[^\\n\\r\\u0085\\u2028\\u2029]';
const TRAILING_SPACE = new RegExp(`^[${JAVA_SPACE}]*$`);

const ENTITIES = [
  'facts',
  'reports',
  'catalogs',
  'packages',
  'package_inventory',
  'resources',
  'nodes',
  'environments',
  'factsets',
  'fact_paths',
  'fact_contents',
  'inventory',
  'edges',
  'events',
];
const FUNCTIONS = ['count', 'avg', 'sum', 'min', 'max', 'to_string'];

export function checkPqlGrammar(query: string): GrammarVerdict {
  return new GrammarRun(query).verdict();
}

/** One parse of one text: the rules close over it and remember their answers per offset. */
class GrammarRun {
  private furthest = -1;
  private readonly expectedThere = new Set<string>();
  private readonly query: Rule;
  /** The whole text's `query` but for its trailing whitespace, which Instaparse checks apart. */
  private readonly leadingAndQuery: Rule;

  constructor(private readonly text: string) {
    const whitespace = this.regex(`[${JAVA_SPACE}]+`, 'whitespace');
    const ws = optional(whitespace);
    const literalText = (word: string) => this.literal(word);
    const oneOf = (words: readonly string[]) => choice(...words.map(literalText));
    const comma = this.literal(',');

    const digits = this.regex('[0-9]+', 'a number');
    const negative = this.literal('-');
    const integer = sequence(optional(negative), digits);
    const real = sequence(
      optional(negative),
      digits,
      this.literal('.'),
      digits,
      optional(sequence(oneOf(['E', 'e']), optional(choice(negative, this.literal('+'))), digits)),
    );
    const dqstring = sequence(
      this.literal('"'),
      this.regex(`(?:[^"\\\\]|\\\\${JAVA_DOT})*`, 'string text'),
      this.literal('"'),
    );
    const sqstring = sequence(
      this.literal("'"),
      this.regex(`(?:[^'\\\\]|\\\\${JAVA_DOT})*`, 'string text'),
      this.literal("'"),
    );
    const string = choice(dqstring, sqstring);
    const boolean = oneOf(['true', 'false']);
    const lbracket = this.literal('[');
    const rbracket = this.literal(']');
    const listOf = (item: Rule) => sequence(item, repeat(sequence(ws, comma, ws, item)));

    const literalRef: Rule = (from) => literal(from);
    const array = sequence(lbracket, ws, listOf(literalRef), ws, rbracket);
    const literal = memo(choice(string, integer, real, boolean, array));
    const groupedLiteralList = sequence(lbracket, ws, listOf(literal), ws, rbracket);

    const fieldPath = repeat1(
      sequence(
        this.literal('.'),
        choice(
          this.regex(`"${JAVA_DOT}*?"(?=\\.|[${JAVA_SPACE}])`, 'a quoted path segment'),
          this.regex(`[^${JAVA_SPACE}.",\\[\\]!<=>~]+(?:\\[[0-9]+\\])?`, 'a path segment'),
          this.regex(`match\\(${JAVA_DOT}*?\\)`, 'match(…)'),
        ),
      ),
    );
    const field = memo(
      choice(
        this.regex('[a-zA-Z0-9_]+\\??', 'a field'),
        sequence(oneOf(['facts', 'trusted', 'parameters']), fieldPath),
      ),
    );
    const stringList = listOf(string);
    const argList = sequence(choice(field, string), optional(sequence(ws, comma, ws, stringList)));
    const func = sequence(
      oneOf(FUNCTIONS),
      ws,
      this.literal('('),
      ws,
      optional(argList),
      ws,
      this.literal(')'),
    );
    const fieldList = listOf(choice(field, func));
    const groupedFieldList = sequence(lbracket, ws, fieldList, ws, rbracket);

    const queryRef: Rule = (from) => this.query(from);
    const expressionRef: Rule = (from) => expression(from);
    const condition = (operator: Rule, value: Rule) => sequence(field, ws, operator, ws, value);
    const condExpression = choice(
      condition(this.literal('~'), string),
      condition(this.literal('~>'), sequence(lbracket, ws, listOf(string), ws, rbracket)),
      condition(oneOf(['>=', '<=', '<', '>']), choice(integer, real, string)),
      condition(this.literal('='), literal),
      condition(this.literal('!='), literal),
      condition(this.literal('!~'), literal),
      sequence(
        choice(field, groupedFieldList),
        ws,
        this.literal('in'),
        ws,
        choice(queryRef, groupedLiteralList),
      ),
    );
    const condExpNull = sequence(field, ws, oneOf(['is null', 'is not null']));

    const entity = oneOf(ENTITIES);
    const orderParam = sequence(
      this.notAhead(oneOf(['asc', 'desc']), 'a field (not asc or desc)'),
      field,
      optional(sequence(whitespace, oneOf(['asc', 'desc']))),
      ws,
    );
    const pagingClause = choice(
      sequence(this.literal('limit'), whitespace, integer),
      sequence(this.literal('offset'), whitespace, integer),
      sequence(
        this.literal('order by'),
        whitespace,
        orderParam,
        optional(repeat1(sequence(comma, ws, orderParam))),
      ),
    );
    const groupBy = sequence(this.literal('group by'), whitespace, fieldList);
    const where = sequence(
      this.literal('{'),
      ws,
      optional(expressionRef),
      ws,
      optional(choice(groupBy, repeat(sequence(pagingClause, ws)))),
      repeat(whitespace),
      this.literal('}'),
    );
    const subquery = sequence(entity, ws, where);
    const exprRest = choice(
      sequence(this.literal('('), ws, expressionRef, ws, this.literal(')')),
      condExpression,
      condExpNull,
      subquery,
    );
    const exprNotRef: Rule = (from) => exprNot(from);
    const exprNot = memo(choice(sequence(this.literal('!'), ws, exprNotRef), exprRest));
    const exprAndRef: Rule = (from) => exprAnd(from);
    const exprAnd = memo(
      choice(exprNot, sequence(exprNot, whitespace, this.literal('and'), whitespace, exprAndRef)),
    );
    const exprOrRef: Rule = (from) => exprOr(from);
    const exprOr = memo(
      choice(exprAnd, sequence(exprAnd, whitespace, this.literal('or'), whitespace, exprOrRef)),
    );
    const expression = exprOr;
    const extract = sequence(lbracket, ws, optional(fieldList), ws, rbracket);
    const from = sequence(entity, optional(sequence(ws, extract)), ws, where);
    this.query = memo(sequence(ws, from, ws));
    this.leadingAndQuery = sequence(ws, from);
  }

  verdict(): GrammarVerdict {
    const ends = this.leadingAndQuery(0);
    if (ends.some((end) => TRAILING_SPACE.test(this.text.slice(end)))) return { valid: true };
    // Instaparse reports a query followed by more than whitespace right after the query
    for (const end of ends) this.fail(end, 'whitespace and the end of the query');
    return { valid: false, offset: this.furthest, expected: [...this.expectedThere].sort() };
  }

  private fail(at: number, description: string): void {
    if (at > this.furthest) {
      this.furthest = at;
      this.expectedThere.clear();
    }
    if (at === this.furthest) this.expectedThere.add(description);
  }

  /**
   * Instaparse's `!rule`: matches nothing, and only where `rule` does not match. Where it does,
   * Instaparse counts that as the failure (at the word it refused), as here.
   */
  private notAhead(rule: Rule, description: string): Rule {
    return (from) => {
      if (rule(from).length === 0) return [from];
      this.fail(from, description);
      return [];
    };
  }

  private literal(word: string): Rule {
    return (from) => {
      if (this.text.startsWith(word, from)) return [from + word.length];
      this.fail(from, `"${word}"`);
      return [];
    };
  }

  /** Greedy and single, as Instaparse matches a regular expression. */
  private regex(source: string, description: string): Rule {
    const pattern = new RegExp(source, 'y');
    return (from) => {
      pattern.lastIndex = from;
      const match = pattern.exec(this.text);
      if (match) return [from + match[0].length];
      this.fail(from, description);
      return [];
    };
  }
}

function sequence(...rules: Rule[]): Rule {
  return (from) => {
    let ends: readonly number[] = [from];
    for (const rule of rules) {
      const next = new Set<number>();
      for (const end of ends) for (const after of rule(end)) next.add(after);
      if (next.size === 0) return [];
      ends = [...next];
    }
    return ends;
  };
}

function choice(...rules: Rule[]): Rule {
  return (from) => {
    const ends = new Set<number>();
    for (const rule of rules) for (const end of rule(from)) ends.add(end);
    return [...ends];
  };
}

function optional(rule: Rule): Rule {
  return (from) => [...new Set([from, ...rule(from)])];
}

/** Zero or more; every count's end is an end. */
function repeat(rule: Rule): Rule {
  return (from) => {
    const ends = new Set<number>([from]);
    let frontier = [from];
    while (frontier.length > 0) {
      const next: number[] = [];
      for (const start of frontier) {
        for (const end of rule(start)) {
          if (!ends.has(end)) {
            ends.add(end);
            next.push(end);
          }
        }
      }
      frontier = next;
    }
    return [...ends];
  };
}

function repeat1(rule: Rule): Rule {
  return sequence(rule, repeat(rule));
}

/** Remembers a rule's ends per start offset (the grammar asks the same question many times). */
function memo(rule: Rule): Rule {
  const answers = new Map<number, readonly number[]>();
  return (from) => {
    let ends = answers.get(from);
    if (!ends) {
      ends = rule(from);
      answers.set(from, ends);
    }
    return ends;
  };
}
