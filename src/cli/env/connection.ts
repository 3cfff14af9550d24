// What `env up` hands over: the SRV connection string with the credentials in it
// (percent-encoded), the username, the password and the cluster's name, as
// MONGODB_* variables (-o env, CMD's environment under `run`, $GITHUB_ENV) or one
// JSON document. Pure: no I/O.
import { InvalidResponseError } from '../../api/errors.js';
import { UsageError } from '../../base/errors.js';
import { capText } from '../../base/sanitize.js';
import { shellWord } from '../../base/shellWord.js';

export interface EnvConnection {
  uri: string;
  username: string;
  password: string;
  cluster: string;
}

/** How `env up` prints the connection: -o env (the default), json (pretty too) or github. */
export const ENV_OUTPUTS = ['env', 'json', 'github'] as const;
export type EnvOutput = (typeof ENV_OUTPUTS)[number];

/** The -o value for env up; table has no meaning here. */
export function envOutput(flag: string | undefined): EnvOutput {
  if (flag === undefined || flag === 'env') return 'env';
  if (flag === 'json' || flag === 'pretty') return 'json';
  if (flag === 'github') return 'github';
  throw new UsageError(`env up prints the connection as -o env, json or github, not ${flag}`);
}

/**
 * An SRV connection string as the service issues one: a DNS name of at least two
 * labels, no credentials, and an optional /path?options without whitespace, control
 * characters, quotes or backslashes (nothing a line, a shell or a URI would read
 * otherwise).
 */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const SRV_STRING = /^mongodb\+srv:\/\/[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+(?:\/[^\s\x00-\x1f\x7f-\x9f"'`\\<>]*)?$/;

/** The cluster document's connectionStrings.standardSrv, or a damaged answer (exit 7) shown escaped and capped. */
export function standardSrvOf(cluster: Record<string, unknown>, name: string): string {
  const strings = cluster.connectionStrings;
  const srv = typeof strings === 'object' && strings !== null ? (strings as Record<string, unknown>).standardSrv : undefined;
  if (typeof srv === 'string' && srv.length <= 2048 && SRV_STRING.test(srv)) return srv;
  const shown = srv === undefined ? 'none' : typeof srv === 'string' ? `"${capText(srv, 100)}"` : `a ${srv === null ? 'null' : typeof srv}`;
  throw new InvalidResponseError(`cluster ${name} answered a connectionStrings.standardSrv that is not an SRV connection string (${shown})`);
}

/** mongodb+srv://<user>:<password>@<host>/...: the credentials percent-encoded, as the URI syntax asks. */
export function connectionUri(srv: string, username: string, password: string): string {
  const match = /^mongodb\+srv:\/\/([^/?#@]+)(.*)$/.exec(srv);
  if (!match) throw new Error(`not an SRV connection string: ${srv}`);
  return `mongodb+srv://${encodeURIComponent(username)}:${encodeURIComponent(password)}@${match[1]}${match[2]}`;
}

/** The variables, in the order they are printed. */
export function connectionVariables(connection: EnvConnection): Array<[string, string]> {
  return [
    ['MONGODB_URI', connection.uri],
    ['MONGODB_USERNAME', connection.username],
    ['MONGODB_PASSWORD', connection.password],
    ['MONGODB_CLUSTER', connection.cluster],
  ];
}

/**
 * -o env: `export NAME=value` lines, so that `eval "$(cdba env up … -o env)"` (or `. file`)
 * hands the variables to the commands the shell starts next, not only to the shell itself.
 * Each value is quoted as a shell reads it back (the URI's & and ? would otherwise be read
 * by the shell); bash, zsh, sh and fish (whose `export` takes NAME=value) all read them.
 */
export function envLines(connection: EnvConnection): string {
  return connectionVariables(connection).map(([key, value]) => `export ${key}=${shellWord(value)}\n`).join('');
}

/** -o json: one document. */
export function jsonDocument(connection: EnvConnection): string {
  return `${JSON.stringify(connectionVariables(connection).reduce<Record<string, string>>((doc, [key, value]) => ({ ...doc, [key]: value }), {}), null, 2)}\n`;
}

/** The lines appended to $GITHUB_ENV (the variables) and $GITHUB_OUTPUT (the step's outputs uri, username, cluster). */
export function githubFiles(connection: EnvConnection): { env: string; output: string } {
  const line = (key: string, value: string): string => {
    if (/[\r\n]/.test(value)) throw new Error(`${key} holds a line break`);
    return `${key}=${value}\n`;
  };
  return {
    env: connectionVariables(connection).map(([key, value]) => line(key, value)).join(''),
    output: [line('uri', connection.uri), line('username', connection.username), line('cluster', connection.cluster)].join(''),
  };
}

/** -o github is for GitHub Actions: refused (before any request) where $GITHUB_OUTPUT or $GITHUB_ENV is not set. */
export function checkGithubEnv(env: NodeJS.ProcessEnv): { output: string; env: string } {
  const output = env.GITHUB_OUTPUT;
  const envFile = env.GITHUB_ENV;
  if (!output || !envFile) {
    throw new UsageError(`-o github writes to $GITHUB_OUTPUT and $GITHUB_ENV, and ${!output ? '$GITHUB_OUTPUT' : '$GITHUB_ENV'} is not set (outside GitHub Actions?)`, {
      hint: 'use -o env or -o json elsewhere',
    });
  }
  return { output, env: envFile };
}
