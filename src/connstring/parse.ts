// parse(): which row of the seed's table a connection string is, and its parts.
// URI syntax is the official parser's (mongodb-connection-string-url); the hosts are
// then checked and read against the table (see classify.ts for the ambiguity rules).
import { ConnectionString } from 'mongodb-connection-string-url';
import { classifyListHost, classifySrvHost, knownDomain, type HostMatch } from './classify.js';
import { ConnStringParseError } from './errors.js';
import { format } from './format.js';
import { splitHost, type HostPort } from './hosts.js';
import { notesFor } from './notes.js';
import { scrubSecrets, secretForms } from '../base/secretForms.js';
import { MASK, maskForError, maskOption, maskUri, secretsIn } from './secrets.js';
import {
  REPLICA_SET_PORT,
  SCHEME,
  SHAPES,
  SRV_SCHEME,
  type HostMember,
  type ParsedConnectionString,
  type ShapeId,
} from './shapes.js';

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function readUri(text: string, shown: string): ConnectionString {
  let cs: ConnectionString;
  try {
    cs = new ConnectionString(text);
  } catch (error) {
    // The parser's message may quote the whole text; parse() scrubs its secrets. Not kept
    // as the cause, which is the parser's own error with the text as given.
    const message = (error instanceof Error ? error.message : String(error)).split(text).join(shown);
    throw new ConnStringParseError(`invalid connection string: ${message}`, shown);
  }
  // The parser ends the user information at the first "@" and reads what follows as hosts,
  // path and options; the Connection String specification refuses an unescaped "@" in a user
  // name or password. Past the user information an "@" may only be in an option's value.
  const afterInfo = /^[a-z+]+:\/\/[^@/?#]*@(.*)$/is.exec(text)?.[1];
  if (afterInfo !== undefined) {
    const hash = afterInfo.indexOf('#');
    const main = hash === -1 ? afterInfo : afterInfo.slice(0, hash);
    const q = main.indexOf('?');
    const names = q === -1 ? [] : main.slice(q + 1).split(/[&;]/).map((pair) => pair.split('=')[0] ?? '');
    const outside = [q === -1 ? main : main.slice(0, q), ...names, hash === -1 ? '' : afterInfo.slice(hash)];
    if (outside.some((part) => part.includes('@'))) {
      throw new ConnStringParseError('an "@" past the user information: write an "@" in a user name or password as %40', shown);
    }
  }
  return cs;
}

/** Every value given for an option, its name in any case (option names are case-insensitive). */
function valuesOf(cs: ConnectionString, name: string): string[] {
  return [...cs.searchParams].filter(([k]) => k.toLowerCase() === name.toLowerCase()).map(([, v]) => v.toLowerCase());
}

/**
 * The combinations of options that MongoDB's URI Options, Initial DNS Seedlist Discovery and
 * Load Balancer specifications tell a driver to refuse (the URI parser checks none of them).
 */
function checkOptions(cs: ConnectionString, shown: string): void {
  const refuse = (what: string) => {
    throw new ConnStringParseError(`conflicting options: ${what}`, shown);
  };
  const direct = valuesOf(cs, 'directConnection').includes('true');
  const balanced = valuesOf(cs, 'loadBalanced').includes('true');
  const several = cs.hosts.length > 1;
  if (direct && cs.isSRV) refuse('directConnection=true with mongodb+srv (a direct connection is to one host)');
  if (direct && several) refuse('directConnection=true with several hosts (a direct connection is to one host)');
  const tls = new Set([...valuesOf(cs, 'tls'), ...valuesOf(cs, 'ssl')]);
  if (tls.size > 1) refuse('tls and ssl have different values (ssl is another name for tls)');
  if (balanced && valuesOf(cs, 'replicaSet').length > 0) refuse('loadBalanced=true with replicaSet');
  if (balanced && direct) refuse('loadBalanced=true with directConnection=true');
  if (balanced && several) refuse('loadBalanced=true with several hosts (a load balancer is one host)');
}

/** Every host must fit the same row with the same parts; private-link hosts share one hostname. */
function combine(matches: (HostMatch | undefined)[]): HostMatch | undefined {
  const [first, ...rest] = matches;
  if (!first) return undefined;
  const key = (m: HostMatch) =>
    JSON.stringify([m.candidates, m.domain, m.hash, m.cluster, m.provider, m.region, m.az, m.endpointIndex, m.member ? '' : m.hostname]);
  const k = key(first);
  return rest.every((m) => m !== undefined && key(m) === k) ? first : undefined;
}

function agreed<K extends 'provider' | 'regionalized'>(candidates: ShapeId[], field: K) {
  const values = new Set(candidates.map((c) => SHAPES[c][field]));
  return values.size === 1 ? [...values][0] : undefined;
}

/**
 * Reads a connection string. Throws ConnStringParseError (and nothing else) when the text
 * is not a valid mongodb:// or mongodb+srv:// URI with real hostnames and ports.
 * A valid URI that fits no row of the seed's table answers type "unknown" with its parts.
 */
export function parse(uri: string): ParsedConnectionString {
  if (typeof uri !== 'string') throw new ConnStringParseError('a connection string must be text', maskForError(String(uri)));
  const text = uri.trim();
  // What an error shows of the input: the user information masked up to the last "@".
  const shown = maskForError(text);
  try {
    return read(text, shown);
  } catch (error) {
    if (!(error instanceof ConnStringParseError)) throw error;
    // Every form of each (raw, JSON, percent-encoded, escaped), as the IO object's scrubber does.
    const secrets = secretsIn(text).map(secretForms);
    throw new ConnStringParseError(scrubSecrets(error.message, secrets, MASK), scrubSecrets(error.input, secrets, MASK));
  }
}

function read(text: string, shown: string): ParsedConnectionString {
  if (text === '') throw new ConnStringParseError('the connection string is empty', shown);
  const cs = readUri(text, shown);

  const srv = cs.isSRV;
  const split: HostPort[] = cs.hosts.map((h) => splitHost(h, shown));
  checkOptions(cs, shown);
  const options: Record<string, string> = {};
  for (const [k, v] of cs.searchParams) options[k] = maskOption(k, v);
  const database = cs.pathname.length > 1 ? decode(cs.pathname.slice(1)) : undefined;
  const username = cs.username ? decode(cs.username) : undefined;

  const result: ParsedConnectionString = {
    uri: maskUri(text),
    type: 'unknown',
    candidates: [],
    srv,
    scheme: srv ? SRV_SCHEME : SCHEME,
    hosts: split.map((h) => (h.port === undefined ? h.host : `${h.host}:${h.port}`)),
    options,
    notes: [],
  };
  if (split[0]?.port !== undefined || !srv) result.port = split[0]?.port ?? REPLICA_SET_PORT;
  if (username !== undefined) result.username = username;
  if (database !== undefined) result.database = database;

  const match = srv ? classifySrvHost(split[0]?.host ?? '') : combine(split.map((h) => classifyListHost(h.host)));
  if (match) {
    const { candidates } = match;
    result.candidates = candidates;
    result.type = candidates.length === 1 ? (candidates[0] as ShapeId) : 'privateLink';
    result.domain = match.domain;
    result.hash = match.hash;
    if (match.cluster !== undefined) result.cluster = match.cluster;
    if (match.region !== undefined) result.region = match.region;
    if (match.az !== undefined) result.az = match.az;
    if (match.endpointIndex !== undefined) result.endpointIndex = match.endpointIndex;
    const provider = match.provider ?? agreed(candidates, 'provider');
    if (provider !== undefined) result.provider = provider;
    const regionalized =
      result.type === 'privateLinkOptimized' ? match.region !== undefined : agreed(candidates, 'regionalized');
    if (regionalized !== undefined) result.regionalized = regionalized;
    if (result.type !== 'privateLink') {
      const info = SHAPES[result.type as ShapeId];
      result.title = info.title;
      result.resolvesTo = info.resolvesTo;
    }
    result.kind = SHAPES[candidates[0] as ShapeId].kind;
    if (!srv) {
      const ports = split.map((h) => h.port ?? REPLICA_SET_PORT);
      if (match.member) {
        result.members = split.map((h, i) => {
          const m = classifyListHost(h.host)?.member as Omit<HostMember, 'port'>;
          return { ...m, port: ports[i] as number };
        });
      } else {
        result.ports = ports;
      }
    }
    if (result.type === 'legacy') result.newForm = currentForm(result);
  } else {
    const domain = split.map((h) => knownDomain(h.host)).find((d) => d !== undefined);
    if (domain) result.domain = domain;
  }
  result.notes = notesFor(result, cs.password !== '');
  return result;
}

/** The standard (current) string for the same cluster, hosts and options as a legacy one. */
function currentForm(p: ParsedConnectionString): string | undefined {
  try {
    return format(
      { type: 'standard', srv: p.srv },
      {
        cluster: p.cluster,
        hash: p.hash as string,
        domain: p.domain,
        members: p.members,
        ...(Object.keys(p.options).length > 0 ? { options: p.options } : {}),
      },
    );
  } catch {
    return undefined;
  }
}
