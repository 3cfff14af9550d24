// The private IP mode setting of a project (seed: Private IP mode, States):
// GET gives {enabled}; PATCH answers the resulting setting. Turning it on is
// refused while the project has dedicated (non-shared-tier) clusters.
import { isTenant } from '../../model/cluster.js';
import { selfHref } from '../context.js';
import type { Handler, RequestContext } from '../context.js';
import { failures } from '../errors.js';
import type { ReadOnlyFields } from '../readOnly.js';

function view(ctx: RequestContext, enabled: boolean) {
  return { enabled, links: [{ href: selfHref(ctx), rel: 'self' }] };
}

/** The read-only echo rule (../readOnly.ts): a PATCH may repeat the links a GET gave. */
export const PRIVATE_IP_MODE_READ_ONLY: ReadOnlyFields = { fields: ['links'], held: (ctx) => view(ctx, ctx.project!.privateIpMode) };

export const getPrivateIpMode: Handler = (ctx) => ({ status: 200, body: view(ctx, ctx.project!.privateIpMode) });

export const patchPrivateIpMode: Handler = async (ctx) => {
  const project = ctx.project!;
  const body = ctx.body as Record<string, unknown>;
  for (const key of Object.keys(body)) {
    if (key === 'links') throw failures.attributeReadOnly(key);
    if (key !== 'enabled') throw failures.invalidAttribute(key);
  }
  if (body.enabled === undefined || body.enabled === null) throw failures.missingAttribute('enabled');
  if (typeof body.enabled !== 'boolean') throw failures.invalidAttribute('enabled');
  if (body.enabled && !project.privateIpMode) {
    const dedicated = ctx.services.store.clusters(project.id).some((record) => !isTenant(record.model));
    if (dedicated) throw failures.cannotUpdatePrivateIpMode(project.id);
  }
  if (project.privateIpMode !== body.enabled) {
    project.privateIpMode = body.enabled;
    await ctx.services.store.commit();
  }
  return { status: 200, body: view(ctx, project.privateIpMode) };
};
