// `cdba access-list add <ip|cidr>`, `--current-ip` or `--aws-security-group sg-...`:
// one entry, with a comment and an expiry if asked; --watch waits until it is ACTIVE.
// Everything the user typed is checked before the first request.
import { Option, type Command } from '@commander-js/extra-typings';
import { ApiError, UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { DELETE_AFTER_HELP, resolveDeleteAfter } from '../../core/deleteAfter.js';
import { watchTimeoutMs } from '../../core/duration.js';
import { withExamples, withNotes, type App } from '../command.js';
import { currentAddress, EntryFailedError, entryValue, parseAccessEntry, type AccessEntry } from './entry.js';
import { ACCESS_ENTRY_TABLE } from './view.js';

/** The service's limit on a comment (NetworkPermissionEntry.comment). */
const MAX_COMMENT = 80;

export interface AddFlags {
  currentIp?: boolean;
  awsSecurityGroup?: string;
  comment?: string;
  deleteAfter?: string;
  deleteAfterDate?: string;
  watch?: boolean;
  watchTimeout?: string;
}

export function registerAccessListAdd(parent: Command, app: App): void {
  const command = parent
    .command('add')
    .description('add an IP address, a CIDR block, your current address or an AWS security group to the access list')
    .argument('[entry]', 'IP address or CIDR block (e.g. 203.0.113.5, 10.0.0.0/16)')
    .addOption(new Option('--current-ip', 'the address the service sees this machine call from (its answer must be exactly one IP address, else exit 7)').conflicts(['awsSecurityGroup']))
    .option('--aws-security-group <id>', 'an AWS security group (sg-...); needs VPC peering, and cannot be temporary')
    .option('--comment <text>', `what the entry is for (at most ${MAX_COMMENT} characters)`)
    .option('--delete-after <duration>', DELETE_AFTER_HELP.deleteAfter)
    .option('--delete-after-date <date>', DELETE_AFTER_HELP.deleteAfterDate)
    .option('--watch', 'wait until the entry is ACTIVE')
    .option('--watch-timeout <duration>', 'with --watch: give up after this long, exit 8 (implies --watch)')
    .action(async (entry, options, cmd) => runAccessListAdd(app.context(cmd), entry, options));
  withExamples(command, [
    ['Let this machine connect for the next hour, and wait until it can', 'cdba access-list add --current-ip --delete-after 1h --watch'],
    ['The entry made, as JSON: {cidrBlock, comment, groupId, ipAddress, links}', 'cdba access-list add 203.0.113.5 --comment ci -o json'],
    ['A block, with a comment', 'cdba access-list add 10.0.0.0/16 --comment "office VPN"'],
    ['Every address of a file, one per line', "grep -v '^#' allowed.txt | xargs -n1 cdba access-list add --comment batch"],
  ]);
  withNotes(command, ADD_OUTPUT_NOTE);
}

/**
 * Why -o json is not the service's answer here, in --help and the man page: an exception
 * to "JSON output is the API's document as received" (README, Output).
 */
const ADD_OUTPUT_NOTE =
  "-o json is the entry made, not the service's answer (the first page of the whole " +
  'list, which `access-list list` shows); one past that page is read with a GET.';

/** Which entry the flags name: exactly one of an argument, --current-ip and --aws-security-group. */
function chosenEntry(text: string | undefined, flags: AddFlags): AccessEntry | 'current-ip' {
  const given = [text !== undefined, Boolean(flags.currentIp), flags.awsSecurityGroup !== undefined].filter(Boolean).length;
  if (given === 0) throw new UsageError('name the entry: an IP address or CIDR block, --current-ip, or --aws-security-group sg-...');
  if (given > 1) {
    throw new UsageError(flags.currentIp ? '--current-ip adds the address the service sees; give it or an address, not both' : 'give one entry: an address or CIDR block, or --aws-security-group, not both');
  }
  if (flags.currentIp) return 'current-ip';
  if (flags.awsSecurityGroup !== undefined) {
    const entry = parseAccessEntry(flags.awsSecurityGroup, '--aws-security-group');
    if (entry.kind !== 'securityGroup') throw new UsageError(`invalid --aws-security-group "${flags.awsSecurityGroup}": expected sg- and 8 or 17 hexadecimal digits`);
    return entry;
  }
  const entry = parseAccessEntry(text!);
  if (entry.kind === 'securityGroup') throw new UsageError('an AWS security group goes with --aws-security-group');
  return entry;
}

/**
 * The service counts a comment's characters as Java does, in UTF-16 units (the emulator
 * alike): a character beyond the Basic Multilingual Plane, an emoji, counts 2.
 */
function checkComment(comment: string | undefined): void {
  if (comment === undefined || comment.length <= MAX_COMMENT) return;
  const counted = comment.length === [...comment].length ? '' : ' (an emoji or other character outside the Basic Multilingual Plane counts as 2)';
  throw new UsageError(`--comment is ${comment.length} characters${counted}; the service takes at most ${MAX_COMMENT}`);
}

export async function runAccessListAdd(ctx: Context, text: string | undefined, flags: AddFlags): Promise<void> {
  const chosen = chosenEntry(text, flags);
  checkComment(flags.comment);
  if (flags.awsSecurityGroup !== undefined) {
    // Named as given, before the date is read: a date that would be refused is left out all the same.
    const temporary = [flags.deleteAfter !== undefined && '--delete-after', flags.deleteAfterDate !== undefined && '--delete-after-date'].filter(Boolean);
    if (temporary.length > 0) throw new UsageError(`an AWS security group cannot be a temporary entry: leave out ${temporary.join(' and ')}`);
  }
  const deleteAfterDate = resolveDeleteAfter(flags);
  const timeoutMs = watchTimeoutMs(flags.watchTimeout);
  const projectId = await ctx.projectId();
  const client = await ctx.api();
  const api = await import('../../api/resources/accessList.js');

  let entry: AccessEntry;
  if (chosen === 'current-ip') {
    entry = await currentAddress(client);
    ctx.io.note(`cdba: the service sees this machine as ${entryValue(entry)}`);
  } else entry = chosen;

  const value = entryValue(entry);
  const body = {
    ...(entry.kind === 'address' ? { ipAddress: entry.address } : entry.kind === 'cidr' ? { cidrBlock: entry.block } : { awsSecurityGroup: entry.id }),
    ...(flags.comment !== undefined ? { comment: flags.comment } : {}),
    ...(deleteAfterDate !== undefined ? { deleteAfterDate } : {}),
  };
  const answer = await api.addAccessListEntries(client, projectId, [body]).catch((error: unknown) => {
    // A security group needs an AVAILABLE AWS peer (the service's rule): say how to make one.
    if (error instanceof ApiError && error.errorCode === 'CANNOT_USE_AWS_SECURITY_GROUP_WITHOUT_VPC_PEERING_CONNECTION') {
      error.hint = `peer the project's AWS network with your VPC first: ${ctx.followUp('peering', 'create', '--provider', 'AWS')} ... --watch (see ${ctx.followUp('peering', 'list')})`;
    }
    throw error;
  });
  // The answer is the list's first page: show the entry that was added (documented: ADD_OUTPUT_NOTE, README).
  const results = Array.isArray(answer.body?.results) ? answer.body.results : [];
  const added = results.find((e) => e.awsSecurityGroup === value || e.ipAddress === value || e.cidrBlock === value || e.cidrBlock === `${value}/${entry.kind === 'address' && entry.family === 4 ? 32 : 128}`);
  // Past the answer's first page: ask for the entry itself.
  await ctx.output(added ?? (await api.getAccessListEntry(client, projectId, value)).body, ACCESS_ENTRY_TABLE);
  if (!flags.watch && timeoutMs === undefined) {
    ctx.io.note(`cdba: ${value} added; it applies once ACTIVE: \`${ctx.followUp('access-list', 'status', value)}\``);
    return;
  }
  const { watch } = await import('../../core/watch.js');
  await watch({
    io: ctx.io,
    subject: `access-list entry ${value}`,
    intervals: ctx.watchIntervals,
    timeoutMs,
    resumeHint: `see ${ctx.followUp('access-list', 'status', value)}`,
    poll: async () => {
      const status = (await api.getAccessListEntryStatus(client, projectId, value)).body?.STATUS ?? 'UNKNOWN';
      if (status === 'FAILED') throw new EntryFailedError(`the service could not apply access-list entry ${value} (FAILED)`, { hint: `remove it and try again: ${ctx.followUp('access-list', 'delete', value)}` });
      return { state: status, done: status === 'ACTIVE', value: status };
    },
  });
}
