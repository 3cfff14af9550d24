// Where a database user's password comes from. Never argv (other users of the
// machine read it in the process list, shells keep it in history): a hidden
// prompt on a terminal, --password-stdin, or --generate-password. Whatever the
// source, the value is registered with the IO object at once, so no trace,
// warning or error can show it.
import { MAX_BYTES } from '../../base/boundedRead.js';
import { randomBytes } from 'node:crypto';
import { UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';

/** The service's minimum (CloudDatabaseUser.password minLength). */
export const MIN_PASSWORD_LENGTH = 8;
const GENERATED_LENGTH = 24;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

export interface PasswordFlags {
  /** Declared only to refuse it with a hint: a password on argv. */
  password?: string;
  passwordStdin?: boolean;
  generatePassword?: boolean;
}

/** Letters and digits (no look-alikes), uniformly: bytes past the last whole alphabet are drawn again. */
export function generatePassword(length = GENERATED_LENGTH): string {
  const limit = 256 - (256 % ALPHABET.length);
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit && out.length < length) out += ALPHABET[byte % ALPHABET.length];
    }
  }
  return out;
}

/**
 * Refuses, before anything is read or sent, what can be told from the flags alone.
 * `queryGiven`: the global --query is set. A generated password is shown this once
 * and kept nowhere, so a query that could leave it out (or pick it out of a document
 * it was not in) is refused rather than losing the password.
 */
export function checkPasswordFlags(flags: PasswordFlags, passwordless: string | undefined, queryGiven = false): void {
  if (flags.password !== undefined) {
    throw new UsageError('refusing a password on the command line: other users can see it in the process list, and shells keep it in history', {
      hint: 'pipe it in with --password-stdin, use --generate-password, or leave both out to be asked on a terminal',
    });
  }
  if (flags.passwordStdin && flags.generatePassword) throw new UsageError('--password-stdin and --generate-password cannot be used together: give one');
  if (flags.generatePassword && queryGiven) {
    throw new UsageError('--generate-password prints the password once and keeps it nowhere, so --query cannot pick from that answer: leave out --query (-o json gives the document with "password")');
  }
  if (passwordless && (flags.passwordStdin || flags.generatePassword)) {
    throw new UsageError(`${passwordless} users sign in without a password: leave out ${flags.passwordStdin ? '--password-stdin' : '--generate-password'}`);
  }
}

export interface ObtainedPassword {
  value: string;
  generated: boolean;
}

/**
 * The password from the flags, or asked for on a terminal when `required`.
 * Undefined when none is given and none is required (update without a new one).
 */
export async function obtainPassword(ctx: Context, flags: PasswordFlags, required: boolean): Promise<ObtainedPassword | undefined> {
  let value: string;
  let generated = false;
  if (flags.generatePassword) {
    value = generatePassword();
    generated = true;
  } else if (flags.passwordStdin) {
    if (ctx.io.inIsTTY) throw new UsageError('--password-stdin: stdin is a terminal; pipe the password in, or leave the flag out to be asked');
    // One trailing newline is the end of the line `echo` or a file gives, not part of the password.
    value = (await ctx.io.readStdin({ label: '--password-stdin', maxBytes: MAX_BYTES.secret, expected: 'one line' })).replace(/\r?\n$/, '');
    if (value === '') throw new UsageError('--password-stdin: stdin is empty; expected the password');
  } else if (required) {
    if (!ctx.io.inIsTTY || !ctx.io.errIsTTY) {
      throw new UsageError('a password is needed and there is no terminal to ask on', { hint: 'pipe it in with --password-stdin, or use --generate-password' });
    }
    value = await ctx.io.prompt('Password: ', { secret: true });
    if (value === '') throw new UsageError('no password given; nothing was changed');
  } else {
    return undefined;
  }
  ctx.io.addSecret(value);
  checkPassword(value);
  return { value, generated };
}

/** What the service would refuse in a password, refused before any request (the value is already a registered secret). */
function checkPassword(value: string, where = 'the password'): void {
  if ([...value].length < MIN_PASSWORD_LENGTH) throw new UsageError(`${where} is too short: the service needs at least ${MIN_PASSWORD_LENGTH} characters`);
  if (value.includes('\n')) throw new UsageError(`${where} holds a line break: give one line`);
}

/**
 * A "password" in a --file body: the file is where the password comes from, so the
 * flags that give one are refused beside it, and the value gets the checks a
 * password from the flags gets, before any request. Undefined when the file has none.
 */
export function checkFilePassword(ctx: Context, value: unknown, flags: PasswordFlags): ObtainedPassword | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') ctx.io.addSecret(value);
  const given = flags.passwordStdin ? '--password-stdin' : flags.generatePassword ? '--generate-password' : undefined;
  if (given) throw new UsageError(`the --file body gives a password, and ${given} gives another: leave out one`);
  if (typeof value !== 'string') {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;
    throw new UsageError(`--file: "password" is ${kind}; expected a string`);
  }
  checkPassword(value, 'the --file password');
  return { value, generated: false };
}
