// The --query validation pass: what the jmespath library compiles but the
// JMESPath specification (jmespath.test compliance suite, jmespath.py) refuses.
import fc from 'fast-check';
import jmespath from 'jmespath';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/base/errors.js';
import { checkQuery } from '../../../src/output/render.js';
import { queryProblem, type JmespathModule } from '../../../src/output/queryCheck.js';

const jp = jmespath as unknown as JmespathModule;

describe('queryProblem', () => {
  it.each([
    ['foo(bar)', /unknown function foo\(\)/],
    ['results | nope()', /unknown function nope\(\)/],
    ['a.(b)', /not a function call/],
    ['a.', /incomplete/],
    ['foo..bar', /incomplete/],
    ['foo.bar.', /incomplete/],
    ['foo[-]', /'-' must be followed by digits/],
    ['foo[:-]', /'-' must be followed by digits/],
    ['foo[::0]', /slice step cannot be 0/],
    ['[:::]', /at most two ':'/],
    ["'foo", /unterminated raw string/],
    ['`"foo"', /unterminated literal/],
    ["a[?b=='x\\'y\\'z']", /more than one \\' escape/],
    ['abs()', /abs\(\) takes 1 argument, got 0/],
    ['length(`1`, `2`)', /takes 1 argument, got 2/],
    ['merge()', /takes at least 1 argument, got 0/],
    ['sort_by(results)', /takes 2 arguments, got 1/],
    ['sort_by(results, name)', /argument 2 must be an expression reference/],
    ['map(name, results)', /argument 1 must be an expression reference/],
    ['abs(`"x"`)', /abs\(\) argument 1 must be number, got a literal string/],
    ['sum(`["a"]`)', /must be array-number, got a literal array/],
    ['to_string(&a)', /must be a value, got an expression reference/],
  ])('refuses %s', (expression, message) => {
    expect(jp.compile(expression), 'the library itself compiles it').toBeTruthy();
    expect(queryProblem(expression, jp)).toMatch(message);
  });

  it.each([
    'results[].name',
    "results[?stateName=='IDLE'].{n: name, t: clusterType}",
    'results[?stateName==`IDLE`].name', // the deprecated bare literal, as jmespath.py reads it too
    'results[?diskSizeGB > `10`] | length(@)',
    'max_by(results, &diskSizeGB).name',
    'sort_by(results, &name)[-1]',
    'map(&name, results)',
    'merge(`{}`, @)',
    'not_null(a, b, `"x"`)',
    'join(`", "`, results[].name)',
    'contains(`[1, 2]`, `1`)',
    'foo[0:10:2]',
    'foo[::-1]',
    'foo[-1]',
    '*.[a, b] || `[]`',
    '{"\\\\":{" ":*}}',
    '`"a\\`b"`',
    "'a\\'b'",
    '@',
    '[]',
  ])('accepts %s', (expression) => {
    expect(queryProblem(expression, jp)).toBeUndefined();
  });

  it('any call of a name that is not a JMESPath function is refused', () => {
    const known = new Set(['abs', 'avg', 'ceil', 'contains', 'ends_with', 'floor', 'join', 'keys', 'length', 'map', 'max', 'max_by', 'merge', 'min', 'min_by', 'not_null', 'reverse', 'sort', 'sort_by', 'starts_with', 'sum', 'to_array', 'to_number', 'to_string', 'type', 'values']);
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z_][a-z0-9_]{0,12}$/), fc.constantFrom('@', 'a', 'a, b', ''), (name, args) => {
        fc.pre(!known.has(name));
        expect(queryProblem(`results[].${name}(${args})`, jp)).toBe(`unknown function ${name}()`);
      }),
    );
  });

  it('checkQuery turns every problem, and the parser tripping over bad syntax, into a UsageError naming --query', async () => {
    for (const expression of ['foo(bar)', 'a.', 'a[?b=`1`]', 'a b']) {
      await expect(checkQuery(expression)).rejects.toThrow(UsageError);
      await expect(checkQuery(expression)).rejects.toThrow(/^invalid --query/);
    }
    await expect(checkQuery('a[?b=`1`]')).rejects.toThrow(/not a valid JMESPath expression/);
  });
});
