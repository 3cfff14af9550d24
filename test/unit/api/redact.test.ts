import { describe, expect, test } from 'vitest';
import { REDACTED, redact, redactHeaders } from '../../../src/api/redact.js';
import { readOpenApi } from '../../helpers/reference.js';

describe('redact', () => {
  test('JSON values of secret keys, whatever the spacing and escapes', () => {
    const text = '{"access_token": "eyJ.abc.def", "token_type":"Bearer","expires_in":3600,"privateKey":"a\\"b","publicKey":"pub"}';
    const out = redact(text);
    expect(out).toBe(`{"access_token": "${REDACTED}", "token_type":"Bearer","expires_in":3600,"privateKey":"${REDACTED}","publicKey":"pub"}`);
  });

  test('client_secret, private_key and password in form bodies and query strings', () => {
    expect(redact('grant_type=client_credentials&client_secret=s3cr3t&x=1')).toBe(`grant_type=client_credentials&client_secret=${REDACTED}&x=1`);
    expect(redact('/x?private_key=abc&password=pw')).toBe(`/x?private_key=${REDACTED}&password=${REDACTED}`);
  });

  test('Bearer and Basic credentials anywhere', () => {
    expect(redact('sent Bearer eyJhbGciOi.x-y_z= then Basic dXNlcjpwYXNz')).toBe(`sent Bearer ${REDACTED} then Basic ${REDACTED}`);
  });

  test('known secret values wherever they appear, raw or URL-encoded', () => {
    const secret = 'p@ss word/+';
    const text = `echo ${secret} and ${encodeURIComponent(secret)} in "detail": "key ${secret}"`;
    const out = redact(text, [secret]);
    expect(out).not.toContain(secret);
    expect(out).not.toContain(encodeURIComponent(secret));
    expect(out.split(REDACTED).length - 1).toBe(3);
  });

  test('leaves ordinary text alone and ignores empty secrets', () => {
    const text = '{"name":"cluster-1","stateName":"IDLE","tokenCount":3}';
    expect(redact(text, [''])).toBe(text);
  });
});

describe('redactHeaders', () => {
  test('credential headers keep only their scheme; cookies go entirely', () => {
    expect(
      redactHeaders({
        Authorization: 'Digest username="pub", realm="r", nonce="n", response="abc"',
        'proxy-authorization': 'Basic eHg6eXk=',
        'set-cookie': ['a=1', 'b=2'],
        cookie: 'sid=1',
        accept: 'application/json',
      }),
    ).toEqual({
      Authorization: `Digest ${REDACTED}`,
      'proxy-authorization': `Basic ${REDACTED}`,
      'set-cookie': REDACTED,
      cookie: REDACTED,
      accept: 'application/json',
    });
  });

  test('a bearer token echoed in another header is redacted; undefined values are dropped', () => {
    expect(redactHeaders({ 'x-debug': 'token tok-123 used', 'x-none': undefined }, ['tok-123'])).toEqual({ 'x-debug': `token ${REDACTED} used` });
  });
});

describe('the secrets of the service\'s description', () => {
  /** Every property name the whole description marks `format: password`, and the secrets some operations answer with once. */
  function secretProperties(): string[] {
    const names = new Set<string>();
    const walk = (node: unknown, depth: number): void => {
      if (node === null || typeof node !== 'object' || depth > 80) return;
      const properties = (node as { properties?: Record<string, { format?: string }> }).properties;
      for (const [name, schema] of Object.entries(properties ?? {})) if (schema?.format === 'password') names.add(name);
      for (const value of Object.values(node)) walk(value, depth + 1);
    };
    walk(readOpenApi('v2-2026-08-full'), 0);
    return [...names].sort();
  }

  test('every field the description marks format: password is redacted in a JSON body', () => {
    const names = secretProperties();
    // Database users', service accounts', webhooks', Splunk's and Kafka's secrets, at least.
    expect(names).toEqual(expect.arrayContaining(['clientSecret', 'hecToken', 'password', 'secret', 'sslKeyPassword', 'webhookHeadersTemplate', 'webhookSecret']));
    for (const name of names) {
      const body = JSON.stringify({ [name]: 's3cr3t-value', name: 'kept' });
      expect(redact(body), name).toBe(`{"${name}":"${REDACTED}","name":"kept"}`);
    }
  });

  test('a service account\'s new secret, LDAP\'s bind password, integration keys and webhook URLs', () => {
    expect(redact('{"ldap":{"bindUsername":"cn=x","bindPassword":"pw"}}')).toBe(`{"ldap":{"bindUsername":"cn=x","bindPassword":"${REDACTED}"}}`);
    const body = '{"id":"6a1","secret":"mdb_sa_sk_0123abcd","expiresAt":"2027-01-01T00:00:00Z"}';
    expect(redact(body)).toBe(`{"id":"6a1","secret":"${REDACTED}","expiresAt":"2027-01-01T00:00:00Z"}`);
    const integration = '{"type":"SLACK","apiToken":"xoxb-1","webhookUrl":"https://hooks.example/T0/B0/x","routingKey":"r","serviceKey":"k","maskedSecret":"****"}';
    expect(redact(integration)).toBe(`{"type":"SLACK","apiToken":"${REDACTED}","webhookUrl":"${REDACTED}","routingKey":"${REDACTED}","serviceKey":"${REDACTED}","maskedSecret":"****"}`);
  });
});
