// env up (and run) --sample-data --search-index FILE...: "the database with its indexes
// ready to query". Each file is a whole create request (database, collectionName, name,
// type, definition), checked with the rest of env up's flags before any request. Once
// the cluster is IDLE, up loads the sample dataset if asked, then makes each index,
// or, on a re-run, leaves an index with the same definition alone and updates one whose
// definition differs; it returns when every index is READY and queryable, so the
// connection is printed only then.
import type { ApiClient } from '../../api/client.js';
import { ApiError, ConflictError, UsageError } from '../../base/errors.js';
import { isGone } from '../shared/gone.js';
import { sameDefinition } from '../../model/searchIndex.js';
import type { Context } from '../../core/context.js';
import type { EnvStepWork } from '../envStep.js';
import { isRequest, readDefinitionFile, requestFromFile, type IndexRequest } from './searchDefinition.js';

export interface SearchFlags {
  sampleData?: boolean;
  searchIndex?: string[];
}

export interface SearchPlan {
  sampleData: boolean;
  indexes: Array<IndexRequest & { source: string }>;
}

/** Reads and checks every --search-index file; undefined when neither flag is given. No request. */
export async function planSearch(ctx: Context, flags: SearchFlags): Promise<SearchPlan | undefined> {
  const files = flags.searchIndex ?? [];
  if (!flags.sampleData && files.length === 0) return undefined;
  const indexes: SearchPlan['indexes'] = [];
  for (const file of files) {
    const { source, doc } = await readDefinitionFile(ctx.io, file, '--search-index');
    const absent = ['database', 'collectionName', 'name'].filter((key) => typeof doc[key] !== 'string' || doc[key] === '');
    if (!isRequest(doc) || absent.length > 0) {
      throw new UsageError(`${source}: a --search-index file names what it indexes: {"database", "collectionName", "name", "type", "definition"}${isRequest(doc) ? `; it lacks ${absent.join(', ')}` : ' (this one holds a bare definition)'}`);
    }
    const request = requestFromFile(source, doc, {}, []);
    const twice = indexes.find((other) => other.database === request.database && other.collectionName === request.collectionName && other.name === request.name);
    if (twice) throw new UsageError(`${source} and ${twice.source} both make ${request.database}.${request.collectionName}/${request.name}`);
    indexes.push({ ...request, source });
  }
  return { sampleData: flags.sampleData === true, indexes };
}


/** The sample data, then every index, each READY and queryable when this returns. */
export async function bringUpSearch(ctx: Context, plan: SearchPlan, target: { client: ApiClient; projectId: string }, cluster: string, remaining: () => number | undefined = () => undefined): Promise<void> {
  const { client, projectId } = target;
  const api = await import('../../api/resources/searchIndexes.js');
  if (plan.sampleData) {
    const { waitForSampleLoad } = await import('../clusters/public.js');
    const started = await api.loadSampleDataset(client, projectId, cluster, 'the load may have started; env up again loads it again, which does no harm');
    await waitForSampleLoad(ctx, client, projectId, started, undefined, remaining());
  }
  const { refText, waitForIndex } = await import('../search-indexes/public.js');
  const waits: Array<{ ref: { databaseName: string; collectionName: string; indexName: string }; state: string; version?: number }> = [];
  for (const index of plan.indexes) {
    const ref = { databaseName: index.database, collectionName: index.collectionName, indexName: index.name };
    const name = refText(ref);
    let existing: Record<string, unknown> | undefined;
    try {
      existing = await api.getSearchIndex(client, projectId, cluster, ref);
    } catch (error) {
      if (!isGone(error) || (error as ApiError).errorCode === 'CLUSTER_NOT_FOUND') throw error;
    }
    if (existing === undefined) {
      const lost = `the index may have been created; \`${ctx.followUp('search-indexes', 'get', cluster, name)}\` shows it`;
      const created = await api.createSearchIndex(client, projectId, cluster, { database: index.database, collectionName: index.collectionName, name: index.name, type: index.type, definition: index.definition }, lost);
      ctx.io.note(`cdba: search index ${name} (${index.source}) is ${String(created.status ?? 'PENDING')}`);
      waits.push({ ref, state: String(created.status ?? 'PENDING') });
      continue;
    }
    const type = typeof existing.type === 'string' ? existing.type : 'search';
    if (type !== index.type) {
      throw new ConflictError(`search index ${name} exists as a ${type} index, and ${index.source} makes a ${index.type} one`, {
        hint: `delete it first with \`${ctx.followUp('search-indexes', 'delete', cluster, name)}\`, or give the file another name`,
      });
    }
    if (sameDefinition(existing.latestDefinition, index.definition)) {
      ctx.io.note(`cdba: search index ${name} is there with the definition of ${index.source}`);
      waits.push({ ref, state: String(existing.status ?? 'UNKNOWN') });
      continue;
    }
    const updated = await api.updateSearchIndex(client, projectId, cluster, ref, index.definition);
    const version = (updated.latestDefinitionVersion as { version?: unknown } | undefined)?.version;
    ctx.io.note(`cdba: search index ${name} had another definition; updated it to ${index.source}'s`);
    waits.push({ ref, state: String(updated.status ?? 'PENDING'), ...(typeof version === 'number' ? { version } : {}) });
  }
  // Built side by side at the service: waited for one after another.
  for (const wait of waits) await waitForIndex(ctx, target, cluster, wait.ref, { initialState: wait.state, version: wait.version, timeoutMs: remaining() });
}

/** The step's work (./envStep.ts declares it): the files checked with env up's flags, the data and indexes once the cluster is IDLE. */
export const work: EnvStepWork<SearchPlan, void> = {
  plan: async (ctx, { flags }) => (await planSearch(ctx, flags as SearchFlags))!,
  idle: async (run, plan) => bringUpSearch(run.ctx, plan, { client: run.client, projectId: run.projectId }, run.name, run.remaining),
};
