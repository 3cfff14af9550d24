// Projects (groups) and organizations as the emulator keeps them, the path scope
// `{groupId}` that every project's resource is under, and the extension point of
// what other modules keep per project (ProjectPart).
import { ApiFailure } from '../../errors.js';
import { hooksOf, type RequestContext, type ResourceModule, type Store } from '../../contract.js';
import type { Problems } from '../../seedChecks.js';

export interface OrgState {
  id: string;
  name: string;
}

/** A project as stored; the modules that keep something per project merge their fields in (ProjectPart). */
export interface ProjectState {
  id: string;
  name: string;
  /** The organization the project belongs to. */
  orgId: string;
  /** ISO date of creation, as the service writes it. */
  created: string;
  withDefaultAlertsSettings: boolean;
  /** The project's tags (the description's ResourceTag); absent when it has none. */
  tags?: ResourceTag[];
}

/** The description's ResourceTag: key and value, each 1 to 255 characters. */
export interface ResourceTag {
  key: string;
  value: string;
}

export interface SeedOrg {
  id: string;
  name: string;
}

/** A seed's project; the modules that keep something per project merge their fields in (ProjectPart). */
export interface SeedProject {
  id: string;
  name: string;
  /** Default: the first of `orgs` (or the emulator's one organization). */
  orgId?: string;
}

/**
 * What another module keeps per project: its fields of a seed's project entry, of the
 * stored project, of the project's document, and what it says to a project delete.
 */
export interface ProjectPart {
  /** The fields of a seed's project entry it reads. */
  seedKeys?: readonly string[];
  /** Adds the problems of its fields of one seed entry (`at`: e.g. projects[0]). */
  checkSeed?(entry: Record<string, unknown>, at: string, problems: Problems): void;
  /** Sets its fields on a new project: from the seed's entry, or (none) a project created through the API. */
  init?(project: ProjectState, entry: SeedProject | undefined): void;
  /** A project read from a state file written before the part kept its fields. */
  upgrade?(project: ProjectState): void;
  /** Throws the service's refusal of a delete while the project holds something of the part's. */
  refuseDelete?(store: Store, project: ProjectState): void;
  /** The project is gone: takes out what named it. */
  removed?(store: Store, projectId: string): void;
  /** Fields of the project's document. */
  view?(store: Store, project: ProjectState): Record<string, unknown>;
}

declare module '../../contract.js' {
  interface Hooks {
    projects: ProjectPart;
  }
  interface StateSnapshot {
    projects: ProjectState[];
  }
}
declare module '../../contract.js' {
  interface World {
    orgs: OrgState[];
    projects: ProjectState[];
  }
}
declare module '../../contract.js' {
  interface SeedDocument {
    orgs?: SeedOrg[];
    projects: SeedProject[];
  }
}

export const projectParts = (modules: readonly ResourceModule[]): ProjectPart[] => hooksOf(modules, 'projects');

export const groupNotFound = (groupId: string): ApiFailure => new ApiFailure(404, 'GROUP_NOT_FOUND', `No group with ID ${groupId} exists.`, [groupId]);

export function projectById(store: Store, id: string): ProjectState | undefined {
  return store.world.projects.find((p) => p.id === id);
}

/** The project of an operation whose path has {groupId} (the pipeline answered 404 GROUP_NOT_FOUND otherwise). */
export function projectOf(ctx: RequestContext): ProjectState {
  if (!ctx.scope) throw new Error(`${ctx.operation} has no {groupId} in its path`);
  return ctx.scope as ProjectState;
}

/** The projects the caller has any role in, in the world's order. */
export function visibleProjects(ctx: RequestContext): ProjectState[] {
  const ids = new Set(ctx.principal.roles.map((role) => role.projectId));
  return ctx.services.store.world.projects.filter((project) => ids.has(project.id));
}
