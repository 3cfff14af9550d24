// Rows, summaries and the exit-4 message of `conn-string get|list`, from issued strings.
import { describe, expect, it } from 'vitest';
import { describeChoice, entryRow, missingMessage, summarize } from '../../../../src/cli/conn-string/connectionString.js';
import { issueConnectionStrings, listConnectionStrings, type IssueInput } from '../../../../src/connstring/index.js';

const base: IssueInput = {
  cluster: 'shop',
  hash: 'ab12c',
  clusterType: 'SHARDED',
  nodeCount: 3,
  shardCount: 2,
  provider: 'AZURE',
  peering: true,
  privateEndpoints: [
    { provider: 'AWS', region: 'us-east-1', endpointId: 'vpce-1', regionalized: false },
    { provider: 'AZURE', region: 'westeurope', endpointId: 'pe-2', regionalized: true },
  ],
  legacy: false,
  privateIpMode: false,
  embeddedConfigServer: false,
};
const entriesOf = (input: Partial<IssueInput> = {}) => listConnectionStrings({ connectionStrings: issueConnectionStrings({ ...base, ...input }) });

describe('summarize', () => {
  it('groups by type in --type order, with forms and endpoint IDs', () => {
    expect(summarize(entriesOf())).toBe(
      'standard (SRV, host list); private (SRV, host list); private-endpoint (SRV, optimized SRV, host list; endpoints vpce-1, pe-2)',
    );
  });

  it('one endpoint is "endpoint"; legacy strings are their own type', () => {
    expect(summarize(entriesOf({ clusterType: 'REPLICASET', shardCount: 1, peering: false, legacy: true, privateEndpoints: [base.privateEndpoints[0]!] }))).toBe(
      'private-endpoint (SRV, host list; endpoint vpce-1); legacy (SRV, host list)',
    );
  });

  it('is empty for no strings', () => {
    expect(summarize([])).toBe('');
  });
});

describe('describeChoice and missingMessage', () => {
  it('names the type, the form and the endpoint, in an order that reads', () => {
    expect(describeChoice({ type: 'standard', srv: true })).toBe('standard SRV connection string');
    expect(describeChoice({ type: 'private', srv: false })).toBe('private host-list connection string');
    expect(describeChoice({ type: 'private-endpoint', srv: true, optimized: true, endpoint: 'vpce-1' })).toBe('private-endpoint optimized SRV connection string for endpoint vpce-1');
    expect(describeChoice({ type: 'private-endpoint', srv: true, optimized: false })).toBe('private-endpoint non-optimized SRV connection string');
  });

  it('says what the cluster has, or that it has none yet', () => {
    const entries = entriesOf({ peering: false, privateEndpoints: [] });
    expect(missingMessage('shop', { type: 'legacy', srv: true }, entries)).toBe(
      'cluster "shop" has no legacy SRV connection string; it has: standard (SRV, host list)',
    );
    expect(missingMessage('shop', { type: 'private-endpoint', srv: true, optimized: true, endpoint: 'vpce-0abc' }, entries)).toBe(
      'cluster "shop" has no private-endpoint optimized SRV connection string for endpoint vpce-0abc; it has: standard (SRV, host list)',
    );
    expect(missingMessage('shop', { type: 'standard', srv: true }, [], 'CREATING')).toBe('cluster "shop" has no connection strings yet (it is CREATING)');
    expect(missingMessage('shop', { type: 'standard', srv: true }, [], 'IDLE')).toBe('cluster "shop" has no connection strings');
  });
});

describe('entryRow', () => {
  it('is the JSON row of list and get: type, srv, optimized, endpoints, shape, fields, string', () => {
    const optimized = entriesOf().find((e) => e.optimized && e.endpointIds.includes('pe-2'));
    expect(entryRow(optimized!)).toEqual({
      type: 'private-endpoint',
      srv: true,
      optimized: true,
      endpointIds: ['pe-2'],
      shape: 'privateLinkOptimized',
      fields: ['privateEndpoint[1].srvShardOptimizedConnectionString'],
      connectionString: 'mongodb+srv://shop-pl-0-westeurope-lb.ab12c.mongodb.net',
    });
  });

  it('marks a string the parser cannot read as unparsed', () => {
    const [entry] = listConnectionStrings({ connectionStrings: { standardSrv: 'mongodb+srv://bad host' } });
    expect(entryRow(entry!).shape).toBe('unparsed');
  });
});
