// How the advisor's answers look: tables whose rows say which process (or which list)
// each came from. Server text reaches the table formatter, which escapes control
// characters; the createIndex commands are made by createIndex.ts from escaped literals,
// so their column is terminalSafe: shown as made (its \u escapes not escaped again).
import { isObject } from '../../base/object.js';
import type { TableSpec } from '../../output/render.js';
import { createIndexCommand, jsString } from './createIndex.js';

type Doc = Record<string, unknown>;
const list = (value: unknown): Doc[] => (Array.isArray(value) ? value.filter(isObject) : []);
const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** Each suggested index with its createIndex command (undefined for a malformed one). */
export function withCreateIndex(answer: Doc): Doc {
  return { ...answer, suggestedIndexes: list(answer.suggestedIndexes).map((s) => ({ ...s, createIndex: createIndexCommand(s.namespace, s.index) ?? null })) };
}

interface NamespaceRow { process: string; namespace: string }
export const NAMESPACE_TABLE: TableSpec<NamespaceRow> = {
  columns: [
    { header: 'PROCESS', value: (r) => r.process, copyable: true },
    { header: 'NAMESPACE', value: (r) => r.namespace, copyable: true },
  ],
  rows: (document) => list(document).flatMap((answer) => list(answer.namespaces).map((n) => ({ process: text(answer.process), namespace: text(n.namespace) }))),
};

interface SlowRow { process: string; namespace: string; ms: string; examined: string; returned: string; line: string }
export const SLOW_QUERY_TABLE: TableSpec<SlowRow> = {
  columns: [
    { header: 'PROCESS', value: (r) => r.process, copyable: true },
    { header: 'NAMESPACE', value: (r) => r.namespace, copyable: true },
    { header: 'MS', value: (r) => r.ms },
    { header: 'EXAMINED', value: (r) => r.examined, dropPriority: 2 },
    { header: 'RETURNED', value: (r) => r.returned, dropPriority: 3 },
    { header: 'LINE', value: (r) => r.line, dropPriority: 1 },
  ],
  rows: (document) => list(document).flatMap((answer) => list(answer.slowQueries).map((q) => {
    const metrics = isObject(q.metrics) ? q.metrics : {};
    return { process: text(answer.process), namespace: text(q.namespace), ms: text(metrics.operationExecutionTime), examined: text(metrics.docsExamined), returned: text(metrics.docsReturned), line: text(q.line) };
  })),
};

interface IndexRow { process: string; weight: string; command: string }
export const SUGGESTED_INDEX_TABLE: TableSpec<IndexRow> = {
  columns: [
    { header: 'PROCESS', value: (r) => r.process, copyable: true },
    { header: 'IMPACT', value: (r) => r.weight, dropPriority: 2 },
    // Made of escaped literals (createIndex.ts), printable ASCII: shown as made, to paste into mongosh.
    { header: 'CREATE INDEX', value: (r) => r.command, copyable: true, terminalSafe: true },
  ],
  rows: (document) => list(document).flatMap((answer) => list(answer.suggestedIndexes).map((s) => ({
    process: text(answer.process),
    weight: text(s.weight),
    command: typeof s.createIndex === 'string' ? s.createIndex : `(not an index: ${jsString(text(s.namespace))})`,
  }))),
};

interface SchemaRow { recommendation: string; namespace: string; trigger: string; description: string }
export const SCHEMA_TABLE: TableSpec<SchemaRow> = {
  columns: [
    { header: 'RECOMMENDATION', value: (r) => r.recommendation, copyable: true },
    { header: 'NAMESPACE', value: (r) => r.namespace, copyable: true },
    { header: 'TRIGGER', value: (r) => r.trigger, dropPriority: 2 },
    { header: 'WHY', value: (r) => r.description, dropPriority: 1 },
  ],
  rows: (document) => (isObject(document) ? list(document.recommendations) : []).flatMap((r) => list(r.affectedNamespaces).flatMap((a) => {
    const triggers = list(a.triggers);
    return (triggers.length > 0 ? triggers : [{}]).map((t) => ({ recommendation: text(r.recommendation), namespace: text(a.namespace), trigger: text(t.triggerType), description: text(t.description) }));
  })),
};

interface DropRow { kind: string; namespace: string; name: string; size: string; accesses: string }
export const DROP_TABLE: TableSpec<DropRow> = {
  columns: [
    { header: 'KIND', value: (r) => r.kind },
    { header: 'NAMESPACE', value: (r) => r.namespace, copyable: true },
    { header: 'INDEX', value: (r) => r.name, copyable: true },
    { header: 'BYTES', value: (r) => r.size, dropPriority: 2 },
    { header: 'ACCESSES', value: (r) => r.accesses, dropPriority: 1 },
  ],
  rows: (document) => {
    const doc = isObject(document) ? document : {};
    return (['hiddenIndexes', 'redundantIndexes', 'unusedIndexes'] as const).flatMap((kind) => list(doc[kind]).map((i) => ({
      kind: kind.replace('Indexes', ''),
      namespace: text(i.namespace),
      name: text(i.name),
      size: text(i.sizeBytes),
      accesses: text(i.accessCount),
    })));
  },
};
