import fc from 'fast-check';
import { redactConnectionString } from 'mongodb-connection-string-url';
import { describe, expect, it } from 'vitest';
import { ConnStringParseError, SHAPE_IDS, parse } from '../../../src/connstring/index.js';
import { UsageError } from '../../../src/base/errors.js';
import { AMBIGUOUS_FIXTURES, INVALID_INPUTS, SHAPE_FIXTURES, UNKNOWN_FIXTURES } from './fixtures.js';

describe('parse: every row and form of the seed table', () => {
  it.each(SHAPE_FIXTURES)('$name', ({ uri, expect: expected }) => {
    expect(parse(uri)).toMatchObject(expected);
  });

  it('covers every row in host-list and SRV form', () => {
    const seen = new Set<string>();
    for (const f of SHAPE_FIXTURES) {
      const p = parse(f.uri);
      for (const c of p.candidates) seen.add(`${c}/${p.srv ? 'srv' : 'list'}`);
    }
    const expected = SHAPE_IDS.flatMap((id) => (id === 'privateLinkOptimized' ? [`${id}/srv`] : [`${id}/list`, `${id}/srv`]));
    expect([...seen].sort()).toEqual(expected.sort());
  });
});

describe('parse: ambiguity', () => {
  it.each(AMBIGUOUS_FIXTURES)('$name', ({ uri, expect: expected }) => {
    const p = parse(uri);
    expect(p).toMatchObject(expected);
    expect(p.provider).toBeUndefined();
    expect(p.title).toBeUndefined();
    expect(p.notes.join(' ')).toMatch(/Several rows fit/);
  });

  it('reads "-pri" as Private IP for Peering, and says a cluster could be named that way', () => {
    const p = parse('mongodb+srv://db-pri.ab12c.mongodb.net');
    expect(p).toMatchObject({ type: 'privatePeering', cluster: 'db' });
    expect(p.notes).toContain('A cluster named "db-pri" would have this same string as its standard SRV string.');
  });

  it('reads "azure" before the domain as the legacy label, never as a hash', () => {
    expect(parse('mongodb+srv://cluster0.azure.mongodb.net')).toMatchObject({ type: 'unknown' });
    expect(parse('mongodb+srv://cluster0-ab12c.azure.mongodb.net')).toMatchObject({ type: 'legacy', provider: 'AZURE' });
  });

  it('reads an AWS pl-0-<region> SRV without zone letter as the AWS row, with a note', () => {
    const p = parse('mongodb+srv://pl-0-us-east-1.ab12c.mongodb.net');
    expect(p).toMatchObject({ type: 'privateLinkAws', region: 'us-east-1', provider: 'AWS' });
    expect(p.az).toBeUndefined();
    expect(p.notes.join(' ')).toMatch(/availability-zone letter/);
  });

  it('does not take a leading-zero index as pl-<n>', () => {
    expect(parse('mongodb+srv://pl-00-eastus.ab12c.mongodb.net')).toMatchObject({ type: 'standard', cluster: 'pl-00-eastus' });
  });
});

describe('parse: the seed rules as notes', () => {
  it('legacy: kept indefinitely, with the current form', () => {
    const p = parse('mongodb+srv://cluster0-ab12c.mongodb.net');
    expect(p.notes[0]).toBe(
      'Legacy string: it is kept indefinitely. The current form is: mongodb+srv://cluster0.ab12c.mongodb.net',
    );
    expect(p.notes.join(' ')).toMatch(/peering-only/);
    expect(p.notes.join(' ')).toMatch(/clusters on AWS keep their string/);
  });

  it('legacy with .gcp / .azure: changes when the provider changes', () => {
    expect(parse('mongodb+srv://cluster0-ab12c.gcp.mongodb.net').notes.join(' ')).toMatch(
      /carries the \.gcp label, so it changes when the cluster moves to or from Google Cloud/,
    );
    expect(parse('mongodb+srv://cluster0-ab12c.azure.mongodb.net').notes.join(' ')).toMatch(
      /carries the \.azure label, so it changes when the cluster moves to or from Azure/,
    );
  });

  it('-pri: optional on AWS, and the custom DNS setting', () => {
    const notes = parse('mongodb+srv://cluster0-pri.ab12c.mongodb.net').notes.join(' ');
    expect(notes).toMatch(/On AWS the -pri string is optional/);
    expect(notes).toMatch(/Using Custom DNS on AWS with VPC Peering/);
  });

  it('optimized: switch to the legacy SRV before converting to multi-region', () => {
    expect(parse('mongodb+srv://cluster0-pl-0-lb.ab12c.mongodb.net').notes.join(' ')).toMatch(
      /single-region sharded cluster to multi-region without regionalized private endpoints.*switch to the Legacy SRV string before converting/,
    );
  });

  it('tenant host prefix is not the cluster name', () => {
    const p = parse(
      'mongodb://ac-7q2qeli-shard-00-00.y7yjmsc.mongodb-dev.net:27017,ac-7q2qeli-shard-00-01.y7yjmsc.mongodb-dev.net:27017/?ssl=true&authSource=admin&replicaSet=atlas-8t7ch2-shard-0',
    );
    expect(p).toMatchObject({ type: 'standard', cluster: 'ac-7q2qeli', hash: 'y7yjmsc' });
    expect(p.notes[0]).toMatch(/internal ID/);
  });
});

