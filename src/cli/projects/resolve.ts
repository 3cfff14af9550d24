// A project named on the command line by its 24-hex ID or by its name: the ID is
// read with GET /groups/{id}, a name with GET /groups/byName/{name}. The projects
// commands name their argument so, and backups restores create its --to-project.
import type { ApiClient } from '../../api/client.js';
import { ApiError, UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';

const PROJECT_ID = /^[0-9a-f]{24}$/;
/** The service's project name rule (Group.name in the 2026-08 description). */
const PROJECT_NAME = /^[\p{L}\p{N}\-_.(),:&@+']{1,64}$/u;

/** Refuses, before any request, a name the service could not have given a project. */
export function checkProjectName(name: string): void {
  if (!PROJECT_NAME.test(name)) {
    const shown = JSON.stringify(name.length > 70 ? `${name.slice(0, 70)}...` : name);
    throw new UsageError(`invalid project name ${shown}: 1 to 64 letters, digits and - _ . ( ) , : & @ + '`);
  }
}

export interface ResolvedProject {
  id: string;
  name: string;
  document: Record<string, unknown>;
}

export async function resolveProject(ctx: Context, client: ApiClient, idOrName: string): Promise<ResolvedProject> {
  const api = await import('../../api/resources/projects.js');
  const byId = PROJECT_ID.test(idOrName);
  if (!byId) checkProjectName(idOrName);
  try {
    const { body } = byId ? await api.getProject(client, idOrName) : await api.getProjectByName(client, idOrName);
    return { id: typeof body.id === 'string' ? body.id : idOrName, name: typeof body.name === 'string' ? body.name : idOrName, document: body };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && error.hint === undefined) error.hint = `see ${ctx.followUp('projects', 'list')}`;
    throw error;
  }
}
