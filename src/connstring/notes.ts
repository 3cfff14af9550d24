// What the seed's rules say about a parsed string, as short sentences for `conn-string parse`.
import { SHAPES, type ParsedConnectionString } from './shapes.js';

const AC_PREFIX = /^ac-[a-z0-9]{7}$/;

export function notesFor(p: ParsedConnectionString, hasPassword: boolean): string[] {
  const notes: string[] = [];
  switch (p.type) {
    case 'standard':
      if (!p.srv && p.cluster && AC_PREFIX.test(p.cluster)) {
        notes.push(`Host prefix "${p.cluster}" is the deployment's internal ID (shared tier), not the cluster name.`);
      }
      notes.push('From a peered AWS VPC this string resolves to private IPs.');
      break;
    case 'privatePeering':
      notes.push('On AWS the -pri string is optional: the standard string resolves to private IPs from a peered VPC too.');
      notes.push(
        'On AWS with VPC peering and a custom DNS service, the project setting "Using Custom DNS on AWS with VPC Peering" must be on for this string to be offered.',
      );
      if (p.srv) notes.push(`A cluster named "${p.cluster}-pri" would have this same string as its standard SRV string.`);
      break;
    case 'privateLink':
      notes.push(`Several rows fit: ${p.candidates.map((c) => SHAPES[c].title).join('; ')}.`);
      if (p.provider === 'AZURE') {
        notes.push("Azure's host-list string is the same whether the regionalized setting is on or off.");
      } else {
        notes.push(
          `Region "${p.region}" does not fit the rows' spelling (AWS us-east-1, with a zone letter, us-east-1a, only in the pl-0-<region><az> form; Azure eastus2), so the provider is not known.`,
        );
      }
      break;
    case 'privateLinkAws':
      if (p.az === undefined) {
        notes.push("The service's AWS private-link form carries an availability-zone letter after the region (pl-0-<region><az>); this string has none.");
      }
      break;
    case 'privateLinkOptimized':
      notes.push('Optimized SRV string for sharded clusters behind private endpoints: it limits the connections per query router.');
      notes.push(
        'Converting a single-region sharded cluster to multi-region without regionalized private endpoints ends use of this string: switch to the Legacy SRV string before converting.',
      );
      break;
    case 'legacy':
      notes.push(`Legacy string: it is kept indefinitely.${p.newForm ? ` The current form is: ${p.newForm}` : ''}`);
      notes.push(
        'It resolves to peered-network IPs while peering-only (private IP) mode is on, otherwise to public IPs. The current strings lift the peering-only limits: use them to get the improved features.',
      );
      if (p.provider === 'AZURE' || p.provider === 'GCP') {
        const label = p.provider === 'AZURE' ? '.azure' : '.gcp';
        notes.push(
          `It carries the ${label} label, so it changes when the cluster moves to or from ${p.provider === 'AZURE' ? 'Azure' : 'Google Cloud'}. Clusters created before 3 November 2020 move in two phases, switching to the new comma-delimited URI after each.`,
        );
      } else {
        notes.push('No provider label (AWS): clusters on AWS keep their string when the cloud provider changes.');
      }
      break;
    case 'unknown':
      notes.push(
        p.domain
          ? `The host is in the cluster domain ${p.domain} but matches none of the connection-string shapes the service issues.`
          : 'Matches none of the connection-string shapes the service issues.',
      );
      break;
    default:
      break;
  }
  if (hasPassword) notes.push('The string carries a password; it is not shown.');
  return notes;
}
