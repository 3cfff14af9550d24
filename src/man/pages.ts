// Every man page of the tool, rendered from the live command tree.
import { version } from '../../package.json';
import { App } from '../cli/command.js';
import { buildProgram } from '../cli/program.js';
import { describe } from '../cli/tree.js';
import { IO } from '../base/io.js';
import { CREDENTIAL_VARIABLES } from '../config/resolve.js';
import { renderGroupPage, renderMainPage, type ManPage } from './render.js';

const ENVIRONMENT: Array<[string, string]> = [
  ['CDBA_PROFILE', 'Profile to use, like -P.'],
  ['CDBA_PUBLIC_KEY, CDBA_PRIVATE_KEY', 'API key pair (HTTP digest authentication).'],
  ['CDBA_CLIENT_ID, CDBA_CLIENT_SECRET', 'Service account credentials (OAuth 2 client credentials).'],
  ['CDBA_PROJECT_ID', 'Project (group) ID, like --project-id.'],
  ['CDBA_BASE_URL', 'Service base URL, like --base-url.'],
  ['CDBA_API_VERSION', 'v1.0 or a date, like --api-version.'],
  ['CDBA_OUTPUT', 'table, json or pretty, like -o.'],
  ['CDBA_CONFIG_DIR', 'Directory of config.json and the token cache.'],
  ['CDBA_DEBUG', 'Trace HTTP on stderr with secrets redacted, like --debug.'],
  ['CDBA_ERROR_FORMAT', 'text or json, like --error-format: json writes a failure as one JSON document on stderr, {"error": {"exitCode", "message", "retryable", and where known "status", "errorCode", "detail", "hint"}}.'],
  ['NO_COLOR, FORCE_COLOR', 'Turn colour off, or force it on.'],
  ['(cdba run)', `CMD gets the environment without ${CREDENTIAL_VARIABLES.join(', ')}: the variables through which cdba finds its credentials. --keep-env NAME passes one on purpose.`],
  ['(cdba clusters connect)', 'mongosh gets the environment without the same variables, as CMD of cdba run does (there is no --keep-env).'],
  ['(empty values)', 'A variable set to the empty string counts as unset, except FORCE_COLOR, which is then on (as in Node.js). A flag with an empty value is refused (exit 2).'],
];

const FILES: Array<[string, string]> = [
  ['$CDBA_CONFIG_DIR/config.json', 'Profiles; mode 0600 in a directory of mode 0700. Default directory: $XDG_CONFIG_HOME/cdba or ~/.config/cdba.'],
  ['$CDBA_CONFIG_DIR/tokens/', 'Cached service account tokens of profiles, mode 0600 (credentials from the environment are kept in memory only).'],
];

const WIRE_NAMES: Array<[string, string]> = [
  ['<service> in paths and media types', 'atlas, as in /api/atlas/v1.0/ and application/vnd.atlas.2023-02-01+json'],
  ['databaseMajorVersion, databaseVersion', 'mongoDBMajorVersion, mongoDBVersion'],
  ['databaseURI, databaseURIWithOptions, databaseURIUpdated', 'mongoURI, mongoURIWithOptions, mongoURIUpdated'],
  ['<scheme>, <scheme>+srv', 'mongodb, mongodb+srv'],
  ['{domain}', 'mongodb.net'],
  ['{rel_prefix}', 'https://cloud.mongodb.com/'],
  ['{base_url}', 'https://cloud.mongodb.com'],
];

export function manPages(): ManPage[] {
  const program = buildProgram(new App(IO.test(), {}, version));
  const root = describe(program as never);
  return [
    renderMainPage(root, version, { environment: ENVIRONMENT, files: FILES, wireNames: WIRE_NAMES }),
    ...root.subcommands.map((group) => renderGroupPage(group, version)),
  ];
}
