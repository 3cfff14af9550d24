// The project's custom DNS for AWS clusters with VPC peering (getAwsCustomDns,
// toggleAwsCustomDns): one version, 2023-01-01. No command sends it (`cdba api` does, from
// the description); it is in the table so that the emulator serves it.
import type { ResourceOperations } from './entry.js';

const AWS_CUSTOM_DNS = '/groups/{groupId}/awsCustomDNS';

export const awsCustomDns = {
  'awsCustomDns.get': { method: 'GET', path: AWS_CUSTOM_DNS, versions: [{ date: '2023-01-01' }], passthrough: true },
  'awsCustomDns.update': { method: 'PATCH', path: AWS_CUSTOM_DNS, versions: [{ date: '2023-01-01' }], passthrough: true },
} as const satisfies ResourceOperations<'awsCustomDns'>;
