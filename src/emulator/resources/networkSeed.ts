// A project's network peering and private endpoints as a seed declares them: flags
// on the project, set only by the seed, until peering and private endpoints are
// resources of their own (then their modules provide the same facts, network.ts,
// and this one goes).
import { hostRegion } from '../../connstring/index.js';
import { isObject } from '../../base/object.js';
import type { ResourceModule } from '../resource.js';
import type { PrivateEndpointFact } from './network.js';
import { projectById } from './projects/index.js';

export type SeedPrivateEndpoint = PrivateEndpointFact;

declare module './projects/state.js' {
  interface SeedProject {
    peering?: boolean;
    privateEndpoints?: SeedPrivateEndpoint[];
  }
  interface ProjectState {
    peering: boolean;
    privateEndpoints: SeedPrivateEndpoint[];
  }
}

export const networkSeed: ResourceModule = {
  name: 'networkSeed',
  hooks: {
    projects: {
      seedKeys: ['peering', 'privateEndpoints'],
      checkSeed: (project, at, problems) => {
        problems.boolean(`${at}.peering`, project.peering);
        if (project.privateEndpoints === undefined) return;
        if (!Array.isArray(project.privateEndpoints)) return problems.add(`${at}.privateEndpoints`, 'must be an array');
        project.privateEndpoints.forEach((endpoint, j) => {
          const eat = `${at}.privateEndpoints[${j}]`;
          if (!isObject(endpoint)) return problems.add(eat, 'must be an object');
          problems.onlyKeys(eat, endpoint, ['provider', 'region', 'endpointId', 'regionalized']);
          if (endpoint.provider !== 'AWS' && endpoint.provider !== 'AZURE') problems.add(`${eat}.provider`, 'must be AWS or AZURE');
          if (
            problems.string(`${eat}.region`, endpoint.region) &&
            (endpoint.provider === 'AWS' || endpoint.provider === 'AZURE') &&
            hostRegion(endpoint.provider, endpoint.region) === undefined
          ) {
            problems.add(`${eat}.region`, `"${endpoint.region}" is not an ${endpoint.provider} region (e.g. us-east-1, eastus2)`);
          }
          problems.string(`${eat}.endpointId`, endpoint.endpointId);
          problems.boolean(`${eat}.regionalized`, endpoint.regionalized);
        });
      },
      init: (project, entry) => {
        project.peering = entry?.peering ?? false;
        project.privateEndpoints = structuredClone(entry?.privateEndpoints ?? []);
      },
      upgrade: (project) => {
        project.peering ??= false;
        project.privateEndpoints ??= [];
      },
    },
    network: (store, groupId) => {
      const project = projectById(store, groupId);
      return project ? { peering: project.peering, privateEndpoints: project.privateEndpoints } : {};
    },
  },
};
