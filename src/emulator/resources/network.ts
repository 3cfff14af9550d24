// The extension point "private networking facts of project P": its private IP mode,
// its custom DNS for AWS peering, the providers it is peered on, and the private
// endpoints it has. The modules that know (privateIpMode, awsCustomDns, peering and
// privateEndpoints) provide them; the clusters' connection strings and the access
// list's security groups read them, and never where they come from.
import { hooksOf, type Store } from '../contract.js';

export interface PrivateEndpointFact {
  provider: 'AWS' | 'AZURE';
  /** The provider's own region name, e.g. us-east-1 or eastus2. */
  region: string;
  endpointId: string;
  regionalized?: boolean;
}

export type NetworkProvider = 'AWS' | 'AZURE' | 'GCP';

export interface NetworkFacts {
  privateIpMode: boolean;
  /** The project's custom DNS for AWS peering: with it on, an AWS peer gives its clusters the private strings. */
  awsCustomDns: boolean;
  /** Providers with an AVAILABLE network peering connection: their clusters get the private strings. */
  peered: NetworkProvider[];
  /** AVAILABLE interface endpoints of AVAILABLE services, in the order they were made. */
  privateEndpoints: PrivateEndpointFact[];
}

/** What one module knows of a project's networking (what it does not know, it leaves out). */
export type NetworkSource = (store: Store, groupId: string) => Partial<NetworkFacts>;

declare module '../contract.js' {
  interface Hooks {
    network: NetworkSource;
  }
}

/** The project's networking as every module that knows tells it: a flag set by any, the providers and endpoints of all. */
export function networkFacts(store: Store, groupId: string): NetworkFacts {
  const facts: NetworkFacts = { privateIpMode: false, awsCustomDns: false, peered: [], privateEndpoints: [] };
  for (const source of hooksOf(store.modules, 'network')) {
    const known = source(store, groupId);
    facts.privateIpMode ||= known.privateIpMode ?? false;
    facts.awsCustomDns ||= known.awsCustomDns ?? false;
    if (known.peered) facts.peered = [...facts.peered, ...known.peered];
    if (known.privateEndpoints) facts.privateEndpoints = [...facts.privateEndpoints, ...known.privateEndpoints];
  }
  return facts;
}