describe('parse: URI parts', () => {
  it('keeps user, database and options, and never shows the password', () => {
    const p = parse('mongodb+srv://alice:s3cr%40t@Cluster0.AB12C.mongodb.net/sales?retryWrites=true&w=majority');
    expect(p).toMatchObject({
      type: 'standard',
      cluster: 'cluster0',
      hash: 'ab12c',
      username: 'alice',
      database: 'sales',
      options: { retryWrites: 'true', w: 'majority' },
      uri: 'mongodb+srv://alice:****@Cluster0.AB12C.mongodb.net/sales?retryWrites=true&w=majority',
    });
    expect(JSON.stringify(p)).not.toContain('s3cr');
    expect(p.notes).toContain('The string carries a password; it is not shown.');
  });

  it('defaults a host-list port to 27017', () => {
    const p = parse('mongodb://cluster0-shard-00-00.ab12c.mongodb.net');
    expect(p).toMatchObject({ type: 'standard', port: 27017, members: [{ role: 'shard', shard: 0, node: 0, port: 27017 }] });
  });
});

describe('parse: valid URIs that fit no row', () => {
  it.each(UNKNOWN_FIXTURES)('$name', ({ uri, expect: expected }) => {
    const p = parse(uri);
    expect(p).toMatchObject({ candidates: [], ...expected });
    expect(p.notes.join(' ')).toMatch(/matches none of the connection-string shapes the service issues/i);
  });
});

describe('parse: invalid input', () => {
  it.each(INVALID_INPUTS)('%j throws ConnStringParseError', (input) => {
    expect(() => parse(input)).toThrow(ConnStringParseError);
  });

  it('is a usage error (exit 2)', () => {
    try {
      parse('http://x');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(UsageError);
      expect((error as ConnStringParseError).exitCode).toBe(2);
    }
  });

  it.each([42, null, undefined, {}])('non-text %j throws ConnStringParseError', (input) => {
    expect(() => parse(input as unknown as string)).toThrow(ConnStringParseError);
  });

  it('never puts the password in the error', () => {
    for (const bad of ['mongodb://bob:hunter2secret@h:99999', 'mongodb+srv://bob:hunter2secret@a.b.c:1']) {
      try {
        parse(bad);
        expect.unreachable();
      } catch (error) {
        const e = error as ConnStringParseError;
        expect(e).toBeInstanceOf(ConnStringParseError);
        expect(`${e.message} ${e.input} ${e.hint ?? ''}`).not.toContain('hunter2');
        expect(e.input).toContain('bob:****@');
      }
    }
  });
});

