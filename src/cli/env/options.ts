// env up's options (and run's, which takes them all), declared once (EnvOption,
// src/cli/envStep.ts): the env's own here, the env steps' in their groups. From these
// come the commander options of env up and run, their parsed type (UpFlags), the man
// page's more on each, the defaults up.ts applies, and the GitHub Action's inputs
// (action.yml's and action/env-up-inputs.json, generated from upOptions() by
// `npm run action`; test/e2e/action.test.ts fails while they are out of date).
import { PROVIDERS } from '../../model/catalog.js';
import { choiceFlag } from '../command.js';
import { parseRole } from '../dbusers/public.js';
import { envSteps, optionDefaults, type EnvOption, type EnvOptionValues } from '../envStep.js';

/** What the env is: shown in help before the env steps' flags. */
export const ENV_OPTIONS = [
  {
    flag: '--tier',
    value: '<tier>',
    description: 'FLEX (default) or an instance size such as M10',
    default: 'FLEX',
    action: { input: 'tier', description: 'FLEX (default), or a dedicated tier such as M10.' },
  },
  {
    flag: '--provider',
    value: '<provider>',
    description: 'cloud provider (default AWS)',
    choices: PROVIDERS,
    parse: choiceFlag('--provider', PROVIDERS, { upper: true }),
    default: 'AWS',
    action: { input: 'provider', description: 'The cloud provider, AWS (default), GCP or AZURE (env up --provider).' },
  },
  {
    flag: '--region',
    value: '<region>',
    description: 'provider region (default US_EAST_1)',
    parse: (value: string) => value.trim().toUpperCase().replace(/-/g, '_'),
    default: 'US_EAST_1',
    action: { input: 'region', description: "The provider's region, such as US_EAST_1 (default) or us-east-1 (env up --region)." },
  },
  {
    flag: '--ttl',
    value: '<duration>',
    description: 'user and entry lifetime, at most 7d (default 2h)',
    details: 'The user and the access-list entry end this long from now; one week (7d) is the longest deleteAfterDate the service takes',
    default: '2h',
    action: { input: 'ttl', description: 'How long the user and the access-list entry live, at most 7d (default 2h).' },
  },
  {
    flag: '--ip',
    value: '<address>',
    description: 'who may connect: current (default), an IP or a CIDR',
    details: 'current: the address the service sees this machine call from',
    default: 'current',
    action: { input: 'ip', description: "The address the access list lets in (default the runner's, as the service sees it)." },
  },
  {
    flag: '--role',
    value: '<role@db>',
    description: 'user role, repeatable (default readWriteAnyDatabase)',
    details: 'readWriteAnyDatabase: read and write on any database',
    parse: parseRole,
    repeatable: true,
    default: 'readWriteAnyDatabase',
    action: { input: 'role', description: "The user's roles, one per line: <role> or <role>@<database> (default readWriteAnyDatabase; env up --role)." },
  },
  {
    flag: '--db-version',
    value: '<version>',
    description: 'major version of a dedicated cluster, e.g. 8.0',
    details: 'Default: the service picks',
    action: { input: 'db-version', description: "The major MongoDB version of a dedicated cluster, such as 8.0 (default the service's; env up --db-version)." },
  },
] as const satisfies readonly EnvOption[];

/** How env up runs: shown in help after the env steps' flags. */
export const ENV_RUN_OPTIONS = [
  {
    flag: '--share',
    description: 'join an env another run holds, with a user of its own',
    details: 'Without it, an env another run holds is refused: exit 16, naming the holder, nothing made. With it, this run gets a database user of its own (no password changes under the other run), and its env down keeps the env while another run holds it',
    action: {
      input: 'share',
      description: "true: use the env though another run holds it, with a database user of its own (env up --share); post then removes only this job's user and entry while the other run holds it. Without it, an env another run holds fails the step (exit 16, naming the holder).",
    },
  },
  {
    flag: '--watch-timeout',
    value: '<duration>',
    description: 'give up waiting after this long in all (default no limit): exit 8',
    details: 'One limit for every wait (90, 90s, 5m, 1h): the cluster and the entry, the restore, the sample load, the index builds. When it runs out: exit 8, naming what was awaited and what was made, and the env down that removes it',
    // Not an input: the job's timeout-minutes bounds the Action's step.
  },
] as const satisfies readonly EnvOption[];

/** env up's options as parsed: its own, typed from the declaration; the env steps' by name (each step types its own). */
export type UpFlags = EnvOptionValues<typeof ENV_OPTIONS> & EnvOptionValues<typeof ENV_RUN_OPTIONS> & { [stepFlag: string]: unknown };

/** What env up takes for a flag not given, from the declaration. */
export const UP_DEFAULTS = optionDefaults([...ENV_OPTIONS, ...ENV_RUN_OPTIONS] as const);

/** Every option of env up and run, in help order: the env's own, the registered env steps' (in registration order), then how it runs. */
export function upOptions(): readonly EnvOption[] {
  return [...ENV_OPTIONS, ...envSteps().flatMap((step) => step.options), ...ENV_RUN_OPTIONS];
}
