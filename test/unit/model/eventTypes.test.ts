// The event type names cdba carries (src/model/eventTypes.ts) are the description's:
// EventTypeForNdsGroup and EventTypeForOrg of the 2026-08 description cut to diagnostics,
// every branch of their oneOf, in its order. When the description changes, this names
// what the file must follow.
import { describe, expect, it } from 'vitest';
import { ORG_EVENT_TYPES, PROJECT_EVENT_TYPES } from '../../../src/model/eventTypes.js';
import { readOpenApi } from '../../helpers/reference.js';

type Json = Record<string, unknown>;

function enumOf(root: string): string[] {
  const schemas = (readOpenApi('v2-2026-08-diagnostics').components as { schemas: Record<string, Json> }).schemas;
  const out: string[] = [];
  const walk = (node: Json | undefined): void => {
    if (!node) return;
    if (typeof node.$ref === 'string') return walk(schemas[node.$ref.split('/').pop()!]);
    if (Array.isArray(node.enum)) out.push(...(node.enum as string[]));
    for (const key of ['oneOf', 'anyOf', 'allOf']) for (const branch of (node[key] as Json[] | undefined) ?? []) walk(branch);
  };
  walk(schemas[root]);
  return [...new Set(out)];
}

describe('event type names', () => {
  it('are the description\'s, for a project and for an organization', () => {
    expect(PROJECT_EVENT_TYPES).toEqual(enumOf('EventTypeForNdsGroup'));
    expect(ORG_EVENT_TYPES).toEqual(enumOf('EventTypeForOrg'));
    expect(PROJECT_EVENT_TYPES).toContain('CLUSTER_READY');
    expect(ORG_EVENT_TYPES).toContain('GROUP_CREATED');
  });
});
