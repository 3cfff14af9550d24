// The sliced JSON writer must be byte-identical to JSON.stringify, compact and pretty.
import { once } from 'node:events';
import { PassThrough, Writable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IO } from '../../../src/base/io.js';
import { ITEMS_PER_SLICE, jsonSlices } from '../../../src/output/jsonStream.js';
import { render } from '../../../src/output/render.js';

const joined = (value: unknown, indent: 0 | 2): string => [...jsonSlices(value, indent)].join('');
const expected = (value: unknown, indent: 0 | 2): string => (indent ? JSON.stringify(value, null, 2) : JSON.stringify(value)) ?? 'null';

/** A list document like the API's, with a results array around the slice size. */
const listDocument = fc.record(
  {
    links: fc.array(fc.record({ rel: fc.string(), href: fc.webUrl() })),
    results: fc.array(fc.jsonValue({ maxDepth: 3 }), { minLength: 0, maxLength: ITEMS_PER_SLICE * 2 + 3 }),
    totalCount: fc.nat(),
    extra: fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }),
  },
  { requiredKeys: ['results'] },
);

describe('jsonSlices', () => {
  it.each([0, 2] as const)('joins to JSON.stringify for any JSON value (indent %i)', (indent) => {
    fc.assert(fc.property(fc.jsonValue(), (value) => joined(value, indent) === expected(value, indent)), { numRuns: 300 });
  });

  it.each([0, 2] as const)('joins to JSON.stringify for list documents of up to two slices and more (indent %i)', (indent) => {
    fc.assert(fc.property(listDocument, (doc) => joined(doc, indent) === expected(doc, indent)), { numRuns: 60 });
  });

  it.each([0, 2] as const)('leaves out and nulls what JSON.stringify does (indent %i)', (indent) => {
    const odd = {
      gone: undefined,
      fn: () => 1,
      results: [undefined, () => 1, Symbol('s'), new Date(0), { toJSON: () => 'custom' }, [], {}],
      date: new Date(0),
      nested: { a: [1, { b: [] }], c: {} },
      empty: [],
      last: undefined,
    };
    expect(joined(odd, indent)).toBe(expected(odd, indent));
    expect(joined({ only: undefined }, indent)).toBe('{}');
    expect(joined([], indent)).toBe('[]');
    expect(joined(Object.assign(Object.create(null) as object, { a: [1, 2] }), indent)).toBe(expected({ a: [1, 2] }, indent));
    const withToJSON = { toJSON: () => ({ replaced: [1] }) };
    expect(joined(withToJSON, indent)).toBe(expected(withToJSON, indent));
  });

  it('cuts a long results array into slices of whole items', () => {
    const doc = { results: Array.from({ length: ITEMS_PER_SLICE * 3 + 1 }, (_, i) => ({ name: `c${i}` })), totalCount: 1501 };
    const slices = [...jsonSlices(doc, 0)];
    // `{"results":`, four slices of items (the last one closes the array), `,"totalCount":1501`, `}`
    expect(slices.length).toBe(7);
    expect(slices[1]).toMatch(/^\[\{"name":"c0"\}/);
    expect(slices[2]).toMatch(/^,\{"name":"c500"\}/);
    expect(slices.join('')).toBe(JSON.stringify(doc));
  });
});

describe('render json through a slow consumer', () => {
  it('waits for drain and writes the whole document once, in order', async () => {
    const out = new PassThrough({ highWaterMark: 1024 });
    const io = new IO({
      out,
      err: new Writable({ write: (_c, _e, cb) => cb() }),
      in: new PassThrough(),
      outIsTTY: false,
      errIsTTY: false,
      inIsTTY: false,
      colorLevel: 0,
      columns: 100,
    });
    const doc = { results: Array.from({ length: 2_000 }, (_, i) => ({ name: `cluster-${i}`, secret: 'sk-0123456789abcdef' })), totalCount: 2_000 };
    io.addSecret('sk-0123456789abcdef');
    const chunks: Buffer[] = [];
    let pendingMax = 0;
    const done = render(io, doc, { format: 'pretty' });
    // Read slowly: the writer must stop at the high-water mark instead of queuing everything.
    for (;;) {
      pendingMax = Math.max(pendingMax, out.writableLength);
      const chunk = out.read() as Buffer | null;
      if (chunk) chunks.push(chunk);
      else if (await Promise.race([done.then(() => true), once(out, 'readable').then(() => false)])) break;
    }
    for (let chunk = out.read() as Buffer | null; chunk; chunk = out.read() as Buffer | null) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text).toBe(`${JSON.stringify(doc, null, 2).replaceAll('sk-0123456789abcdef', '[REDACTED]')}\n`);
    expect(pendingMax).toBeLessThan(JSON.stringify(doc, null, 2).length / 4);
  });
});
