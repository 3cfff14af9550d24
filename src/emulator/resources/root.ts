// The root resource: GET answers the SystemStatus shape, with links to the
// resources the caller can reach, so the API is browsable from here.
import { createHash } from 'node:crypto';
import { AccessList } from '../apiKeyAccessList.js';
import { apiKeyId } from '../auth.js';
import { apiRoot, selfHref } from '../context.js';
import type { Link } from '../context.js';
import type { Handler, ResourceModule } from '../contract.js';

/** A fixed 40-hex build id for the emulator's "build". */
export const EMULATOR_BUILD = createHash('sha1').update('cdba-emulator').digest('hex');

const getRoot: Handler = (ctx) => {
  const { principal } = ctx;
  const links: Link[] = [{ href: selfHref(ctx), rel: 'self' }];
  const projectIds = [...new Set(principal.roles.map((role) => role.projectId))];
  for (const projectId of projectIds) {
    const group = `${apiRoot(ctx)}/groups/${projectId}`;
    links.push({ href: `${group}/clusters`, rel: 'https://cloud.mongodb.com/clusters' });
    links.push({ href: `${group}/privateIpMode`, rel: 'https://cloud.mongodb.com/privateIpMode' });
  }
  const apiKey =
    principal.kind === 'apiKey'
      ? {
          accessList: new AccessList(principal.key.accessList ?? []).view(),
          id: apiKeyId(principal.key.publicKey),
          publicKey: principal.key.publicKey,
          roles: principal.roles.map((role) => ({ groupId: role.projectId, roleName: role.roleName })),
        }
      : null; // a service account is not an API key
  return {
    status: 200,
    body: { apiKey, appName: 'MongoDB Atlas', build: EMULATOR_BUILD, links, throttling: false },
  };
};

export const root: ResourceModule = { name: 'root', operations: { 'root.get': { handler: getRoot, action: 'read' } } };
