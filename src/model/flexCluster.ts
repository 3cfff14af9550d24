// Flex clusters (the shared tier of today, their own API at 2024-11-13): the
// emulator's model of one, the checks of request bodies, and the document as the
// service renders it (recorded-resources/TestFlexCluster__*). Also what tells a
// flex document from a dedicated one, for the CLI. Pure: no I/O.
import { asObject, isObject } from '../base/object.js';
import { isKnownRegion } from './catalog.js';
import { checkFlexBody, FLEX_BACKING_PROVIDERS } from './clusterFields.js';
import type { FieldProblem } from './clusterFields.js';

export { checkFlexBody, flexReadOnlyFields, FLEX_BACKING_PROVIDERS } from './clusterFields.js';

type Doc = Record<string, unknown>;
export type FlexBackingProvider = (typeof FLEX_BACKING_PROVIDERS)[number];
export type FlexState = 'CREATING' | 'IDLE' | 'UPDATING' | 'DELETING';

/** The storage every flex cluster has (recorded: 5.0 on every flex cluster). */
export const FLEX_DISK_SIZE_GB = 5;
/** The database every flex cluster runs (recorded). */
export const FLEX_MONGODB_VERSION = '8.0.29';

export interface FlexTag {
  key: string;
  value: string;
}

export interface FlexClusterModel {
  id: string;
  groupId: string;
  name: string;
  backingProviderName: FlexBackingProvider;
  regionName: string;
  createDate: string;
  stateName: FlexState;
  tags: FlexTag[];
  terminationProtectionEnabled: boolean;
}

export interface FlexModelContext {
  groupId: string;
  newId: () => string;
  now: string;
}

export type FlexResult = { model: FlexClusterModel; problem?: undefined } | { model?: undefined; problem: FieldProblem };

const tagsOf = (value: unknown): FlexTag[] =>
  (Array.isArray(value) ? value : []).map((tag) => ({ key: String(asObject(tag).key), value: String(asObject(tag).value) }));

/** A flex cluster from a create body (checked here: unknown, read-only and missing fields, the region of its cloud). */
export function createFlexModel(body: Doc, ctx: FlexModelContext): FlexResult {
  const problem = checkFlexBody(body, 'create');
  if (problem) return { problem };
  const settings = asObject(body.providerSettings);
  const backing = settings.backingProviderName as FlexBackingProvider;
  const region = settings.regionName as string;
  if (!isKnownRegion(backing, region)) return { problem: { code: 'INVALID_ATTRIBUTE', field: 'providerSettings.regionName' } };
  return {
    model: {
      id: ctx.newId(),
      groupId: ctx.groupId,
      name: body.name as string,
      backingProviderName: backing,
      regionName: region,
      createDate: ctx.now,
      stateName: 'CREATING',
      tags: tagsOf(body.tags),
      terminationProtectionEnabled: body.terminationProtectionEnabled === true,
    },
  };
}

/** The model after an update body (tags, terminationProtectionEnabled), or the body's problem. */
export function applyFlexPatch(model: FlexClusterModel, body: Doc): FlexResult {
  const problem = checkFlexBody(body, 'update');
  if (problem) return { problem };
  const next = structuredClone(model);
  if (Array.isArray(body.tags)) next.tags = tagsOf(body.tags);
  if (typeof body.terminationProtectionEnabled === 'boolean') next.terminationProtectionEnabled = body.terminationProtectionEnabled;
  return { model: next };
}

/**
 * The document, fields in the service's order. The create answer has no tags when
 * the request gave none (recorded); reads always carry them.
 */
export function renderFlexCluster(model: FlexClusterModel, extras: { connectionStrings: Doc; links?: unknown[]; withTags?: boolean }): Doc {
  return {
    backupSettings: { enabled: true },
    clusterType: 'REPLICASET',
    connectionStrings: extras.connectionStrings,
    createDate: model.createDate,
    groupId: model.groupId,
    id: model.id,
    ...(extras.links ? { links: extras.links } : {}),
    mongoDBVersion: FLEX_MONGODB_VERSION,
    name: model.name,
    providerSettings: { backingProviderName: model.backingProviderName, diskSizeGB: FLEX_DISK_SIZE_GB, providerName: 'FLEX', regionName: model.regionName },
    stateName: model.stateName,
    ...(extras.withTags === false ? {} : { tags: structuredClone(model.tags) }),
    terminationProtectionEnabled: model.terminationProtectionEnabled,
    versionReleaseSystem: 'LTS',
  };
}

/** Whether a document (a body or an answer) is in the flex shape: providerSettings.providerName FLEX, no replication specs. */
export function isFlexDocument(document: unknown): boolean {
  if (!isObject(document)) return false;
  const settings = document.providerSettings;
  return isObject(settings) && settings.providerName === 'FLEX' && document.replicationSpecs === undefined && document.replicationSpec === undefined;
}

/** Whether a create body describes a flex cluster: the flex shape, or providerSettings naming only a backing cloud and region. */
export function isFlexCreateBody(document: unknown): boolean {
  if (isFlexDocument(document)) return true;
  if (!isObject(document) || !isObject(document.providerSettings)) return false;
  const settings = document.providerSettings;
  const keys = Object.keys(settings);
  return (
    document.replicationSpecs === undefined &&
    typeof settings.backingProviderName === 'string' &&
    keys.every((key) => ['backingProviderName', 'regionName', 'providerName', 'diskSizeGB'].includes(key)) &&
    (settings.providerName === undefined || settings.providerName === 'FLEX')
  );
}
