import { describe, expect, it } from 'vitest';
import { parse, projectHash, replicaSetId, tenantHostPrefix } from '../../../src/connstring/index.js';

describe('deterministic tokens', () => {
  it('projectHash: 5 characters of [a-z0-9], stable, and different per project', () => {
    const ids = ['6a793f46c0eb9e7a17712842', '6a799efbc0eb9e7a177d7e0e', '6a793f53c0eb9e7a177137bd', 'b0123456789abcdef012345b'];
    const hashes = ids.map(projectHash);
    for (const h of hashes) expect(h).toMatch(/^[a-z0-9]{5}$/);
    expect(ids.map(projectHash)).toEqual(hashes);
    expect(new Set(hashes).size).toBe(ids.length);
    // Pinned, so the emulator's strings do not change between releases.
    expect(projectHash('6a793f46c0eb9e7a17712842')).toBe('uc7wv');
    expect(replicaSetId('6a799f06c0eb9e7a177d81e7')).toBe('atlas-jz7aho');
    expect(tenantHostPrefix('ab12c/cluster0')).toBe('ac-aphrkpo');
    expect(parse(`mongodb+srv://cluster0.${hashes[0]}.mongodb.net`).hash).toBe(hashes[0]);
  });

  it('replicaSetId: atlas- and six alphanumerics (rule 1)', () => {
    expect(replicaSetId('x')).toMatch(/^atlas-[a-z0-9]{6}$/);
    expect(replicaSetId('x')).toBe(replicaSetId('x'));
    expect(replicaSetId('x')).not.toBe(replicaSetId('y'));
  });

  it('tenantHostPrefix: ac- and seven alphanumerics, as recorded', () => {
    expect(tenantHostPrefix('x')).toMatch(/^ac-[a-z0-9]{7}$/);
    expect(tenantHostPrefix('x')).not.toBe(tenantHostPrefix('y'));
  });

  it('the three kinds of token differ for the same seed text', () => {
    expect(replicaSetId('same').slice(6, 11)).not.toBe(projectHash('same'));
  });
});
