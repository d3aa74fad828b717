/** The reference's QueryBuilder tests (pypuppetdb tests/test_querybuilder.py), ported. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  AndOperator,
  APIError,
  EqualsOperator,
  ExtractOperator,
  FromOperator,
  FunctionOperator,
  GreaterEqualOperator,
  GreaterOperator,
  InOperator,
  LessEqualOperator,
  LessOperator,
  NotOperator,
  NullOperator,
  OrOperator,
  pyFloat,
  queryToString,
  RegexArrayOperator,
  RegexOperator,
  SubqueryOperator,
} from '../../../src/client';

const june11 = new Date(Date.UTC(2016, 5, 11));
const raises = (action: () => unknown) => assert.throws(action, APIError);

describe('binary operators', () => {
  test('equals', () => {
    const op = new EqualsOperator('certname', 'test01');
    assert.equal(op.toString(), '["=", "certname", "test01"]');
    assert.equal(op.repr(), 'Query: ["=", "certname", "test01"]');
    assert.equal(String(new EqualsOperator('clientversion', 91)), '["=", "clientversion", 91]');
    assert.equal(
      String(new EqualsOperator('start_time', '2016-05-11T23:22:48.709Z')),
      '["=", "start_time", "2016-05-11T23:22:48.709Z"]',
    );
    assert.equal(String(new EqualsOperator('is_virtual', true)), '["=", "is_virtual", true]');
    assert.equal(
      String(new EqualsOperator('bios_version', ['6.00', pyFloat(5.0)])),
      '["=", "bios_version", ["6.00", 5.0]]',
    );
    assert.equal(
      String(new EqualsOperator(['parameter', 'ensure'], 'present')),
      '["=", ["parameter", "ensure"], "present"]',
    );
    assert.equal(
      String(new EqualsOperator('latest_report?', true)),
      '["=", "latest_report?", true]',
    );
    assert.equal(
      String(new EqualsOperator('report_timestamp', june11)),
      '["=", "report_timestamp", "2016-06-11 00:00:00"]',
    );
  });

  test('greater, less and their -or-equal forms', () => {
    assert.equal(String(new GreaterOperator('uptime', 150)), '[">", "uptime", 150]');
    assert.equal(
      String(new GreaterOperator(['parameter', 'version'], pyFloat(4.0))),
      '[">", ["parameter", "version"], 4.0]',
    );
    assert.equal(
      String(new GreaterOperator('report_timestamp', june11)),
      '[">", "report_timestamp", "2016-06-11 00:00:00"]',
    );
    assert.equal(String(new LessOperator('uptime_seconds', 300)), '["<", "uptime_seconds", 300]');
    assert.equal(
      String(new LessOperator(['parameter', 'version'], pyFloat(4.0))),
      '["<", ["parameter", "version"], 4.0]',
    );
    assert.equal(String(new GreaterEqualOperator('uptime_days', 3)), '[">=", "uptime_days", 3]');
    assert.equal(
      String(new GreaterEqualOperator('start_time', '2016-05-11T23:53:29.962Z')),
      '[">=", "start_time", "2016-05-11T23:53:29.962Z"]',
    );
    assert.equal(
      String(new LessEqualOperator('kernelmajversion', 4)),
      '["<=", "kernelmajversion", 4]',
    );
    assert.equal(
      String(new LessEqualOperator('report_timestamp', june11)),
      '["<=", "report_timestamp", "2016-06-11 00:00:00"]',
    );
    assert.equal(
      String(new LessEqualOperator('end_time', new Date(Date.UTC(2016, 5, 11, 1, 2, 3, 450)))),
      '["<=", "end_time", "2016-06-11 01:02:03.450000"]',
    );
  });

  test('regex, regex array and null', () => {
    assert.equal(
      String(new RegexOperator('certname', 'www\\d+\\.example\\.com')),
      '["~", "certname", "www\\\\d+\\\\.example\\\\.com"]',
    );
    assert.equal(
      String(new RegexOperator(['parameter', 'version'], '4\\.\\d+')),
      '["~", ["parameter", "version"], "4\\\\.\\\\d+"]',
    );
    assert.equal(
      String(new RegexArrayOperator('networking', ['interfaces', 'eno.*', 'netmask'])),
      '["~>", "networking", ["interfaces", "eno.*", "netmask"]]',
    );
    assert.equal(String(new NullOperator('expired', true)), '["null?", "expired", true]');
    assert.equal(
      String(new NullOperator('report_environment', false)),
      '["null?", "report_environment", false]',
    );
    raises(() => new NullOperator('environment', 'test' as unknown as boolean));
  });

  test('toJSON gives the AST array, so builders nest in JSON.stringify', () => {
    const op = new EqualsOperator('version', pyFloat(4));
    assert.deepEqual(op.toJSON(), ['=', 'version', 4]);
    assert.equal(JSON.stringify({ query: op }), '{"query":["=","version",4]}');
    assert.equal(queryToString(op), '["=", "version", 4.0]');
    assert.equal(queryToString(['=', 'certname', 'é']), '["=", "certname", "\\u00e9"]');
    assert.equal(queryToString('["=", "certname", "x"]'), '["=", "certname", "x"]');
  });
});

describe('boolean operators', () => {
  for (const [Operator, name] of [
    [AndOperator, 'and'],
    [OrOperator, 'or'],
  ] as const) {
    test(name, () => {
      const op = new Operator();
      op.add(new EqualsOperator('operatingsystem', 'CentOS'));
      op.add([
        new EqualsOperator('architecture', 'x86_64'),
        new GreaterOperator('operatingsystemmajrelease', 6),
      ]);
      const expected = `["${name}", ["=", "operatingsystem", "CentOS"], ["=", "architecture", "x86_64"], [">", "operatingsystemmajrelease", 6]]`;
      assert.equal(op.toString(), expected);
      assert.equal(op.repr(), `Query: ${expected}`);
      raises(() => op.add({ query1: '["=", "catalog_environment", "production"]' } as never));
    });
  }

  test('a string is parsed and re-serialised canonically', () => {
    const op = new AndOperator().add('["=","certname","a"]');
    assert.equal(op.toString(), '["and", ["=", "certname", "a"]]');
    raises(() => new AndOperator().add('not json'));
  });

  // found by test/unit/properties/queryBuilder.test.ts: a list whose first item was a string
  // was taken for one query AST, so a list of query texts went out as ['["=", …]', …]
  test('a list of query texts adds each query, as the reference reads every list', () => {
    const op = new AndOperator().add(['["=", "a", 1]', ' ["in", "certname", ["array", ["x"]]]']);
    assert.equal(op.toString(), '["and", ["=", "a", 1], ["in", "certname", ["array", ["x"]]]]');
    assert.equal(new NotOperator().add(['["=", "a", 1]']).toString(), '["not", ["=", "a", 1]]');
    // an AST array is still one query, whatever its operator
    assert.equal(new OrOperator().add(['[', 'a', 1]).toString(), '["or", ["[", "a", 1]]');
  });

  test('not takes one query only', () => {
    const op = new NotOperator();
    op.add(new EqualsOperator('operatingsystem', 'CentOS'));
    assert.equal(op.toString(), '["not", ["=", "operatingsystem", "CentOS"]]');
    assert.equal(op.repr(), 'Query: ["not", ["=", "operatingsystem", "CentOS"]]');
    raises(() => op.add(new GreaterOperator('operatingsystemmajrelease', 6)));
    raises(() =>
      new NotOperator().add([
        new EqualsOperator('clientversion', '4.5.1'),
        new EqualsOperator('facterversion', '3.2.0'),
      ]),
    );
  });

  test('no operations is an error when serialised', () => {
    for (const op of [new AndOperator(), new OrOperator(), new NotOperator()]) {
      raises(() => op.repr());
      raises(() => op.toString());
    }
  });
});

describe('extract and functions', () => {
  test('fields', () => {
    const op = new ExtractOperator();
    raises(() => op.toString());
    op.addField('certname');
    op.addField(['fact_environment', 'catalog_environment']);
    assert.equal(
      op.repr(),
      'Query: ["extract", ["certname", "fact_environment", "catalog_environment"]]',
    );
    raises(() => op.addField({ equal: 'operatingsystemrelease' } as never));
  });

  test('query, once', () => {
    const op = new ExtractOperator().addField([
      'certname',
      'fact_environment',
      'catalog_environment',
    ]);
    raises(() => op.addQuery({ less: 42 } as never));
    op.addQuery(new EqualsOperator('domain', 'example.com'));
    assert.equal(
      op.toString(),
      '["extract", ["certname", "fact_environment", "catalog_environment"], ["=", "domain", "example.com"]]',
    );
    raises(() => op.addQuery(new GreaterOperator('processorcount', 1)));
  });

  test('group by', () => {
    const op = new ExtractOperator()
      .addField(['certname', 'fact_environment', 'catalog_environment'])
      .addQuery(new EqualsOperator('domain', 'example.com'))
      .addGroupBy(['fact_environment', 'catalog_environment']);
    raises(() => op.addGroupBy({ deactivated: false } as never));
    assert.equal(
      op.toString(),
      '["extract", ["certname", "fact_environment", "catalog_environment"], ["=", "domain", "example.com"], ["group_by", "fact_environment", "catalog_environment"]]',
    );
  });

  test('function operators in fields and group by', () => {
    const op = new ExtractOperator()
      .addField(new FunctionOperator('to_string', 'producer_timestamp', 'FMDAY'))
      .addField(new FunctionOperator('count'))
      .addGroupBy(new FunctionOperator('to_string', 'producer_timestamp', 'FMDAY'));
    assert.equal(
      op.toString(),
      '["extract", [["function", "to_string", "producer_timestamp", "FMDAY"], ["function", "count"]], ["group_by", ["function", "to_string", "producer_timestamp", "FMDAY"]]]',
    );
  });

  test('functions and their required arguments', () => {
    assert.equal(String(new FunctionOperator('count')), '["function", "count"]');
    assert.equal(
      new FunctionOperator('count', 'domain').repr(),
      'Query: ["function", "count", "domain"]',
    );
    assert.equal(String(new FunctionOperator('avg', 'uptime')), '["function", "avg", "uptime"]');
    assert.equal(
      String(new FunctionOperator('sum', 'memoryfree_mb')),
      '["function", "sum", "memoryfree_mb"]',
    );
    assert.equal(
      String(new FunctionOperator('min', 'kernelversion')),
      '["function", "min", "kernelversion"]',
    );
    assert.equal(
      String(new FunctionOperator('max', 'facterversion')),
      '["function", "max", "facterversion"]',
    );
    for (const fn of ['avg', 'sum', 'min', 'max', 'to_string']) {
      raises(() => new FunctionOperator(fn));
    }
    raises(() => new FunctionOperator('to_string', 'receive_time'));
    raises(() => new FunctionOperator('std_dev'));
    raises(() => new FunctionOperator('last'));
  });
});

describe('subqueries, in and from', () => {
  test('subquery', () => {
    assert.equal(String(new SubqueryOperator('events')), '["select_events"]');
    const op = new SubqueryOperator('events').addQuery(new EqualsOperator('status', 'noop'));
    assert.equal(op.repr(), 'Query: ["select_events", ["=", "status", "noop"]]');
    raises(() => op.addQuery(new EqualsOperator('status', 'changed')));
    raises(() => new SubqueryOperator('cats'));
  });

  test('in with extract, arrays and one value only', () => {
    assert.equal(String(new InOperator('certname')), '["in", "certname"]');
    const op = new InOperator('certname').addQuery(new ExtractOperator().addField('certname'));
    assert.equal(op.repr(), 'Query: ["in", "certname", ["extract", ["certname"]]]');
    raises(() =>
      new InOperator('certname').addQuery(new ExtractOperator()).addQuery(new ExtractOperator()),
    );
    assert.equal(
      new InOperator('certname').addArray([1, '2', 3]).repr(),
      'Query: ["in", "certname", ["array", [1, "2", 3]]]',
    );
    raises(() => new InOperator('certname').addArray([1, [2, 3]]));
    raises(() => new InOperator('certname').addArray([]));
    raises(() => new InOperator('certname').addArray([1, 2, 3]).addArray([1, 2, 3]));
    raises(() =>
      new InOperator('certname')
        .addArray([1, 2, 3])
        .addQuery(new ExtractOperator().addField('certname')),
    );
  });

  test('the documented subquery example', () => {
    const op = new InOperator('certname').addQuery(
      new ExtractOperator()
        .addField(['certname'])
        .addQuery(
          new SubqueryOperator('facts').addQuery(
            new AndOperator()
              .add(new EqualsOperator('name', 'operatingsystem'))
              .add(new EqualsOperator('value', 'Debian')),
          ),
        ),
    );
    assert.equal(
      op.toString(),
      '["in", "certname", ["extract", ["certname"], ["select_facts", ["and", ["=", "name", "operatingsystem"], ["=", "value", "Debian"]]]]]',
    );
  });

  test('in with from, and the AST documentation example', () => {
    const withOffset = new InOperator('certname').addQuery(
      new FromOperator('facts')
        .addQuery(new ExtractOperator().addField(['certname', 'facts']))
        .addOffset(10),
    );
    assert.equal(
      withOffset.repr(),
      'Query: ["in", "certname", ["from", "facts", ["extract", ["certname", "facts"]], ["offset", 10]]]',
    );
    const and = new AndOperator()
      .add(new EqualsOperator('path', ['networking', 'eth0', 'macaddresses', 0]))
      .add(new EqualsOperator('value', 'aa:bb:cc:dd:ee:00'));
    const op = new InOperator('certname').addQuery(
      new FromOperator('fact_contents').addQuery(
        new ExtractOperator().addField('certname').addQuery(and),
      ),
    );
    assert.equal(
      op.toString(),
      '["in", "certname", ["from", "fact_contents", ["extract", ["certname"], ["and", ["=", "path", ["networking", "eth0", "macaddresses", 0]], ["=", "value", "aa:bb:cc:dd:ee:00"]]]]]',
    );
  });

  test('from: entity, one query, limit and offset replaced, fixed order', () => {
    raises(() => new FromOperator('facts').toString());
    raises(() => new FromOperator('invalid_entity'));
    raises(() => new FromOperator('inventory'));
    const equals = new EqualsOperator('certname', 'test01');
    assert.equal(
      String(new FromOperator('facts').addQuery(equals)),
      '["from", "facts", ["=", "certname", "test01"]]',
    );
    const twice = new FromOperator('facts');
    raises(() => twice.addQuery('test, test, test' as never));
    twice.addQuery(equals);
    raises(() => twice.addQuery(equals));
    const fr = new FromOperator('facts').addQuery(equals).addOffset(10);
    assert.equal(String(fr), '["from", "facts", ["=", "certname", "test01"], ["offset", 10]]');
    fr.addLimit(5);
    assert.equal(
      String(fr),
      '["from", "facts", ["=", "certname", "test01"], ["limit", 5], ["offset", 10]]',
    );
    fr.addLimit(15);
    assert.equal(
      fr.repr(),
      'Query: ["from", "facts", ["=", "certname", "test01"], ["limit", 15], ["offset", 10]]',
    );
    raises(() => fr.addOffset('invalid' as never));
    raises(() => fr.addLimit(['invalid'] as never));
  });

  test('from: order by replaces, and rejects deeper nesting', () => {
    const fr = new FromOperator('facts').addQuery(new EqualsOperator('certname', 'test01'));
    fr.addOrderBy(['certname']);
    assert.equal(
      String(fr),
      '["from", "facts", ["=", "certname", "test01"], ["order_by", ["certname"]]]',
    );
    fr.addOrderBy(['certname', ['timestamp', 'desc'], 'facts']);
    assert.equal(
      fr.repr(),
      'Query: ["from", "facts", ["=", "certname", "test01"], ["order_by", ["certname", ["timestamp", "desc"], "facts"]]]',
    );
    raises(() => fr.addOrderBy(['certname', ['timestamp', 'desc', ['oops']]] as never));
    raises(() => fr.addOrderBy([]));
  });
});
