import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/base/errors.js';
import { errorReport, formatErrorReport } from '../../../src/base/errorReport.js';
import { terminalSafeJson } from '../../../src/base/sanitize.js';

describe('the JSON error report', () => {
  it('quotes the service\'s detail whole up to 4,096 characters, and a megabyte of it cut', () => {
    const short = 'No cluster named c1 exists in group 5e1ab0c0ffee0000deadbeef.';
    expect(errorReport(new ApiError(404, { detail: short, errorCode: 'CLUSTER_NOT_FOUND' })).error.detail).toBe(short);
    const huge = 'x'.repeat(1024 * 1024);
    const line = formatErrorReport(errorReport(new ApiError(400, { detail: huge, errorCode: 'INVALID_ATTRIBUTE' })));
    const detail = (JSON.parse(line) as { error: { detail: string } }).error.detail;
    expect(detail).toBe(`${'x'.repeat(4096)}…`);
    expect(line.length).toBeLessThan(6000);
  });

  it('writes what acts on a terminal as \\u escapes: the same value to a parser', () => {
    const detail = 'a\u009b2Jb\u202eRLO\u2028LS\u007f';
    const line = formatErrorReport(errorReport(new ApiError(400, { detail })));
    expect(line).not.toMatch(/[\u007f-\u009f\u202e\u2028]/);
    expect(line).toContain('a\\u009b2Jb\\u202eRLO\\u2028LS\\u007f');
    expect((JSON.parse(line) as { error: { detail: string } }).error.detail).toBe(detail);
  });
});

describe('terminalSafeJson', () => {
  it('leaves JSON without such characters as it is, and keeps the parsed value of any', () => {
    const plain = JSON.stringify({ name: 'café ☕', list: [1, 'two'] });
    expect(terminalSafeJson(plain)).toBe(plain);
    const hostile = { name: 'x\u0085y\u061c\u200e\u200f\u2029\u202a\u2066\u2069z' };
    const safe = terminalSafeJson(JSON.stringify(hostile));
    expect(safe).toMatch(/^[\x20-\x7e]*$/);
    expect(JSON.parse(safe)).toEqual(hostile);
  });
});
