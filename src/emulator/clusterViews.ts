// Rendered clusters, kept until the cluster or its project changes. Rendering a
// cluster and issuing its connection strings cost far more than sending them, and a
// 500-cluster page did both 500 times per request.
//
// An entry is valid while everything the view is made of is unchanged: the model
// object (a PATCH replaces it), the fields changed in place (stateName by a DELETE or
// a transition, mongoURIUpdated at the end of CREATING), legacyStrings, and the
// project settings the strings depend on (privateIpMode, and the networking facts:
// the same object while the project's peers and endpoints are unchanged).
// Anything else that changes a cluster must replace its model object.
import type { ClusterModel } from '../model/cluster.js';
import { JsonText } from '../base/jsonText.js';
import type { ClusterRecord, ProjectState } from './store.js';

type Doc = Record<string, unknown>;

/** Views kept per cluster: shapes × list/single × a few base URLs (the Host header is the client's). */
const MAX_VIEWS_PER_CLUSTER = 8;

interface Entry {
  project: ProjectState;
  model: ClusterModel;
  stateName: string;
  mongoURIUpdated: string | undefined;
  legacyStrings: boolean;
  privateIpMode: boolean;
  network: unknown;
  strings?: Doc;
  views: Map<string, JsonText>;
}

function isCurrent(entry: Entry, project: ProjectState, record: ClusterRecord, network: unknown): boolean {
  const { model } = record;
  return (
    entry.model === model &&
    entry.stateName === model.stateName &&
    entry.mongoURIUpdated === model.mongoURIUpdated &&
    entry.legacyStrings === record.legacyStrings &&
    entry.project === project &&
    entry.privateIpMode === project.privateIpMode &&
    entry.network === network
  );
}

export type IssueStrings<Network> = (project: ProjectState, record: ClusterRecord, network: Network) => Doc;

export class ClusterViews<Network = undefined> {
  private readonly entries = new WeakMap<ClusterRecord, Entry>();

  /** `networkOf` gives the project's networking facts: the same object while they are unchanged. */
  constructor(
    private readonly issue: IssueStrings<Network>,
    private readonly networkOf: (project: ProjectState) => Network = () => undefined as Network,
  ) {}

  private entry(project: ProjectState, record: ClusterRecord): Entry {
    const kept = this.entries.get(record);
    const network = this.networkOf(project);
    if (kept && isCurrent(kept, project, record, network)) return kept;
    const { model } = record;
    const fresh: Entry = {
      project,
      model,
      stateName: model.stateName,
      mongoURIUpdated: model.mongoURIUpdated,
      legacyStrings: record.legacyStrings,
      privateIpMode: project.privateIpMode,
      network,
      views: new Map(),
    };
    this.entries.set(record, fresh);
    return fresh;
  }

  /** The cluster's connectionStrings, issued once per change. Frozen: callers copy what they change. */
  connectionStrings(project: ProjectState, record: ClusterRecord): Doc {
    const entry = this.entry(project, record);
    entry.strings ??= deepFreeze(this.issue(project, record, entry.network as Network));
    return entry.strings;
  }

  /**
   * The cluster rendered as `variant` (a key naming everything `render` depends on
   * besides the cluster and project), as JSON text, rendered once per change.
   */
  view(project: ProjectState, record: ClusterRecord, variant: string, render: (strings: Doc) => Doc): JsonText {
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
