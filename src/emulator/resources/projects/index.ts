// The projects module (contract.ts): projects and organizations, the {groupId} scope
// every project's resource is under, their seed keys and their state.
import { randomBytes } from 'node:crypto';
import { isObject } from '../../../base/object.js';
import type { ResourceModule } from '../../contract.js';
import { OBJECT_ID, type Problems } from '../../seedChecks.js';
import { isoSeconds } from '../../store.js';
import { createProject, deleteProject, getProject, getProjectByName, listOrgs, listProjects, PROJECT_READ_ONLY } from './handlers.js';
import { groupNotFound, projectById, projectParts, type OrgState, type ProjectPart, type ProjectState } from './state.js';
import { shape as S } from '../../stateChecks.js';

export { projectById, projectOf, visibleProjects } from './state.js';
export type { OrgState, ProjectPart, ProjectState, ResourceTag, SeedOrg, SeedProject } from './state.js';

/** Without orgs in the seed: one organization for every project (a stable id, so restarts agree). */
export const DEFAULT_ORG: OrgState = { id: 'a0a0a0a0a0a0a0a0a0a0a0a0', name: 'emulator' };

/** The ids of a seed's projects that are well formed: what other keys' entries may name. */
export function seedProjectIds(doc: Record<string, unknown>): Set<string> {
  const projects = Array.isArray(doc.projects) ? doc.projects : [];
  return new Set(projects.filter(isObject).map((project) => project.id).filter((id): id is string => typeof id === 'string' && OBJECT_ID.test(id)));
}

function checkSeed(doc: Record<string, unknown>, problems: Problems, parts: ProjectPart[]): void {
  const orgIds = new Set<string>();
  if (doc.orgs !== undefined && !Array.isArray(doc.orgs)) problems.add('orgs', 'must be an array of {id, name}');
  (Array.isArray(doc.orgs) ? doc.orgs : []).forEach((org, i) => {
    const at = `orgs[${i}]`;
    if (!isObject(org)) return problems.add(at, 'must be an object {id, name}');
    problems.onlyKeys(at, org, ['id', 'name']);
    if (problems.string(`${at}.id`, org.id, OBJECT_ID, 'a 24-hex organization id')) {
      if (orgIds.has(org.id)) problems.add(`${at}.id`, `duplicate organization id ${org.id}`);
      orgIds.add(org.id);
    }
    problems.string(`${at}.name`, org.name);
  });

  if (!Array.isArray(doc.projects) || doc.projects.length === 0) return problems.add('projects', 'must be a non-empty array');
  const projectIds = new Set<string>();
  const fields = ['id', 'name', 'orgId', ...parts.flatMap((part) => part.seedKeys ?? [])];
  doc.projects.forEach((project, i) => {
    const at = `projects[${i}]`;
    if (!isObject(project)) return problems.add(at, 'must be an object');
    problems.onlyKeys(at, project, fields);
    if (project.orgId !== undefined && problems.string(`${at}.orgId`, project.orgId, OBJECT_ID, 'a 24-hex organization id') && !orgIds.has(project.orgId)) {
      problems.add(`${at}.orgId`, `"${project.orgId}" is not one of the seed's orgs`);
    }
    if (problems.string(`${at}.id`, project.id, OBJECT_ID, 'a 24-hex project id')) {
      if (projectIds.has(project.id)) problems.add(`${at}.id`, `duplicate project id ${project.id}`);
      projectIds.add(project.id);
    }
    problems.string(`${at}.name`, project.name);
    for (const part of parts) part.checkSeed?.(project, at, problems);
  });
}

const hex = (bytes: number): string => randomBytes(bytes).toString('hex');

export const projects: ResourceModule = {
  name: 'projects',
  rateLimitPerMinute: 1200, // recorded: POST /groups, DELETE /groups/{groupId}
  operations: {
    // Paths without {groupId} (list, create, byName, orgs): the handler decides who sees and may do what.
    'projects.list': { handler: listProjects, action: 'read' },
    // No {groupId} to count under, yet the service counts it (recorded RateLimit-Limit 1200): per caller.
    'projects.create': { handler: createProject, action: 'writeProject', readOnly: PROJECT_READ_ONLY, countPerCaller: true },
    'projects.get': { handler: getProject, action: 'read' },
    'projects.getByName': { handler: getProjectByName, action: 'read' },
    'projects.delete': { handler: deleteProject, action: 'writeProject' },
    'orgs.list': { handler: listOrgs, action: 'read' },
  },
  scope: { param: 'groupId', find: projectById, notFound: groupNotFound },
  seed: {
    keys: ['orgs', 'projects'],
    required: ['projects'],
    check: (doc, problems, modules) => checkSeed(doc, problems, projectParts(modules)),
    byDefault: (seed) => {
      const orgId = hex(12);
      seed.orgs = [{ id: orgId, name: 'emulator' }];
      seed.projects = [{ id: hex(12), name: 'emulator', orgId }];
    },
  },
  state: {
    shape: {
      orgs: S.array(S.object({ id: 'string', name: 'string' })),
      projects: S.array(
        S.object({ id: 'string', name: 'string', orgId: 'string', created: 'string', tags: S.optional(S.array(S.object({ key: 'string', value: 'string' }))) }),
      ),
    },
    // Created at the service's time (--date), as a project made through the API.
    fromSeed: (world, seed, _now, modules, serviceNow) => {
      const orgs = seed.orgs?.length ? structuredClone(seed.orgs) : [DEFAULT_ORG];
      world.orgs = orgs;
      world.projects = seed.projects.map((entry) => {
        const project: ProjectState = { id: entry.id, name: entry.name, orgId: entry.orgId ?? orgs[0]!.id, created: isoSeconds(serviceNow), withDefaultAlertsSettings: true } as ProjectState;
        for (const part of projectParts(modules)) part.init?.(project, entry);
        return project;
      });
    },
    // Files written before projects had an organization and a date.
    upgrade: (world, modules) => {
      if (!Array.isArray(world.orgs) || world.orgs.length === 0) world.orgs = [DEFAULT_ORG];
      for (const project of Array.isArray(world.projects) ? world.projects : []) {
        project.orgId ??= world.orgs[0]!.id;
        project.created ??= isoSeconds(0);
        project.withDefaultAlertsSettings ??= true;
        for (const part of projectParts(modules)) part.upgrade?.(project);
      }
    },
    snapshot: (store) => ({ projects: structuredClone(store.world.projects) }),
  },
};
