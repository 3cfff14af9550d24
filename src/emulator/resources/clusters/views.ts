// Rendered clusters, kept until the cluster or its project's networking changes.
// Rendering a cluster and issuing its connection strings cost far more than sending
// them, and a 500-cluster page did both 500 times per request.
//
// An entry is valid while everything the view is made of is unchanged: the model
// object (a PATCH replaces it), the fields changed in place (stateName by a DELETE or
// a transition, mongoURIUpdated at the end of CREATING), legacyStrings, and the
// project's networking facts the strings depend on (../network.ts), compared by value.
// Anything else that changes a cluster must replace its model object.
import type { ClusterModel } from '../../../model/cluster.js';
import { JsonText } from '../../../base/jsonText.js';
import type { NetworkFacts } from '../network.js';
import type { ClusterRecord } from './store.js';

type Doc = Record<string, unknown>;

/** What a cluster's strings are issued from besides the cluster: its project and the project's networking. */
export type ProjectFacts = { id: string } & NetworkFacts;

/** Views kept per cluster: shapes × list/single × a few base URLs (the Host header is the client's). */
const MAX_VIEWS_PER_CLUSTER = 8;

interface Entry {
  facts: string;
  model: ClusterModel;
  stateName: string;
  mongoURIUpdated: string | undefined;
  legacyStrings: boolean;
  strings?: Doc;
  views: Map<string, JsonText>;
}

function isCurrent(entry: Entry, facts: string, record: ClusterRecord): boolean {
  const { model } = record;
  return (
    entry.model === model &&
    entry.stateName === model.stateName &&
    entry.mongoURIUpdated === model.mongoURIUpdated &&
    entry.legacyStrings === record.legacyStrings &&
    entry.facts === facts
  );
}

export type IssueStrings = (project: ProjectFacts, record: ClusterRecord) => Doc;

export class ClusterViews {
  private readonly entries = new WeakMap<ClusterRecord, Entry>();

  constructor(private readonly issue: IssueStrings) {}

  private entry(project: ProjectFacts, record: ClusterRecord): Entry {
    const facts = JSON.stringify(project);
    const kept = this.entries.get(record);
    if (kept && isCurrent(kept, facts, record)) return kept;
    const { model } = record;
    const fresh: Entry = {
      facts,
      model,
      stateName: model.stateName,
      mongoURIUpdated: model.mongoURIUpdated,
      legacyStrings: record.legacyStrings,
      views: new Map(),
    };
    this.entries.set(record, fresh);
    return fresh;
  }

  /** The cluster's connectionStrings, issued once per change. Frozen: callers copy what they change. */
  connectionStrings(project: ProjectFacts, record: ClusterRecord): Doc {
    const entry = this.entry(project, record);
    entry.strings ??= deepFreeze(this.issue(project, record));
    return entry.strings;
  }

  /**
   * The cluster rendered as `variant` (a key naming everything `render` depends on
   * besides the cluster and project), as JSON text, rendered once per change.
   */
  view(project: ProjectFacts, record: ClusterRecord, variant: string, render: (strings: Doc) => Doc): JsonText {
    const entry = this.entry(project, record);
    const kept = entry.views.get(variant);
    if (kept) return kept;
    const text = new JsonText(JSON.stringify(render(this.connectionStrings(project, record))));
    if (entry.views.size >= MAX_VIEWS_PER_CLUSTER) entry.views.delete(entry.views.keys().next().value!);
    entry.views.set(variant, text);
    return text;
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
