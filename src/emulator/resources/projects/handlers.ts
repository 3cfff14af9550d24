// Projects (groups) and organizations: list what the caller has a role in, get by id
// or name, create in an organization, delete once nothing refuses it (seed: Projects;
// 2026-08 description, Group; shapes as recorded, reference recorded-resources).
//
// Who may create a project: the emulator has no organization roles, so a caller that
// owns a project of an organization (GROUP_OWNER) stands for the service's Organization
// Project Creator there. The creator becomes GROUP_OWNER of the new project, as the
// service makes the creating user its Project Owner.
import { type Principal, type SeedRole } from '../../auth.js';
import { apiRoot, selfHref, type Link } from '../../context.js';
import type { Handler, ReadOnlyFields, RequestContext } from '../../contract.js';
import { ApiFailure, failures } from '../../errors.js';
import { pageParams, paginate } from '../../pagination.js';
import { isObject } from '../../../base/object.js';
import { lengthFits } from '../../../model/clusterFields.js';
import { isoSeconds, objectId } from '../../store.js';
import { projectOf, projectParts, visibleProjects, type OrgState, type ProjectState, type ResourceTag } from './state.js';

// The service's error-code table words them so.
const projectFailures = {
  groupNameNotFound: (name: string) => new ApiFailure(404, 'GROUP_NAME_NOT_FOUND', `No group with name "${name}" exists.`, [name]),
  groupAlreadyExists: (name: string) => new ApiFailure(409, 'GROUP_ALREADY_EXISTS', `A group with name "${name}" already exists.`, [name]),
  orgNotFound: (orgId: string) => new ApiFailure(404, 'ORG_NOT_FOUND', `No organization with ID ${orgId} exists.`, [orgId]),
  /** The description's example of a 401 on createGroup. */
  notOrgGroupCreator: (orgId: string) =>
    new ApiFailure(401, 'NOT_ORG_GROUP_CREATOR', `The current user cannot create projects in organization ${orgId}.`, [orgId]),
};

