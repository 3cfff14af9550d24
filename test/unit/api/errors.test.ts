import { describe, expect, test } from 'vitest';
import { ApiError, ExitCode, NetworkError, TimeoutError, exitCodeFor } from '../../../src/base/errors.js';
import {
  apiErrorFromResponse,
  DEFAULT_MAY_HAVE_APPLIED_HINT,
  excerpt,
  InvalidResponseError,
  parseErrorDocument,
  parseSuccessBody,
  transportError,
} from '../../../src/api/errors.js';
import { readRecorded } from '../../helpers/reference.js';

const HTML_502 = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx/1.25.3</center>
</body>
</html>`;

describe('error documents', () => {
  test('a 404 document becomes an ApiError with exit 4', () => {
    const error = apiErrorFromResponse(404, {}, JSON.stringify({ detail: 'No cluster named c1 exists in group g.', error: 404, errorCode: 'CLUSTER_NOT_FOUND', parameters: ['c1', 'g'], reason: 'Not Found' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('No cluster named c1 exists in group g. (CLUSTER_NOT_FOUND, HTTP 404)');
    expect(error.errorCode).toBe('CLUSTER_NOT_FOUND');
    expect(error.document?.parameters).toEqual(['c1', 'g']);
    expect(exitCodeFor(error)).toBe(ExitCode.notFound);
  });

  test.each([
    [401, ExitCode.auth],
    [403, ExitCode.auth],
    [409, ExitCode.conflict],
    [429, ExitCode.rateLimited],
    [400, ExitCode.general],
    [500, ExitCode.server],
    [503, ExitCode.server],
  ])('status %i maps to exit %i', (status, code) => {
    expect(apiErrorFromResponse(status, {}, JSON.stringify({ detail: 'd', errorCode: 'X' })).exitCode).toBe(code);
  });

  test('an HTML 502 gives the status and a short, flattened excerpt', () => {
    const error = apiErrorFromResponse(502, { 'content-type': 'text/html' }, HTML_502);
    const shown = /error body: "(.*)" \(HTTP 502\)$/.exec(error.message)?.[1];
    expect(shown).toBe('<html> <head><title>502 Bad Gateway</title></head> <body> <center><h1>502 Bad Ga…');
    expect(shown?.length).toBe(81);
    expect(error.exitCode).toBe(ExitCode.server);
    expect(error.errorCode).toBeUndefined();
  });

  test('empty bodies, JSON that is not an error document, and redirects', () => {
    expect(apiErrorFromResponse(500, {}, '').message).toBe('the service answered with an empty error body (HTTP 500)');
    expect(apiErrorFromResponse(400, {}, '{"message":"nope"}').message).toContain('non-JSON error body: "{"message":"nope"}"');
    expect(apiErrorFromResponse(302, { location: 'https://login.example' }, '').message).toBe('unexpected redirect to https://login.example; check the base URL (HTTP 302)');
  });

  test('a hint and an override message are kept', () => {
    const error = apiErrorFromResponse(410, {}, JSON.stringify({ detail: 'gone', errorCode: 'VERSION_GONE' }), { message: 'use 2023-02-01', hint: 'h' });
    expect(error.message).toBe('use 2023-02-01 (VERSION_GONE, HTTP 410)');
    expect(error.hint).toBe('h');
  });

  test('parseErrorDocument keeps only the seed fields', () => {
    expect(parseErrorDocument('{"detail":"d","error":400,"errorCode":"E","parameters":[1],"reason":"Bad Request","extra":1}')).toEqual({
      detail: 'd', error: 400, errorCode: 'E', parameters: [1], reason: 'Bad Request',
    });
    expect(parseErrorDocument('[1]')).toBeUndefined();
    expect(parseErrorDocument('nope')).toBeUndefined();
  });

  describe('recorded error responses from the live service', () => {
    test('every recorded 4xx body maps to an ApiError carrying its errorCode', () => {
      const errors = readRecorded().filter((r) => r.status >= 400);
      expect(errors.length).toBeGreaterThan(0);
      for (const recorded of errors) {
        const error = apiErrorFromResponse(recorded.status, recorded.headers, recorded.body);
        const doc = JSON.parse(recorded.body) as { errorCode: string; detail: string };
        expect(error.errorCode).toBe(doc.errorCode);
        expect(error.message).toBe(`${doc.detail} (${doc.errorCode}, HTTP ${recorded.status})`);
      }
    });
  });
});

describe('2xx bodies', () => {
  test('JSON parses; empty is undefined', () => {
    expect(parseSuccessBody(200, '{"a":1}', 'u')).toEqual({ a: 1 });
    expect(parseSuccessBody(204, '', 'u')).toBeUndefined();
  });
  test('truncated JSON and non-JSON are InvalidResponseError, exit 7', () => {
    const truncated = (() => { try { parseSuccessBody(200, '{"results":[{"name":"a"', 'http://h/x'); } catch (e) { return e as InvalidResponseError; } })();
    expect(truncated).toBeInstanceOf(InvalidResponseError);
    expect(truncated?.message).toBe('the service answered HTTP 200 with truncated or invalid JSON for http://h/x: "{"results":[{"name":"a""');
    expect(truncated?.exitCode).toBe(ExitCode.server);
    expect(() => parseSuccessBody(200, 'OK', 'u')).toThrow('with a body that is not JSON for u: "OK"');
  });
  test('excerpt collapses whitespace and cuts at 80', () => {
    expect(excerpt('a \n\t b')).toBe('a b');
    expect(excerpt('x'.repeat(100))).toBe(`${'x'.repeat(80)}…`);
  });
});

describe('transport errors', () => {
  const ctx = { method: 'GET', url: 'https://api.example:8443/api/atlas/v2', timeoutMs: 60_000, idempotent: true };
  const coded = (code: string, message = code): Error => Object.assign(new Error(message), { code });

  test.each([
    ['ECONNREFUSED', NetworkError, 'cannot connect to api.example:8443: connection refused'],
    ['ENOTFOUND', NetworkError, 'cannot resolve host api.example'],
    ['UND_ERR_CONNECT_TIMEOUT', TimeoutError, 'timed out connecting to api.example:8443 after 60s'],
    ['UND_ERR_HEADERS_TIMEOUT', TimeoutError, 'no response from api.example:8443 within 60s (GET https://api.example:8443/api/atlas/v2)'],
    ['UND_ERR_BODY_TIMEOUT', TimeoutError, 'the response from api.example:8443 stalled for more than 60s'],
    ['SELF_SIGNED_CERT_IN_CHAIN', NetworkError, 'TLS: certificate signed by unknown authority (api.example:8443) — set caFile or NODE_EXTRA_CA_CERTS'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', NetworkError, 'TLS: certificate signed by unknown authority (api.example:8443) — set caFile or NODE_EXTRA_CA_CERTS'],
    ['CERT_HAS_EXPIRED', NetworkError, 'TLS: the certificate of api.example:8443 is expired'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', NetworkError, 'TLS: the certificate does not match the host name api.example'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', NetworkError, 'TLS handshake with api.example:8443 failed (is it an HTTPS server?)'],
    ['ECONNRESET', NetworkError, 'the connection to api.example:8443 broke before a complete response (GET https://api.example:8443/api/atlas/v2)'],
  ])('%s', (code, type, message) => {
    const error = transportError(coded(code), ctx);
    expect(error).toBeInstanceOf(type);
    expect(error.message).toBe(message);
    expect(error.exitCode).toBe(ExitCode.server);
  });

  test('codes are found on a cause too', () => {
    const wrapped = new Error('fetch failed', { cause: coded('ECONNREFUSED') });
    expect(transportError(wrapped, ctx).message).toContain('connection refused');
  });

  test('a POST cut mid-flight says it may have been applied, with the caller hint if given', () => {
    const post = { ...ctx, method: 'POST', idempotent: false };
    expect(transportError(coded('UND_ERR_SOCKET', 'other side closed'), post).hint).toBe(DEFAULT_MAY_HAVE_APPLIED_HINT);
    expect(transportError(coded('ECONNRESET'), { ...post, mayHaveAppliedHint: 'check with `cdba clusters get c1`' }).hint).toBe('check with `cdba clusters get c1`');
  });

  test('unknown failures keep their message', () => {
    expect(transportError(new Error('weird'), ctx).message).toBe('request to api.example:8443 failed: weird');
  });
});
