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
