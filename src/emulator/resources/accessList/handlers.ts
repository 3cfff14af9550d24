// The project IP access list: which addresses may connect to the project's clusters
// (2026-08 description, NetworkPermissionEntry; shapes as recorded). Not the access
// list of an API key, which gates calls to this API (../../apiKeyAccessList.ts).
//
// As the live service does:
// - POST takes an array of entries and answers 201 with the whole list (first page);
//   posting an entry that is already there is accepted and changes its comment and
//   deleteAfterDate, without a second entry (live: Terraform provider #3689, #3815).
// - A single address is kept as a /32 (or /128) cidrBlock and shown with ipAddress too.
// - An entry is PENDING until the emulator's transition time has passed, then ACTIVE.
// - An entry past its deleteAfterDate is gone (also when --date runs the service later).
import { canonicalCidr } from '../../apiKeyAccessList.js';
import { apiRoot, serviceNow } from '../../context.js';
import type { Handler, ReadOnlyFields, RequestContext } from '../../contract.js';
import { ApiFailure, failures } from '../../errors.js';
import { pageParams, paginate } from '../../pagination.js';
import { isoSeconds } from '../../store.js';
import { networkFacts } from '../network.js';
import { projectOf, type ProjectState } from '../projects/index.js';
import { SECURITY_GROUP, type IpAccessEntry } from './state.js';

// As the service's error-code table words them.
const accessListFailures = {
  accessEntryNotFound: (entry: string, groupId: string) =>
    new ApiFailure(404, 'ATLAS_NETWORK_PERMISSION_ENTRY_NOT_FOUND', `IP Address ${entry} not on Atlas access list for group ${groupId}.`, [entry, groupId]),
  invalidIpOrCidr: (address: string) =>
    new ApiFailure(400, 'INVALID_IP_ADDRESS_OR_CIDR_NOTATION', `The address ${address} must be in valid IP address or CIDR notation.`, [address]),
  ipAndCidrBoth: () => new ApiFailure(400, 'BAD_WHITELIST_ADD_REQUEST', 'Should not specify both the IP address and the CIDR block.'),
  securityGroupWithoutPeering: () =>
    new ApiFailure(400, 'CANNOT_USE_AWS_SECURITY_GROUP_WITHOUT_VPC_PEERING_CONNECTION', 'Cannot use aws security groups as whitelist entries without a vpc peering connection.'),
};

/** The service's limit on deleteAfterDate: at most one week after the request. */
const DELETE_AFTER_LIMIT_MS = 7 * 24 * 3_600_000;
const ENTRY_FIELDS = ['awsSecurityGroup', 'cidrBlock', 'comment', 'deleteAfterDate', 'ipAddress'];
const READ_ONLY_FIELDS = ['groupId', 'links'];
/** The read-only echo rule (../../readOnly.ts): each entry may repeat the path's groupId. */
export const ACCESS_ENTRY_READ_ONLY: ReadOnlyFields = { fields: READ_ONLY_FIELDS };

/** The key of an entry: its canonical CIDR block, or its security group. */
function keyOf(entry: IpAccessEntry): string {
  return entry.cidrBlock ?? entry.awsSecurityGroup ?? '';
}

/** The project's entries now, after taking out those past their deleteAfterDate. */
function liveEntries(ctx: RequestContext, project: ProjectState): IpAccessEntry[] {
  const now = serviceNow(ctx.services);
  const kept = project.ipAccessList.filter((entry) => entry.deleteAfterDate === undefined || Date.parse(entry.deleteAfterDate) > now);
  if (kept.length !== project.ipAccessList.length) project.ipAccessList = kept;
  return kept;
}

/** The entry a path names: an address, a CIDR block (its `/` sent as %2F) or a security group. */
function findEntry(ctx: RequestContext, project: ProjectState): IpAccessEntry {
  const value = ctx.params.entryValue!;
  const key = SECURITY_GROUP.test(value) ? value : canonicalCidr(value);
  const entry = key === undefined ? undefined : liveEntries(ctx, project).find((e) => keyOf(e) === key);
  if (!entry) throw accessListFailures.accessEntryNotFound(value, project.id);
  return entry;
}

function entryView(ctx: RequestContext, project: ProjectState, entry: IpAccessEntry): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  if (entry.awsSecurityGroup !== undefined) view.awsSecurityGroup = entry.awsSecurityGroup;
  if (entry.cidrBlock !== undefined) view.cidrBlock = entry.cidrBlock;
  if (entry.comment !== undefined) view.comment = entry.comment;
  if (entry.deleteAfterDate !== undefined) view.deleteAfterDate = entry.deleteAfterDate;
  view.groupId = project.id;
  const block = entry.cidrBlock;
  if (block !== undefined && block.endsWith(block.includes('.') ? '/32' : '/128')) view.ipAddress = block.replace(/\/\d+$/, '');
  view.links = [{ href: `${apiRoot(ctx)}/groups/${project.id}/accessList/${encodeURIComponent(keyOf(entry))}`, rel: 'self' }];
  return view;
}

