// A validation pass over a --query expression, after the jmespath library has
// compiled it. That library is lenient where the JMESPath specification (and
// its reference implementation, jmespath.py) refuses: `a.`, `a..b`, `[-]`,
// `[::0]`, `[:::]`, unterminated literals, and unknown functions, which it
// only notices while evaluating, that is after the request. Each check here
// names a case the library would otherwise run or fail on late.

interface Token {
  type: string;
  value: unknown;
  start: number;
}

interface Node {
  type: string;
  name?: string;
  value?: unknown;
  children?: Array<Node | number | null | undefined>;
}

export interface JmespathModule {
  tokenize(expression: string): Token[];
  compile(expression: string): Node;
}

type ArgType = 'any' | 'number' | 'string' | 'array' | 'object' | 'expref' | 'array-number' | 'array-string';

/** The specification's built-in functions: argument types, and whether the last one repeats. */
const FUNCTIONS: Record<string, { args: ArgType[][]; variadic?: boolean }> = {
  abs: { args: [['number']] },
  avg: { args: [['array-number']] },
  ceil: { args: [['number']] },
  contains: { args: [['array', 'string'], ['any']] },
  ends_with: { args: [['string'], ['string']] },
  floor: { args: [['number']] },
  join: { args: [['string'], ['array-string']] },
  keys: { args: [['object']] },
  length: { args: [['string', 'array', 'object']] },
  map: { args: [['expref'], ['array']] },
  max: { args: [['array-number', 'array-string']] },
  max_by: { args: [['array'], ['expref']] },
  merge: { args: [['object']], variadic: true },
  min: { args: [['array-number', 'array-string']] },
  min_by: { args: [['array'], ['expref']] },
  not_null: { args: [['any']], variadic: true },
  reverse: { args: [['string', 'array']] },
  sort: { args: [['array-number', 'array-string']] },
  sort_by: { args: [['array'], ['expref']] },
  starts_with: { args: [['string'], ['string']] },
  sum: { args: [['array-number']] },
  to_array: { args: [['any']] },
  to_number: { args: [['any']] },
  to_string: { args: [['any']] },
  type: { args: [['any']] },
  values: { args: [['object']] },
};

/** Returns what is wrong with the expression, or undefined; lexer and parser errors propagate. */
export function queryProblem(expression: string, jmespath: JmespathModule): string | undefined {
  const tokens = jmespath.tokenize(expression);
  let colons = 0; // in a row, with only numbers between: a slice has at most two
  for (const [i, token] of tokens.entries()) {
    colons = token.type === 'Colon' ? colons + 1 : token.type === 'Number' ? colons : 0;
    if (colons > 2) return `a slice has at most two ':' (at offset ${token.start})`;
    const problem = tokenProblem(token, expression.slice(token.start, tokens[i + 1]?.start ?? expression.length).trimEnd());
    if (problem) return problem;
  }
  return nodeProblem(jmespath.compile(expression));
}

function tokenProblem(token: Token, source: string): string | undefined {
  if (token.type === 'Number' && !Number.isInteger(token.value)) return `'-' must be followed by digits (at offset ${token.start})`;
  if (token.type !== 'Literal') return undefined;
  const quote = source[0]!;
  if (source.length < 2 || !source.endsWith(quote) || /(^|[^\\])(\\\\)*\\.$/.test(source)) {
    return `unterminated ${quote === "'" ? 'raw string' : 'literal'} at offset ${token.start}`;
  }
  const inner = source.slice(1, -1);
  // The library unescapes only the first \' or \`; refuse what it would misread.
  if (quote === "'") {
    return token.value === inner.replaceAll("\\'", "'") ? undefined : `raw string at offset ${token.start} has more than one \\' escape`;
  }
  // As jmespath.py reads it: JSON, or else (the deprecated form) the text as a string.
  const unescaped = inner.replaceAll('\\`', '`');
  const expected = parseJsonOr(unescaped) ?? parseJsonOr(`"${unescaped.trimStart()}"`);
  return expected !== undefined && JSON.stringify(expected.value) === JSON.stringify(token.value)
    ? undefined
    : `literal at offset ${token.start} has more than one \\\` escape`;
}

function parseJsonOr(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

function nodeProblem(node: Node): string | undefined {
  const children = node.children ?? [];
  if (node.type === 'Function') {
    const problem = functionProblem(node, children);
    if (problem) return problem;
  }
  if (node.type === 'Slice' && children[2] === 0) return 'a slice step cannot be 0';
  if (node.type === 'Index' && !Number.isInteger(node.value)) return 'an index must be a number';
  for (const child of children) {
    if (child === null || child === undefined) {
      if (node.type === 'Slice') continue; // an omitted start, stop or step
      return 'the expression is incomplete (nothing after a "." or "|"?)';
    }
    if (typeof child === 'object') {
      const problem = nodeProblem(child);
      if (problem) return problem;
    }
  }
  return undefined;
}

function functionProblem(node: Node, args: Array<Node | number | null | undefined>): string | undefined {
  if (!node.name) return 'parentheses after "." are not a function call';
  const spec = Object.hasOwn(FUNCTIONS, node.name) ? FUNCTIONS[node.name] : undefined;
  if (!spec) return `unknown function ${node.name}()`;
  const min = spec.args.length;
  if (args.length < min || (!spec.variadic && args.length > min)) {
    const expected = spec.variadic ? `at least ${min}` : String(min);
    return `${node.name}() takes ${expected} argument${min === 1 ? '' : 's'}, got ${args.length}`;
  }
  for (const [i, arg] of args.entries()) {
    const allowed = spec.args[Math.min(i, min - 1)]!;
    const actual = staticType(arg);
    if (actual === undefined) {
      // A field, projection or call evaluates to a JSON value, never to an &expression.
      if (allowed.includes('expref')) return `${node.name}() argument ${i + 1} must be an expression reference (&field)`;
      continue;
    }
    if (!allowed.some((type) => typeMatches(type, actual))) {
      const wanted = allowed.map((type) => (type === 'any' ? 'a value' : type)).join(' or ');
      return `${node.name}() argument ${i + 1} must be ${wanted}, got ${describe(actual)}`;
    }
  }
  return undefined;
}

type StaticType = 'expref' | { value: unknown };

/** What an argument is known to be before evaluation: an &expression or a literal. */
function staticType(arg: Node | number | null | undefined): StaticType | undefined {
  if (arg === null || arg === undefined || typeof arg !== 'object') return undefined;
  if (arg.type === 'ExpressionReference') return 'expref';
  if (arg.type === 'Literal') return { value: arg.value };
  return undefined;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' ? 'object' : typeof value;
}

function typeMatches(type: ArgType, actual: StaticType): boolean {
  if (actual === 'expref') return type === 'expref';
  const value = actual.value;
  if (type === 'any') return true;
  if (type === 'array-number') return Array.isArray(value) && value.every((v) => typeof v === 'number');
  if (type === 'array-string') return Array.isArray(value) && value.every((v) => typeof v === 'string');
  return jsonType(value) === type;
}

function describe(actual: StaticType): string {
  return actual === 'expref' ? 'an expression reference' : `a literal ${jsonType(actual.value)}`;
}
