// The private IP mode setting of a project (seed: Private IP mode, States): GET gives
// {enabled}; PATCH answers the resulting setting. Turning it on is refused while the
// project has dedicated (non-shared-tier) clusters. The clusters' connection strings
// read it as a networking fact (network.ts).
import { isTenant } from '../../model/cluster.js';
import { selfHref } from '../context.js';
import type { Handler, ReadOnlyFields, RequestContext, ResourceModule } from '../contract.js';
import { ApiFailure, failures } from '../errors.js';
import { clusterStore } from './clusters/index.js';
import { projectById, projectOf } from './projects/index.js';

declare module './projects/state.js' {
  interface SeedProject {
    privateIpMode?: boolean;
  }
  interface ProjectState {
    privateIpMode: boolean;
  }
}

const cannotUpdatePrivateIpMode = (groupId: string) =>
  new ApiFailure(400, 'CANNOT_UPDATE_PRIVATE_IP_MODE', `Group ${groupId} has dedicated clusters, so private IP mode cannot be updated.`, [groupId]);

function view(ctx: RequestContext, enabled: boolean) {
  return { enabled, links: [{ href: selfHref(ctx), rel: 'self' }] };
}

/** The read-only echo rule (../readOnly.ts): a PATCH may repeat the links a GET gave. */
const READ_ONLY: ReadOnlyFields = { fields: ['links'], held: (ctx) => view(ctx, projectOf(ctx).privateIpMode) };

const getPrivateIpMode: Handler = (ctx) => ({ status: 200, body: view(ctx, projectOf(ctx).privateIpMode) });

const patchPrivateIpMode: Handler = async (ctx) => {
  const project = projectOf(ctx);
  const body = ctx.body as Record<string, unknown>;
  for (const key of Object.keys(body)) {
    if (key === 'links') throw failures.attributeReadOnly(key);
    if (key !== 'enabled') throw failures.invalidAttribute(key);
  }
  if (body.enabled === undefined || body.enabled === null) throw failures.missingAttribute('enabled');
  if (typeof body.enabled !== 'boolean') throw failures.invalidAttribute('enabled');
  if (body.enabled && !project.privateIpMode) {
    const dedicated = clusterStore(ctx.services.store).list(project.id).some((record) => !isTenant(record.model));
    if (dedicated) throw cannotUpdatePrivateIpMode(project.id);
  }
  if (project.privateIpMode !== body.enabled) {
    project.privateIpMode = body.enabled;
    await ctx.services.store.commit();
  }
  return { status: 200, body: view(ctx, project.privateIpMode) };
};

export const privateIpMode: ResourceModule = {
  name: 'privateIpMode',
  // No recording; a project setting, and the project's settings (/groups/{groupId}/settings) carry 1200.
  rateLimitPerMinute: 1200,
  operations: {
    'privateIpMode.get': { handler: getPrivateIpMode, action: 'read' },
    'privateIpMode.update': { handler: patchPrivateIpMode, action: 'writeProject', readOnly: READ_ONLY },
  },
  hooks: {
    projects: {
      seedKeys: ['privateIpMode'],
      checkSeed: (project, at, problems) => problems.boolean(`${at}.privateIpMode`, project.privateIpMode),
      init: (project, entry) => {
        project.privateIpMode = entry?.privateIpMode ?? false;
      },
      upgrade: (project) => {
        project.privateIpMode ??= false;
      },
    },
    network: (store, groupId) => ({ privateIpMode: projectById(store, groupId)?.privateIpMode ?? false }),
  },
};
