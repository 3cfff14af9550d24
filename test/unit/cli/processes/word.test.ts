// What a word naming processes is (src/cli/processes/word.ts): host:port, a hostname, or
// a cluster name; refusals as usage errors; a userAlias belongs to its cluster alone.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../src/base/errors.js';
import { aliasOfCluster, parseProcessWord } from '../../../../src/cli/processes/word.js';

const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?$/);

describe('process words', () => {
  it('reads host:port, hostnames and cluster names', () => {
    expect(parseProcessWord('atlas-abc123-shard-00-00.xyz12.mongodb.net:27017')).toEqual({ kind: 'process', host: 'atlas-abc123-shard-00-00.xyz12.mongodb.net', port: 27017, id: 'atlas-abc123-shard-00-00.xyz12.mongodb.net:27017' });
    expect(parseProcessWord('Atlas-abc.net')).toEqual({ kind: 'host', host: 'atlas-abc.net' });
    expect(parseProcessWord('Cluster0')).toEqual({ kind: 'cluster', name: 'Cluster0' });
  });

  it('any host:port of DNS labels is a process', () => {
    fc.assert(
      fc.property(fc.array(label, { minLength: 2, maxLength: 5 }), fc.integer({ min: 1, max: 65_535 }), (labels, port) => {
        const word = parseProcessWord(`${labels.join('.')}:${port}`);
        return word.kind === 'process' && word.port === port && word.id === `${labels.join('.')}:${port}`;
      }),
    );
  });

  it('refuses what is none of them', () => {
    for (const bad of ['', 'h.net:0', 'h.net:65536', 'h.net:', ':27017', 'a b', 'bad_name', '-c1', 'h..net', 'h.net:27017:1']) {
      expect(() => parseProcessWord(bad), bad).toThrow(UsageError);
    }
  });

  it("a cluster's alias is its own, not a cluster named like its prefix", () => {
    expect(aliasOfCluster('c1-shard-00-01.abcde.mongodb.net', 'C1')).toBe(true);
    expect(aliasOfCluster('c1-config-00-01.abcde.mongodb.net', 'c1')).toBe(true);
    expect(aliasOfCluster('c1-shard-00-00-shard-00-01.abcde.mongodb.net', 'c1')).toBe(false);
    expect(aliasOfCluster('c1-shard-00-00-shard-00-01.abcde.mongodb.net', 'c1-shard-00-00')).toBe(true);
    expect(aliasOfCluster('c10-shard-00-01.abcde.mongodb.net', 'c1')).toBe(false);
  });
});