/** The description's Group.name pattern. */
const PROJECT_NAME = /^[\p{L}\p{N}\-_.(),:&@+']{1,64}$/u;
const OBJECT_ID = /^[0-9a-f]{24}$/;

/** The rels of a project's links, as the live create answered them. */
const PROJECT_RELS = ['containers', 'clusters', 'databaseUsers', 'peers', 'processes', 'whitelist'];

function rolesOf(principal: Principal): SeedRole[] {
  return principal.kind === 'apiKey' ? principal.key.roles : principal.account.roles;
}

export function projectView(ctx: RequestContext, project: ProjectState): Record<string, unknown> {
  const { store } = ctx.services;
  const self = `${apiRoot(ctx)}/groups/${project.id}`;
  const links: Link[] = [{ href: self, rel: 'self' }, ...PROJECT_RELS.map((rel) => ({ href: `${self}/${rel}`, rel: `https://cloud.mongodb.com/${rel}` }))];
  const view: Record<string, unknown> = {
    created: project.created,
    id: project.id,
    links,
    name: project.name,
    orgId: project.orgId,
    withDefaultAlertsSettings: project.withDefaultAlertsSettings,
    // A project without tags answers none: the recorded creates (which gave none) have no tags field.
    ...(project.tags?.length ? { tags: structuredClone(project.tags) } : {}),
  };
  for (const part of projectParts(store.modules)) Object.assign(view, part.view?.(store, project));
  // The service's order: alphabetical.
  return Object.fromEntries(Object.keys(view).sort().map((key) => [key, view[key]]));
}

export const listProjects: Handler = (ctx) => {
  const page = pageParams(ctx.query);
  const list = paginate(visibleProjects(ctx), page, selfHref(ctx));
  return { status: 200, body: { ...list, results: list.results.map((project) => projectView(ctx, project)) } };
};

export const getProject: Handler = (ctx) => ({ status: 200, body: projectView(ctx, projectOf(ctx)) });

export const getProjectByName: Handler = (ctx) => {
  const name = ctx.params.groupName!;
  // Only among the caller's projects: a name in a project it cannot see is answered
  // as one that does not exist, so the answer never tells which names exist.
  const project = visibleProjects(ctx).find((p) => p.name === name);
  if (!project) throw projectFailures.groupNameNotFound(name);
  return { status: 200, body: projectView(ctx, project) };
};

const CREATE_FIELDS = ['name', 'orgId', 'withDefaultAlertsSettings', 'tags'];
const TAG_FIELDS = ['key', 'value'];
/** ResourceTag's key and value: 1 to 255 characters, counted as the cluster tags' are (src/model/clusterFields.ts). */
const TAG_TEXT = { minLength: 1, maxLength: 255 };

/**
 * The description's Group.tags: an array of ResourceTag {key, value}, both required. A bad
 * one is refused naming the field by its dotted path, as the cluster tags are (tags.key).
 */
function checkTags(tags: unknown): ResourceTag[] {
  if (!Array.isArray(tags)) throw failures.invalidAttribute('tags');
  return tags.map((tag: unknown) => {
    if (!isObject(tag)) throw failures.invalidAttribute('tags');
    for (const field of Object.keys(tag)) if (!TAG_FIELDS.includes(field)) throw failures.invalidAttribute(`tags.${field}`);
    for (const field of TAG_FIELDS) {
      const text = tag[field];
      if (text === undefined || text === null) throw failures.missingAttribute(`tags.${field}`);
      if (typeof text !== 'string' || !lengthFits(text, TAG_TEXT)) throw failures.invalidAttribute(`tags.${field}`);
    }
    return { key: tag.key as string, value: tag.value as string };
  });
}
const READ_ONLY_FIELDS = ['id', 'created', 'clusterCount', 'links'];
/** The read-only echo rule (../../readOnly.ts): a create holds nothing yet to repeat. */
export const PROJECT_READ_ONLY: ReadOnlyFields = { fields: READ_ONLY_FIELDS };

export const createProject: Handler = async (ctx) => {
  const body = ctx.body as Record<string, unknown>;
  for (const key of Object.keys(body)) {
    if (READ_ONLY_FIELDS.includes(key)) throw failures.attributeReadOnly(key);
    // regionUsageRestrictions is for Atlas for Government: "rejected in requests" elsewhere.
    if (!CREATE_FIELDS.includes(key)) throw failures.invalidAttribute(key);
  }
  if (body.name === undefined) throw failures.missingAttribute('name');
  if (typeof body.name !== 'string' || !PROJECT_NAME.test(body.name)) throw failures.invalidAttribute('name');
  if (body.orgId === undefined) throw failures.missingAttribute('orgId');
  if (typeof body.orgId !== 'string' || !OBJECT_ID.test(body.orgId)) throw failures.invalidAttribute('orgId');
  if (body.withDefaultAlertsSettings !== undefined && typeof body.withDefaultAlertsSettings !== 'boolean') throw failures.invalidAttribute('withDefaultAlertsSettings');
  const tags = body.tags === undefined ? [] : checkTags(body.tags);
  const { store } = ctx.services;
  const org = store.world.orgs.find((o) => o.id === body.orgId);
  if (!org) throw projectFailures.orgNotFound(body.orgId);
  checkProjectCreator(ctx, org);
  const name = body.name;
  if (store.world.projects.some((p) => p.orgId === org.id && p.name === name)) throw projectFailures.groupAlreadyExists(name);
  const now = ctx.services.store.serviceClock(); // created on the service's clock (--date)
  const project = {
    id: objectId(now),
    name,
    orgId: org.id,
    created: isoSeconds(now),
    withDefaultAlertsSettings: body.withDefaultAlertsSettings ?? true,
    ...(tags.length ? { tags } : {}),
  } as ProjectState;
  for (const part of projectParts(store.modules)) part.init?.(project, undefined);
  store.world.projects.push(project);
  rolesOf(ctx.principal).push({ projectId: project.id, roleName: 'GROUP_OWNER' });
  await store.commit();
  // The live create's Location names the v1.0 root, with the doubled slash, not the project
  // (recorded-backup TestRestores__POST_api_atlas_v2_groups_1, and the diagnostics recordings' alike).
  const headers = { Location: `${ctx.baseUrl}//api/atlas/v1.0` };
  return { status: 201, body: projectView(ctx, project), headers, ...(ctx.services.faults.dropAfterCommit ? { drop: true } : {}) };
};

/** Members of an organization are callers with a role in one of its projects; owners of one may create more. */
function checkProjectCreator(ctx: RequestContext, org: OrgState): void {
  const orgProjects = new Set(ctx.services.store.world.projects.filter((p) => p.orgId === org.id).map((p) => p.id));
  const roles = ctx.principal.roles.filter((role) => orgProjects.has(role.projectId));
  if (roles.length === 0) throw projectFailures.orgNotFound(org.id); // not a member: the organization is not there for it
  if (!roles.some((role) => role.roleName === 'GROUP_OWNER')) throw projectFailures.notOrgGroupCreator(org.id);
}

/**
 * Refused while a part of the project refuses (its clusters); then every part takes out what named it.
 * 202 with {}, as the live service answers (recorded-backup TestRestores__DELETE_api_atlas_v2_groups_*_1);
 * the description says 204.
 */
export const deleteProject: Handler = async (ctx) => {
  const project = projectOf(ctx);
  const { store } = ctx.services;
  const parts = projectParts(store.modules);
  for (const part of parts) part.refuseDelete?.(store, project);
  store.world.projects = store.world.projects.filter((p) => p.id !== project.id);
  for (const part of parts) part.removed?.(store, project.id);
  await store.commit();
  return { status: 202, body: {} };
};

function orgView(ctx: RequestContext, org: OrgState): Record<string, unknown> {
  return { id: org.id, isDeleted: false, links: [{ href: `${apiRoot(ctx)}/orgs/${org.id}`, rel: 'self' }], name: org.name };
}

/**
 * The organizations the caller belongs to (has a role in one of their projects). `name` keeps
 * those whose name starts with it, whatever the case: the description's "a case-insensitive
 * search for an organization that starts with the specified name".
 */
export const listOrgs: Handler = (ctx) => {
  const page = pageParams(ctx.query);
  const member = new Set(visibleProjects(ctx).map((project) => project.orgId));
  const prefix = ctx.query.get('name')?.toLowerCase();
  const orgs = ctx.services.store.world.orgs.filter((org) => member.has(org.id) && (prefix === undefined || org.name.toLowerCase().startsWith(prefix)));
  const list = paginate(orgs, page, selfHref(ctx));
  return { status: 200, body: { ...list, results: list.results.map((org) => orgView(ctx, org)) } };
};