function listDocument(ctx: RequestContext, project: ProjectState) {
  const list = paginate(liveEntries(ctx, project), pageParams(ctx.query), `${apiRoot(ctx)}/groups/${project.id}/accessList`);
  return { ...list, results: list.results.map((entry) => entryView(ctx, project, entry)) };
}

export const listAccessEntries: Handler = (ctx) => ({ status: 200, body: listDocument(ctx, projectOf(ctx)) });

export const getAccessEntry: Handler = (ctx) => {
  const project = projectOf(ctx);
  return { status: 200, body: entryView(ctx, project, findEntry(ctx, project)) };
};

export const getAccessEntryStatus: Handler = (ctx) => {
  const entry = findEntry(ctx, projectOf(ctx));
  return { status: 200, body: { STATUS: ctx.services.clock() >= entry.activeAt ? 'ACTIVE' : 'PENDING' } };
};

export const deleteAccessEntry: Handler = async (ctx) => {
  const project = projectOf(ctx);
  const entry = findEntry(ctx, project);
  project.ipAccessList = project.ipAccessList.filter((e) => e !== entry);
  await ctx.services.store.commit();
  return { status: 204, body: undefined };
};

/** One entry of a POST body, checked; every problem is a 400 naming the field. */
function parseEntry(ctx: RequestContext, project: ProjectState, raw: unknown): IpAccessEntry {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw failures.invalidJson();
  const body = raw as Record<string, unknown>;
  for (const key of Object.keys(body)) {
    if (READ_ONLY_FIELDS.includes(key)) throw failures.attributeReadOnly(key);
    if (!ENTRY_FIELDS.includes(key)) throw failures.invalidAttribute(key);
  }
  if (body.ipAddress !== undefined && body.cidrBlock !== undefined) throw accessListFailures.ipAndCidrBoth();
  const entry: IpAccessEntry = { activeAt: ctx.services.clock() + ctx.services.transitionMs };
  if (body.awsSecurityGroup !== undefined) {
    if (body.ipAddress !== undefined || body.cidrBlock !== undefined) throw failures.invalidAttribute('awsSecurityGroup');
    if (typeof body.awsSecurityGroup !== 'string' || !SECURITY_GROUP.test(body.awsSecurityGroup)) throw failures.invalidAttribute('awsSecurityGroup');
    // The dependency on peering: an AVAILABLE AWS peer, a networking fact (../network.ts).
    if (!networkFacts(ctx.services.store, project.id).peered.includes('AWS')) throw accessListFailures.securityGroupWithoutPeering();
    // "You cannot set AWS security groups as temporary access list entries."
    if (body.deleteAfterDate !== undefined) throw failures.invalidAttribute('deleteAfterDate');
    entry.awsSecurityGroup = body.awsSecurityGroup;
  } else {
    const field = body.cidrBlock !== undefined ? 'cidrBlock' : 'ipAddress';
    const address = body[field];
    if (address === undefined) throw failures.missingAttribute('cidrBlock');
    if (typeof address !== 'string') throw failures.invalidAttribute(field);
    // An ipAddress is one address; a cidrBlock may be any block.
    const cidr = field === 'ipAddress' && address.includes('/') ? undefined : canonicalCidr(address);
    if (cidr === undefined) throw accessListFailures.invalidIpOrCidr(address);
    entry.cidrBlock = cidr;
  }
  if (body.comment !== undefined) {
    if (typeof body.comment !== 'string' || body.comment.length > 80) throw failures.invalidAttribute('comment');
    entry.comment = body.comment;
  }
  if (body.deleteAfterDate !== undefined) {
    const at = typeof body.deleteAfterDate === 'string' ? Date.parse(body.deleteAfterDate) : Number.NaN;
    const now = serviceNow(ctx.services);
    if (Number.isNaN(at) || at <= now || at - now > DELETE_AFTER_LIMIT_MS) throw failures.invalidAttribute('deleteAfterDate');
    entry.deleteAfterDate = isoSeconds(at);
  }
  return entry;
}

export const createAccessEntries: Handler = async (ctx) => {
  const project = projectOf(ctx);
  if (!Array.isArray(ctx.body)) throw failures.invalidJson();
  // Every entry is checked before any is added: a bad one leaves the list as it was.
  const entries = ctx.body.map((raw) => parseEntry(ctx, project, raw));
  const list = liveEntries(ctx, project);
  for (const entry of entries) {
    const existing = list.find((e) => keyOf(e) === keyOf(entry));
    if (!existing) {
      list.push(entry);
      continue;
    }
    // Posted again: the comment and expiry follow the new post; it stays as ACTIVE as it was.
    if (entry.comment !== undefined) existing.comment = entry.comment;
    else delete existing.comment;
    if (entry.deleteAfterDate !== undefined) existing.deleteAfterDate = entry.deleteAfterDate;
    else delete existing.deleteAfterDate;
  }
  project.ipAccessList = list;
  await ctx.services.store.commit();
  return { status: 201, body: listDocument(ctx, project), ...(ctx.services.faults.dropAfterCommit ? { drop: true } : {}) };
};
