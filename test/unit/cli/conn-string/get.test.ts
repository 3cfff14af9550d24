// `conn-string get`: how flags become a choice, and when the document replaces the bare string.
import { describe, expect, it } from 'vitest';
import { resolveChoice, type ConnStringGetFlags } from '../../../../src/cli/conn-string/connectionString.js';
import { UsageError } from '../../../../src/base/errors.js';

const flags = (over: Partial<ConnStringGetFlags> = {}): ConnStringGetFlags => ({ type: 'standard', typeGiven: false, srv: true, ...over });

describe('resolveChoice', () => {
  it('defaults to the standard SRV string', () => {
    expect(resolveChoice(flags())).toEqual({ type: 'standard', srv: true });
  });

  it('--endpoint and --[no-]optimized imply --type private-endpoint', () => {
    expect(resolveChoice(flags({ endpoint: 'vpce-1' }))).toEqual({ type: 'private-endpoint', srv: true, endpoint: 'vpce-1' });
    expect(resolveChoice(flags({ optimized: true }))).toEqual({ type: 'private-endpoint', srv: true, optimized: true });
    expect(resolveChoice(flags({ optimized: false, srv: false }))).toEqual({ type: 'private-endpoint', srv: false, optimized: false });
    expect(resolveChoice(flags({ type: 'private-endpoint', typeGiven: true, endpoint: 'e' }))).toEqual({ type: 'private-endpoint', srv: true, endpoint: 'e' });
  });

  it('an explicit other --type with them is a usage error', () => {
    expect(() => resolveChoice(flags({ type: 'standard', typeGiven: true, endpoint: 'e' }))).toThrow(
      '--endpoint applies to --type private-endpoint only, not --type standard',
    );
    expect(() => resolveChoice(flags({ type: 'legacy', typeGiven: true, endpoint: 'e', optimized: true }))).toThrow(
      '--endpoint and --optimized apply to --type private-endpoint only, not --type legacy',
    );
  });

  it('--optimized has no host-list form; --endpoint needs an ID', () => {
    expect(() => resolveChoice(flags({ optimized: true, srv: false }))).toThrow(UsageError);
    expect(() => resolveChoice(flags({ endpoint: ' ' }))).toThrow('--endpoint needs an endpoint ID');
  });
});