describe('parse: secrets held in options', () => {
  const SRV = 'mongodb+srv://demo.ab12c.mongodb.net/';
  const SECRETS: Array<[string, string, string]> = [
    ['tlsCertificateKeyFilePassword', 'tls=true&tlsCertificateKeyFilePassword=hunter2', 'tls=true&tlsCertificateKeyFilePassword=****'],
    ['proxyPassword', 'proxyHost=p&proxyPassword=pp55', 'proxyHost=p&proxyPassword=****'],
    [
      'authMechanismProperties',
      'authMechanism=MONGODB-AWS&authMechanismProperties=AWS_SESSION_TOKEN:tok123',
      'authMechanism=MONGODB-AWS&authMechanismProperties=AWS_SESSION_TOKEN:****',
    ],
  ];

  it.each(SECRETS)('%s: masked in uri and options', (name, query, masked) => {
    const p = parse(`${SRV}?${query}`);
    expect(p.uri).toBe(`${SRV}?${masked}`);
    expect(p.options[name]).toMatch(/\*\*\*\*$/);
    expect(JSON.stringify(p)).not.toMatch(/hunter2|pp55|tok123/);
  });

  it('masks the token only, whatever the case of the names, and each copy of an option', () => {
    const p = parse(
      'mongodb://h/?AUTHMECHANISMPROPERTIES=SERVICE_NAME:svc,aws_session_token:t%2Fk9&ProxyPassword=a+b1&proxypassword=c%40d2',
    );
    expect(p.options).toEqual({ AUTHMECHANISMPROPERTIES: 'SERVICE_NAME:svc,aws_session_token:****', ProxyPassword: '****', proxypassword: '****' });
    expect(p.uri).toBe('mongodb://h/?AUTHMECHANISMPROPERTIES=SERVICE_NAME:svc,aws_session_token:****&ProxyPassword=****&proxypassword=****');
  });

  it('masks the options in the current form of a legacy string too', () => {
    const p = parse('mongodb+srv://cluster0-ab12c.mongodb.net/?proxyHost=p&proxyPassword=pp55');
    expect(p.newForm).toBe('mongodb+srv://cluster0.ab12c.mongodb.net/?proxyHost=p&proxyPassword=****');
  });

  it('a password in the wrong place never reaches the error', () => {
    for (const bad of ['mongodb://u:hunter2@h:1,u:hunter2@h2', 'mongodb://u:hunter2@h:hunter2', 'mongodb://u:hunter2', 'mongodb://u :hunter2']) {
      try {
        parse(bad);
        expect.unreachable();
      } catch (error) {
        const e = error as ConnStringParseError;
        expect(e).toBeInstanceOf(ConnStringParseError);
        expect(`${e.message} ${e.input}`, bad).not.toContain('hunter2');
      }
    }
  });

  it('refuses an "@" past the user information but for an option value, naming no part', () => {
    const message = 'an "@" past the user information: write an "@" in a user name or password as %40';
    for (const bad of ['mongodb://u:pw@ss@h', 'mongodb://u:pw@0?00@h', 'mongodb://u:pw@h/d@b', 'mongodb://u:pw@h/#x@y']) {
      expect(() => parse(bad), bad).toThrow(message);
    }
    expect(parse('mongodb://u:pw@h/?appName=a@b').options).toEqual({ appName: 'a@b' });
  });
});

