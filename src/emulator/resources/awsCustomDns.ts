// The project's custom DNS for AWS clusters with VPC peering (getAwsCustomDns,
// toggleAwsCustomDns; the description's AWSCustomDNSEnabledView): GET gives {enabled},
// PATCH {enabled} answers the resulting setting; off for a new project. The clusters'
// connection strings read it as a networking fact (network.ts): on AWS, an AVAILABLE
// peer gives a cluster its private strings only with it on (or in private IP mode).
// Seed: a project's `awsCustomDns: true`; a --state file keeps it with the project.
import type { Handler, ResourceModule } from '../contract.js';
import { failures } from '../errors.js';
import { projectById, projectOf } from './projects/index.js';

declare module './projects/state.js' {
  interface SeedProject {
    awsCustomDns?: boolean;
  }
  interface ProjectState {
    awsCustomDns: boolean;
  }
}

const getAwsCustomDns: Handler = (ctx) => ({ status: 200, body: { enabled: projectOf(ctx).awsCustomDns } });

const toggleAwsCustomDns: Handler = async (ctx) => {
  const project = projectOf(ctx);
  const body = ctx.body as Record<string, unknown>;
  for (const key of Object.keys(body)) {
    if (key !== 'enabled') throw failures.invalidAttribute(key);
  }
  if (body.enabled === undefined || body.enabled === null) throw failures.missingAttribute('enabled');
  if (typeof body.enabled !== 'boolean') throw failures.invalidAttribute('enabled');
  if (project.awsCustomDns !== body.enabled) {
    project.awsCustomDns = body.enabled;
    await ctx.services.store.commit();
  }
  return { status: 200, body: { enabled: project.awsCustomDns } };
};

export const awsCustomDns: ResourceModule = {
  name: 'awsCustomDns',
  // No recording; a project setting, as private IP mode and the project's settings (1200).
  rateLimitPerMinute: 1200,
  operations: {
    // The description: Project Read Only to read, Project Owner to change.
    'awsCustomDns.get': { handler: getAwsCustomDns, action: 'read' },
    'awsCustomDns.update': { handler: toggleAwsCustomDns, action: 'writeProject' },
  },
  hooks: {
    projects: {
      seedKeys: ['awsCustomDns'],
      checkSeed: (project, at, problems) => problems.boolean(`${at}.awsCustomDns`, project.awsCustomDns),
      init: (project, entry) => {
        project.awsCustomDns = entry?.awsCustomDns ?? false;
      },
      upgrade: (project) => {
        project.awsCustomDns ??= false;
      },
    },
    network: (store, groupId) => ({ awsCustomDns: projectById(store, groupId)?.awsCustomDns ?? false }),
  },
};
