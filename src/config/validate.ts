// Validation of setting values, shared by `profile set`, flags and environment variables.
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { UsageError } from '../base/errors.js';
import { OUTPUT_FORMATS, type OutputFormat, type ProfileKey } from './settings.js';

const PROJECT_ID = /^[0-9a-f]{24}$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A literal loopback address, or `localhost` itself, which the client connects
 * to without asking DNS (src/api/transport.ts, loopbackLookup). Not
 * `*.localhost`: a resolver may answer such a name with any address, and plain
 * http would then carry the credentials to it in clear.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1';
  return false;
}

/**
 * Where a value came from, as the messages below put it after the value: ` from --project-id`,
 * ` from CDBA_PROJECT_ID`, ` from profile "p" projectId` (src/config/resolve.ts, settingOrigin).
 * Nothing where the value was typed just now (profile set, a prompt).
 */
function fromText(from: string | undefined): string {
  return from ? ` from ${from}` : '';
}

/** A port the URL parser refused, named in the message instead of a bare "not a URL". */
function portOutOfRange(value: string): string | undefined {
  const port = /^[a-z][a-z0-9+.-]*:\/\/(?:\[[^\]]*\]|[^/:?#]*):(\d+)(?:[/?#]|$)/i.exec(value.trim())?.[1];
  return port !== undefined && Number(port) > 65535 ? port : undefined;
}

/**
 * What both base-URL checks (here and src/api/transport.ts) refuse about the
 * host and port: port 0 (a listener's "any port", nothing to connect to) and
 * the unspecified addresses 0.0.0.0 and ::. Ports above 65535 and hosts with
 * forbidden characters already fail to parse.
 */
export function checkHostAndPort(url: URL, value: string, from?: string): void {
  if (url.port === '0') {
    throw new UsageError(`invalid base URL "${value}"${fromText(from)}: port 0 is not a port to connect to (use 1-65535)`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === '' || (isIP(host) === 4 && /^0+\.0+\.0+\.0+$/.test(host)) || (isIP(host) === 6 && /^[0:]+$/.test(host))) {
    throw new UsageError(`invalid base URL "${value}"${fromText(from)}: ${host || 'an empty host'} is not an address to connect to`, {
      hint: 'for the local emulator use 127.0.0.1',
    });
  }
}

/** An "@" in the authority (what precedes the first / ? # after any scheme://; a backslash is a slash to URL parsers). */
function hasUserinfo(value: string): boolean {
  const afterScheme = value.trim().replace(/^[a-z][a-z0-9+.-]*:\/*/i, '');
  return /^[^/?#\\]*@/.test(afterScheme);
}

/** https anywhere; http only to a loopback host, which is how the emulator runs. `from`: where the value came from. */
export function validateBaseUrl(value: string, from?: string): string {
  // Userinfo is refused before anything echoes the value: even a URL that does not
  // parse (https://admin:s3cret@example.com:99999) must not put its password in a line.
  if (hasUserinfo(value)) {
    throw new UsageError(`invalid base URL${fromText(from)}: it must not contain credentials (user:password@), and it is not shown here`, {
      hint: 'give only scheme, host and port (like https://cloud.mongodb.com); cdba authenticates with the profile\'s keys',
    });
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    const port = portOutOfRange(value);
    throw new UsageError(`invalid base URL "${value}"${fromText(from)}: ${port ? `port ${port} is out of range (1-65535)` : 'not a URL'}`);
  }
  // url.origin below would drop them silently, and a password has no place on argv or in a profile.
  if (url.username || url.password) {
    throw new UsageError(`invalid base URL${fromText(from)}: it must not contain credentials (user:password@); cdba authenticates with the profile's keys`);
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new UsageError(`refusing http:// base URL${fromText(from)} for non-loopback host ${url.hostname}: use https`, {
      hint: 'plain http is allowed only for 127.0.0.1 (any 127.x address), ::1 and localhost itself (the emulator)',
    });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`invalid base URL "${value}"${fromText(from)}: the scheme must be https`);
  }
  if (url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) {
    throw new UsageError(`invalid base URL "${value}"${fromText(from)}: give only scheme, host and port (like https://cloud.mongodb.com)`);
  }
  checkHostAndPort(url, value, from);
  return url.origin;
}

export function validateProjectId(value: string, from?: string): string {
  if (!PROJECT_ID.test(value)) throw new UsageError(`invalid project ID "${value}"${fromText(from)}: expected 24 hexadecimal characters`);
  return value.toLowerCase();
}

/** True for a real calendar date written YYYY-MM-DD (2023-02-30 is not). */
export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `v1.0`, or a real calendar date YYYY-MM-DD. */
export function validateApiVersion(value: string, from?: string): string {
  if (value === 'v1.0' || isCalendarDate(value)) return value;
  throw new UsageError(`invalid API version "${value}"${fromText(from)}: expected v1.0 or a date like 2023-02-01`);
}

export function validateOutput(value: string, from?: string): OutputFormat {
  if ((OUTPUT_FORMATS as readonly string[]).includes(value)) return value as OutputFormat;
  throw new UsageError(`invalid output format "${value}"${fromText(from)}: expected one of ${OUTPUT_FORMATS.join(', ')}`);
}

export function validateService(value: string, from?: string): string {
  if (!/^[a-z][a-z0-9-]*$/.test(value)) throw new UsageError(`invalid service path word "${value}"${fromText(from)}`);
  return value;
}

export function validateNonEmpty(key: string) {
  return (value: string, from?: string): string => {
    if (value.trim() === '') throw new UsageError(`${key}${fromText(from)} must not be empty`);
    if (/[\r\n]/.test(value)) throw new UsageError(`${key}${fromText(from)} must be a single line`);
    return value;
  };
}

/** Each key's check; `from` names where the value came from, for the message (omitted where it was just typed). */
export const VALIDATORS: Record<ProfileKey, (value: string, from?: string) => string> = {
  baseUrl: validateBaseUrl,
  projectId: validateProjectId,
  apiVersion: validateApiVersion,
  output: validateOutput,
  service: validateService,
  publicKey: validateNonEmpty('publicKey'),
  privateKey: validateNonEmpty('privateKey'),
  clientId: validateNonEmpty('clientId'),
  clientSecret: validateNonEmpty('clientSecret'),
  caFile: validateCaFile,
};

/**
 * A CA file's path, made absolute against the working directory where it is given: a
 * profile saved with `ca.pem` found the file only from the directory it was typed in
 * (CDBA_* and flag forms are read where they are used, in that directory, alike).
 */
function validateCaFile(value: string, from?: string): string {
  return resolve(validateNonEmpty('caFile')(value, from));
}

/**
 * The one profile-name rule, checked wherever a name enters (profile add, set,
 * rename, use, -P, CDBA_PROFILE, emulator --write-profile): a letter or digit,
 * then letters, digits, '.', '_' and '-', at most 64 in all. Names are words in
 * shell completion and keys of the config's `profiles` object, so no blank,
 * control character, quote, `$`, `/` or `..` start, and no name an object
 * already answers to (`__proto__`, `constructor`, `toString`, ...).
 */
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export function isProfileName(name: string): boolean {
  return PROFILE_NAME.test(name) && !(name in Object.prototype) && name !== 'prototype';
}

/** `name` when it follows the rule; else exit 2, saying the rule (`what`: where the name came from). */
export function validateProfileName(name: string, what = 'profile name'): string {
  if (isProfileName(name)) return name;
  const shown = [...name].length > 40 ? `${[...name].slice(0, 40).join('')}…` : name;
  const why = PROFILE_NAME.test(name) ? `"${name}" is reserved` : "use letters, digits, '.', '_' and '-', starting with a letter or digit, at most 64";
  throw new UsageError(`invalid ${what} "${shown}": ${why}`);
}
