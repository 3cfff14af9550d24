// Against the real service's data: every recorded string parses to a row, and the
// strings issued here validate against the OpenAPI ClusterConnectionStrings schema.
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { issueConnectionStrings, listConnectionStrings, parse } from '../../../src/connstring/index.js';
import { readOpenApi, readRecorded } from '../../helpers/reference.js';

describe('recorded responses', () => {
  const clusters = readRecorded()
    .filter((r) => r.body.trim().startsWith('{'))
    .flatMap((r) => {
      const body = JSON.parse(r.body) as Record<string, unknown>;
      const list = Array.isArray(body.results) ? (body.results as Record<string, unknown>[]) : [body];
      return list.filter((c) => c.connectionStrings || c.mongoURI || c.srvAddress).map((c) => ({ file: r.file, cluster: c }));
    });

  it('has clusters with strings', () => {
    expect(clusters.length).toBeGreaterThan(20);
  });

  it('every recorded string parses to a row with the cluster\'s hash', () => {
    let count = 0;
    for (const { file, cluster } of clusters) {
      const entries = listConnectionStrings(cluster);
      const srv = entries.find((e) => e.srv)?.parsed;
      for (const e of entries) {
        const p = parse(e.uri);
        expect(p.type, `${file} ${e.field}`).toBe('standard');
        if (srv) expect(p.hash).toBe(srv.hash);
        count++;
      }
      if (srv) expect(srv.cluster).toBe(cluster.name);
    }
    expect(count).toBeGreaterThan(40);
  });
});

describe('issued strings against the OpenAPI schema', () => {
  it('validate as ClusterConnectionStrings and use only its fields', () => {
    const doc = readOpenApi('v2') as { components: { schemas: Record<string, { properties: Record<string, unknown> }> } };
    const ajv = new Ajv({ strict: false, allErrors: true });
    ajv.addSchema(doc, 'api');
    const validate = ajv.getSchema('api#/components/schemas/ClusterConnectionStrings');
    expect(validate).toBeDefined();
    const fields = Object.keys(doc.components.schemas.ClusterConnectionStrings?.properties ?? {});
    const peFields = Object.keys(doc.components.schemas.ClusterDescriptionConnectionStringsPrivateEndpoint?.properties ?? {});
    const cs = issueConnectionStrings({
      cluster: 'cluster0',
      hash: 'ab12c',
      clusterType: 'SHARDED',
      nodeCount: 3,
      shardCount: 2,
      provider: 'AZURE',
      peering: true,
      privateEndpoints: [
        { provider: 'AWS', region: 'US_EAST_1', endpointId: 'vpce-1', regionalized: false },
        { provider: 'AZURE', region: 'US_EAST_2', endpointId: 'pe-1', regionalized: true },
      ],
      legacy: false,
      privateIpMode: false,
    });
    expect(validate?.(cs), JSON.stringify(validate?.errors)).toBe(true);
    expect(Object.keys(cs).every((k) => fields.includes(k))).toBe(true);
    for (const pe of cs.privateEndpoint ?? []) expect(Object.keys(pe).every((k) => peFields.includes(k))).toBe(true);
    // A wrong value is caught, so the check above means something.
    expect(validate?.({ ...cs, privateEndpoint: [{ type: 'MONGOX' }] })).toBe(false);
  });
});
