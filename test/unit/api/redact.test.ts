import fc from 'fast-check';
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

describe('a JSON document\'s "value": a Header\'s goes, a tag\'s, a matcher\'s and a data point\'s stay', () => {
  const R = `"${REDACTED}"`;

  test('tags, labels and alert matchers show their values, in compact and pretty JSON', () => {
    const cluster = { name: 'c1', tags: [{ key: 'env', value: 'prod' }], labels: [{ value: 'blue', key: 'team' }] };
    expect(redact(JSON.stringify(cluster))).toBe(JSON.stringify(cluster));
    expect(redact(JSON.stringify(cluster, null, 2))).toBe(JSON.stringify(cluster, null, 2));
    const alert = { eventTypeName: 'OUTSIDE_METRIC_THRESHOLD', matchers: [{ fieldName: 'HOSTNAME', operator: 'EQUALS', value: 'host-1' }] };
    expect(redact(JSON.stringify(alert))).toBe(JSON.stringify(alert));
    expect(redact(JSON.stringify(alert, null, 4))).toBe(JSON.stringify(alert, null, 4));
  });

  test('metric data points and rate limits show their values', () => {
    const measurements = { measurements: [{ name: 'CONNECTIONS', dataPoints: [{ timestamp: '2026-08-01T00:00:00Z', value: 1.5 }, { value: 'n/a', timestamp: '2026-08-01T00:01:00Z' }] }] };
    expect(redact(JSON.stringify(measurements))).toBe(JSON.stringify(measurements));
    const limit = { capacity: { defaultValue: '100', value: '80' } };
    expect(redact(JSON.stringify(limit))).toBe(JSON.stringify(limit));
  });

  test('a webhook Header\'s value goes, in either key order, compact or pretty; its name stays', () => {
    expect(redact('{"headers":[{"name":"X-Api-Key","value":"k-123"}]}')).toBe(`{"headers":[{"name":"X-Api-Key","value":${R}}]}`);
    expect(redact('{"headers":[{"value":"k-123","name":"X-Api-Key"}]}')).toBe(`{"headers":[{"value":${R},"name":"X-Api-Key"}]}`);
    const pretty = JSON.stringify({ otelSuppliedHeaders: [{ value: 'k-123', name: 'X-Api-Key' }] }, null, 2);
    expect(redact(pretty)).toBe(pretty.replace('"k-123"', R));
    expect(redact(pretty)).toContain('"name": "X-Api-Key"');
  });

  test('an object with a name, one under a headers key, and an unknown shape keep their values secret', () => {
    // A Header with a key member too is still a Header.
    expect(redact('{"name":"X-Token","key":"k","value":"s-1"}')).toBe(`{"name":"X-Token","key":"k","value":${R}}`);
    expect(redact('{"headers":[{"key":"X-Token","value":"s-1"}]}')).toBe(`{"headers":[{"key":"X-Token","value":${R}}]}`);
    expect(redact('{"value": "x"}')).toBe(`{"value": ${R}}`);
    expect(redact('[{"Value":"x","other":1}]')).toBe(`[{"Value":${R},"other":1}]`);
    // An escaped key is read as the document means it.
    expect(redact('{"name":"h","v\\u0061lue":"s-1"}')).toBe(`{"name":"h","v\\u0061lue":${R}}`);
  });

  test('tags beside a Header in one document: each as its shape says', () => {
    const doc = {
      tags: [{ key: 'env', value: 'prod' }],
      integrations: [{ type: 'PROMETHEUS', headers: [{ name: 'Authorization', value: 'Token t-1' }], config: { value: 'u-1' } }],
      alerts: [{ matchers: [[{ fieldName: 'REPLICA_SET_NAME', operator: 'STARTS_WITH', value: 'rs' }]] }],
      points: [[[{ timestamp: '2026-08-01T00:00:00Z', value: '3' }]]],
    };
    const out = redact(JSON.stringify(doc));
    expect(out).toBe(JSON.stringify(doc).replace('"Token t-1"', R).replace('"u-1"', R));
  });

  test('a body cut short or not JSON still loses every "value"', () => {
    const whole = '{"tags":[{"key":"env","value":"prod"}],"headers":[{"name":"A","value":"s"}]}';
    const cut = whole.slice(0, whole.indexOf('"headers"') + 4);
    expect(redact(cut)).toBe(`{"tags":[{"key":"env","value":${R}}],"hea`);
    expect(redact(`${whole} trailing`)).toBe(`{"tags":[{"key":"env","value":${R}}],"headers":[{"name":"A","value":${R}}]} trailing`);
    expect(redact(`log: {"key":"env","value":"prod"}`)).toBe(`log: {"key":"env","value":${R}}`);
    // Form bodies and query strings as before.
    expect(redact('key=env&value=prod')).toBe(`key=env&value=${REDACTED}`);
  });

  test('a document nested deeper than is sorted is redacted as if it were not JSON', () => {
    const deep = `${'['.repeat(300)}{"key":"env","value":"prod"}${']'.repeat(300)}`;
    expect(redact(deep)).toBe(deep.replace('"prod"', R));
  });

  test('the other secret keys and known secrets go in a JSON document as before', () => {
    const body = '{"tags":[{"key":"env","value":"prod"}],"password":"pw","note":"sk-0123456789 here"}';
    expect(redact(body, ['sk-0123456789'])).toBe(`{"tags":[{"key":"env","value":"prod"}],"password":${R},"note":"${REDACTED} here"}`);
  });

  // Any JSON with Headers anywhere (random names, values and extra members; random
  // nesting among tags, matchers, data points and arbitrary JSON, compact or pretty):
  // no Header value reaches the output.
  test('property: no Header value survives, wherever the Headers sit', () => {
    const text = fc.string({ maxLength: 12 });
    // Values of any text, and values shaped like keys, which no other part of the document holds by chance.
    const secretValue = fc.oneof(text, fc.stringMatching(/^[A-Za-z0-9_+/=-]{16,32}$/));
    const header = fc
      .record({ name: text, value: secretValue, extra: fc.dictionary(fc.constantFrom('key', 'timestamp', 'fieldName', 'operator', 'defaultValue', 'type'), text) })
      .map(({ name, value, extra }) => ({ doc: { ...extra, name, value }, secrets: [value] }));
    const plain = fc.oneof(
      text.map((value) => ({ key: 'env', value })),
      text.map((value) => ({ fieldName: 'HOSTNAME', operator: 'EQUALS', value })),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => ({ timestamp: '2026-08-01T00:00:00Z', value })),
      fc.jsonValue({ maxDepth: 2 }),
    );
    interface Node {
      doc: unknown;
      secrets: string[];
    }
    const { node } = fc.letrec<{ node: Node }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        header,
        plain.map((doc) => ({ doc, secrets: [] })),
        fc.array(tie('node'), { maxLength: 4 }).map((items) => ({ doc: items.map((item) => item.doc), secrets: items.flatMap((item) => item.secrets) })),
        fc
          .uniqueArray(fc.tuple(fc.constantFrom('headers', 'otelSuppliedHeaders', 'tags', 'items', 'value', 'name', 'matchers', 'x'), tie('node')), { maxLength: 4, selector: ([key]) => key })
          .map((entries) => ({ doc: Object.fromEntries(entries.map(([key, item]) => [key, item.doc])), secrets: entries.flatMap(([, item]) => item.secrets) })),
      ),
    }));
    /** Every object of `before` with a name and a string value (a Header) has `[REDACTED]` for it in `after`. */
    const headersRedacted = (before: unknown, after: unknown): void => {
      if (before === null || typeof before !== 'object') return;
      expect(typeof after).toBe('object');
      const shown = after as Record<string, unknown>;
      for (const [key, item] of Object.entries(before)) {
        if (key === 'value' && 'name' in before && typeof item === 'string') expect(shown[key]).toBe(REDACTED);
        else headersRedacted(item, shown[key]);
      }
    };
    fc.assert(
      fc.property(node, fc.boolean(), ({ doc, secrets }, pretty) => {
        const out = redact(JSON.stringify(doc, null, pretty ? 2 : undefined));
        // A `value=` in some string may have cut the text (as form bodies are redacted); when it still parses, each Header's value is gone.
        let parsed: unknown;
        try {
          parsed = JSON.parse(out);
        } catch {
          parsed = undefined;
        }
        if (parsed !== undefined) headersRedacted(doc, parsed);
        // A value shaped like a key is nowhere at all.
        for (const secret of secrets) if (/^[A-Za-z0-9_+/=-]{16,32}$/.test(secret)) expect(out).not.toContain(secret);
      }),
      { numRuns: 500 },
    );
  });
});
