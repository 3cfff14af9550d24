// Projects (groups) and organizations: list what the caller has a role in, get by id
// or name, create in an organization, delete once no cluster is left (seed: Projects;
// 2026-08 description, Group; shapes as recorded, reference recorded-resources).
//
// Who may create a project: the emulator has no organization roles, so a caller that
// owns a project of an organization (GROUP_OWNER) stands for the service's Organization
// Project Creator there. The creator becomes GROUP_OWNER of the new project, as the
// service makes the creating user its Project Owner.
import { authorize, type Principal } from '../auth.js';
import { apiRoot, projectOf, selfHref, type Handler, type Link, type RequestContext } from '../context.js';
import { failures } from '../errors.js';
import { pageParams, paginate } from '../pagination.js';
import type { ReadOnlyFields } from '../readOnly.js';
import type { SeedRole } from '../seed.js';
import { isoSeconds, objectId, type OrgState, type ProjectState } from '../store.js';
import { projectDeleteRefusal } from '../resources/network.js';

/** The description's Group.name pattern. */
const PROJECT_NAME = /^[\p{L}\p{N}\-_.(),:&@+']{1,64}$/u;
const OBJECT_ID = /^[0-9a-f]{24}$/;

/** The rels of a project's links, as the live create answered them. */
const PROJECT_RELS = ['containers', 'clusters', 'databaseUsers', 'peers', 'processes', 'whitelist'];

function rolesOf(principal: Principal): SeedRole[] {
  return principal.kind === 'apiKey' ? principal.key.roles : principal.account.roles;
}

/** The projects the caller has any role in, in the world's order. */
function visibleProjects(ctx: RequestContext): ProjectState[] {
  const ids = new Set(ctx.principal.roles.map((role) => role.projectId));
  return ctx.services.store.world.projects.filter((project) => ids.has(project.id));
}

export function projectView(ctx: RequestContext, project: ProjectState): Record<string, unknown> {
  const self = `${apiRoot(ctx)}/groups/${project.id}`;
  const links: Link[] = [{ href: self, rel: 'self' }, ...PROJECT_RELS.map((rel) => ({ href: `${self}/${rel}`, rel: `https://cloud.mongodb.com/${rel}` }))];
  return {
    clusterCount: ctx.services.store.clusters(project.id).length,
    created: project.created,
    id: project.id,
    links,
    name: project.name,
    orgId: project.orgId,
    withDefaultAlertsSettings: project.withDefaultAlertsSettings,
  };
}

export const listProjects: Handler = (ctx) => {
  const page = pageParams(ctx.query);
  const list = paginate(visibleProjects(ctx), page, selfHref(ctx));
  return { status: 200, body: { ...list, results: list.results.map((project) => projectView(ctx, project)) } };
};

export const getProject: Handler = (ctx) => ({ status: 200, body: projectView(ctx, projectOf(ctx)) });

export const getProjectByName: Handler = (ctx) => {
  const name = ctx.params.groupName!;
  const project = ctx.services.store.world.projects.find((p) => p.name === name);
  if (!project) throw failures.groupNameNotFound(name);
  authorize(ctx.principal, project.id, 'read');
  return { status: 200, body: projectView(ctx, project) };
};

const CREATE_FIELDS = ['name', 'orgId', 'withDefaultAlertsSettings', 'tags'];
const READ_ONLY_FIELDS = ['id', 'created', 'clusterCount', 'links'];
/** The read-only echo rule (../readOnly.ts): a create holds nothing yet to repeat. */
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
  if (body.tags !== undefined && !Array.isArray(body.tags)) throw failures.invalidAttribute('tags');
  const { store } = ctx.services;
  const org = store.world.orgs.find((o) => o.id === body.orgId);
  if (!org) throw failures.orgNotFound(body.orgId);
  checkProjectCreator(ctx, org);
  const name = body.name;
  if (store.world.projects.some((p) => p.orgId === org.id && p.name === name)) throw failures.groupAlreadyExists(name);
  const now = ctx.services.clock();
  const project: ProjectState = {
    id: objectId(now),
    name,
    privateIpMode: false,
    orgId: org.id,
    created: isoSeconds(now),
    withDefaultAlertsSettings: body.withDefaultAlertsSettings ?? true,
    ipAccessList: [],
  };
  store.addProject(project);
  rolesOf(ctx.principal).push({ projectId: project.id, roleName: 'GROUP_OWNER' });
  await store.commit();
  return { status: 201, body: projectView(ctx, project), ...(ctx.services.faults.dropAfterCommit ? { drop: true } : {}) };
};

/** Members of an organization are callers with a role in one of its projects; owners of one may create more. */
function checkProjectCreator(ctx: RequestContext, org: OrgState): void {
  const orgProjects = new Set(ctx.services.store.world.projects.filter((p) => p.orgId === org.id).map((p) => p.id));
  const roles = ctx.principal.roles.filter((role) => orgProjects.has(role.projectId));
  if (roles.length === 0) throw failures.orgNotFound(org.id); // not a member: the organization is not there for it
  if (!roles.some((role) => role.roleName === 'GROUP_OWNER')) throw failures.notOrgGroupCreator(org.id);
}

export const deleteProject: Handler = async (ctx) => {
  const project = projectOf(ctx);
  const { store } = ctx.services;
  if (store.clusters(project.id).length > 0) throw failures.cannotCloseGroupActiveClusters();
  // Peers and private endpoint services keep a project too (their modules say which, resources/network.ts).
  const refusal = projectDeleteRefusal(ctx.services, project.id);
  if (refusal) throw refusal;
  store.removeProject(project.id);
  await store.commit();
  return { status: 204, body: undefined };
};

function orgView(ctx: RequestContext, org: OrgState): Record<string, unknown> {
  return { id: org.id, isDeleted: false, links: [{ href: `${apiRoot(ctx)}/orgs/${org.id}`, rel: 'self' }], name: org.name };
}

/** The organizations the caller belongs to (has a role in one of their projects); `name` filters by exact name. */
export const listOrgs: Handler = (ctx) => {
  const page = pageParams(ctx.query);
  const member = new Set(visibleProjects(ctx).map((project) => project.orgId));
  const name = ctx.query.get('name');
  const orgs = ctx.services.store.world.orgs.filter((org) => member.has(org.id) && (name === null || org.name === name));
  const list = paginate(orgs, page, selfHref(ctx));
  return { status: 200, body: { ...list, results: list.results.map((org) => orgView(ctx, org)) } };
};
