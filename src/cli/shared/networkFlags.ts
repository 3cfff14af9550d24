// Flags the private-networking commands share (`peering`, `private-endpoints`), as
// commander declares them. What checks their values against the service's rules
// (regions, CIDR blocks, ids) is networkInput.ts, loaded when a command runs.
import { Option } from '@commander-js/extra-typings';
import { choiceFlag } from '../command.js';

export const PROVIDER_CHOICES = ['AWS', 'AZURE', 'GCP'] as const;
export type ProviderChoice = (typeof PROVIDER_CHOICES)[number];

/** `--provider AWS|AZURE|GCP`, any case. */
export function providerOption(description: string) {
  return new Option('--provider <provider>', description).choices(PROVIDER_CHOICES).argParser(choiceFlag('--provider', PROVIDER_CHOICES, { upper: true }));
}

export const WATCH_TIMEOUT_HELP = 'with --watch: give up after this long (90s, 5m, 1h) with exit 8 (implies --watch)';
