// The extension point "private networking facts of project P": whether the project
// has network peering and private IP mode, and the private endpoints it has. The
// modules that know (today privateIpMode, and the seed's flags in networkSeed.ts;
// tomorrow peering and private endpoints as resources of their own) provide them;
// the clusters' connection strings and the access list's security groups read them,
// and never where they come from.
import { hooksOf } from '../resource.js';
import type { Store } from '../store.js';

export interface PrivateEndpointFact {
  provider: 'AWS' | 'AZURE';
  /** The provider's own region name, e.g. us-east-1 or eastus2. */
  region: string;
  endpointId: string;
  regionalized?: boolean;
}

export interface NetworkFacts {
  privateIpMode: boolean;
  peering: boolean;
  privateEndpoints: PrivateEndpointFact[];
}

/** What one module knows of a project's networking (what it does not know, it leaves out). */
export type NetworkSource = (store: Store, groupId: string) => Partial<NetworkFacts>;

declare module '../resource.js' {
  interface Hooks {
    network: NetworkSource;
  }
}

/** The project's networking as every module that knows tells it: a flag set by any, the endpoints of all. */
export function networkFacts(store: Store, groupId: string): NetworkFacts {
  const facts: NetworkFacts = { privateIpMode: false, peering: false, privateEndpoints: [] };
  for (const source of hooksOf(store.modules, 'network')) {
    const known = source(store, groupId);
    facts.privateIpMode ||= known.privateIpMode ?? false;
    facts.peering ||= known.peering ?? false;
    if (known.privateEndpoints) facts.privateEndpoints = [...facts.privateEndpoints, ...known.privateEndpoints];
  }
  return facts;
}