describe('parse: no secret ever in the output or an error (property)', () => {
  // Values a user may hold: letters and digits, and characters that need escaping in a URI.
  const secretOf = (extra: RegExp) =>
    fc.tuple(fc.stringMatching(/^[A-Za-z0-9]{6,12}$/), fc.stringMatching(extra), fc.stringMatching(/^[A-Za-z0-9]{2}$/)).map(([a, b, c]) => `Q${a}${b}${c}`);
  const secret = secretOf(/^[A-Za-z0-9@/:?#&=+%, ;]{0,6}$/);
  // Written raw, a password with both "@" and "=" can read as user information, hosts and an
  // option value (u:a@h/?x=b@c...), which the parser and a driver accept: no "=" in these.
  const rawSecret = secretOf(/^[A-Za-z0-9@/:?#&+%, ;]{0,6}$/);
  const option = fc.constantFrom('tlsCertificateKeyFilePassword', 'proxyPassword', 'TLSCERTIFICATEKEYFILEPASSWORD', 'proxypassword');
  const host = fc.constantFrom('cluster0.ab12c.mongodb.net', 'h', 'h:27017,h2:27018', 'h:99999', 'ho st', 'h..x', '[::1');
  const srv = fc.boolean();

  function visible(run: () => unknown): string {
    try {
      return JSON.stringify(run());
    } catch (error) {
      expect(error).toBeInstanceOf(ConnStringParseError);
      const e = error as ConnStringParseError;
      return `${e.message}\n${e.input}\n${e.hint ?? ''}`;
    }
  }

  function expectHidden(out: string, value: string): void {
    for (const form of [value, encodeURIComponent(value)]) expect(out).not.toContain(form);
  }

  it('a password or secret option, escaped in a well-formed URI', () => {
    fc.assert(
      fc.property(srv, host, secret, secret, option, secret, (isSrv, h, password, value, name, token) => {
        const uri =
          `${isSrv ? 'mongodb+srv' : 'mongodb'}://app:${encodeURIComponent(password)}@${h}/db` +
          `?${name}=${encodeURIComponent(value)}&authMechanismProperties=${encodeURIComponent(`SERVICE_NAME:x,AWS_SESSION_TOKEN:${token}`)}`;
        const out = visible(() => parse(uri));
        for (const s of [password, value, token]) expectHidden(out, s);
      }),
      { numRuns: 300 },
    );
  });

  it('a password or secret option written raw, in a malformed URI', () => {
    const template = fc.constantFrom(
      (pw: string, h: string) => `mongodb://u:${pw}@${h}`,
      (pw: string, h: string) => `mongodb://u:${pw}@${h}:1,u:${pw}@h2`,
      (pw: string, h: string) => `mongodb://u:${pw}@${h}:${pw}`,
      (pw: string) => `mongodb://u:${pw}`,
      (pw: string, h: string) => `mongodb+srv://u:${pw}@${h}:1`,
      (pw: string, h: string) => `http://u:${pw}@${h}`,
      (pw: string, h: string) => `mongodb://${h}:99999/?proxyPassword=${pw}`,
      (pw: string, h: string) => `mongodb://${h}/?tlsCertificateKeyFilePassword=${pw}&authMechanismProperties=AWS_SESSION_TOKEN:${pw}`,
    );
    fc.assert(
      fc.property(template, host, rawSecret, (make, h, pw) => {
        expectHidden(visible(() => parse(make(pw, h))), pw);
      }),
      { numRuns: 400 },
    );
  });

  it('hides every value the official redactConnectionString hides', () => {
    const name = fc.constantFrom('tlsCertificateKeyFilePassword', 'proxyPassword', 'proxyHost', 'appName', 'authSource');
    fc.assert(
      fc.property(fc.array(fc.tuple(name, secret), { minLength: 1, maxLength: 4 }), secret, (pairs, token) => {
        const query = [...pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`), `authMechanismProperties=AWS_SESSION_TOKEN:${encodeURIComponent(token)}`].join('&');
        const uri = `mongodb://app:pw@h/?${query}`;
        const theirs = redactConnectionString(uri, { redactUsernames: false });
        const ours = JSON.stringify(parse(uri));
        for (const v of [...pairs.map(([, v]) => v), token]) {
          const shownByThem = [...new URLSearchParams(theirs.slice(theirs.indexOf('?') + 1)).values()].join('\n');
          const hiddenByThem = !shownByThem.includes(v);
          if (hiddenByThem) expectHidden(ours, v);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('parse: options the specifications refuse together', () => {
  it.each([
    ['mongodb+srv://demo.ab12c.mongodb.net/?directConnection=true', 'directConnection=true with mongodb+srv'],
    ['mongodb://h1,h2/?directConnection=true', 'directConnection=true with several hosts'],
    ['mongodb://h/?tls=true&ssl=false', 'tls and ssl have different values'],
    ['mongodb://h/?TLS=false&SSL=true', 'tls and ssl have different values'],
    ['mongodb://h/?tls=true&tls=false', 'tls and ssl have different values'],
    ['mongodb://h/?loadBalanced=true&replicaSet=x', 'loadBalanced=true with replicaSet'],
    ['mongodb://h1,h2/?loadBalanced=true', 'loadBalanced=true with several hosts'],
    ['mongodb://h/?loadBalanced=true&directConnection=true', 'loadBalanced=true with directConnection=true'],
    ['mongodb+srv://demo.ab12c.mongodb.net/?loadbalanced=TRUE&replicaset=x', 'loadBalanced=true with replicaSet'],
  ])('%s: a usage error naming both', (uri, what) => {
    expect(() => parse(uri)).toThrow(ConnStringParseError);
    expect(() => parse(uri)).toThrow(`conflicting options: ${what}`);
  });

  it.each([
    'mongodb://h/?directConnection=true',
    'mongodb://h1,h2/?directConnection=false',
    'mongodb+srv://demo.ab12c.mongodb.net/?directConnection=false',
    'mongodb://h/?tls=true&ssl=true',
    'mongodb://h/?ssl=false',
    'mongodb://h/?loadBalanced=true',
    'mongodb+srv://demo.ab12c.mongodb.net/?loadBalanced=true',
    'mongodb://h1,h2/?loadBalanced=false&replicaSet=x',
  ])('%s: accepted', (uri) => {
    expect(() => parse(uri)).not.toThrow();
  });
});
