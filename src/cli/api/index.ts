// `cdba api <operationId>`: any operation of the service's description by its name, with
// its parameters as flags (operation.ts); `cdba api list|describe` (catalog.ts). The
// operation's command is made when it is named: a hook adds it under `api` before
// commander parses it, loading the description then, so start-up does not read it.
// `cdba api <path>`: any call of the API, like `gh api`. The path is relative to the
// version base (/groups/{projectId}/clusters); the client adds the base URL, the
// version (v1.0 or v2 + Accept date) and authentication. Output is the response
// document as is (-o json|pretty, --query apply), a body that is not JSON as it is; on
// an HTTP error the body still goes to stdout, the error line to stderr, with the
// error's exit code (whatever --query makes of the body).
import { Option, type Command } from '@commander-js/extra-typings';
import type { ApiClient, Query, ResourceSpec } from '../../api/client.js';
import { operationFor, selectVersion } from '../../api/versions.js';
import type { Context } from '../../core/context.js';
import { ApiError, InterruptedError, UsageError } from '../../base/errors.js';
import { collect, completedArgument, flagsCompletedBy, lookup, pathValueFlag, registerLookup, withExamples, type App } from '../command.js';
import {
  HTTP_METHODS,
  checkPath,
  fieldsBody,
  fieldsQuery,
  fillPlaceholders,
  parseHeaders,
  placeholdersIn,
  planRequest,
  type HttpMethod,
} from './request.js';
import { printBody, printDocument } from './print.js';

export interface ApiFlags {
  method?: HttpMethod;
  input?: string;
  field?: Array<[string, string]>;
  header?: string[];
  paginate?: boolean;
  include?: boolean;
}

function upperMethod(value: string): HttpMethod {
  const method = value.toUpperCase();
  if (!(HTTP_METHODS as readonly string[]).includes(method)) {
    throw new UsageError(`invalid -X "${value}": expected one of ${HTTP_METHODS.join(', ')}`);
  }
  return method as HttpMethod;
}

/** A first argument of `api` that names an operation rather than a path: no '/', not a flag or a subcommand. */
export function namesOperation(word: string | undefined): word is string {
  return word !== undefined && word !== '' && !word.includes('/') && !word.startsWith('-') && !['list', 'describe', 'help'].includes(word);
}

export function registerApi(program: Command, app: App): void {
  const command = program
    .command('api')
    .description('call any operation of the API by its name (cdba api list), or any path, and print the response document')
    .addArgument(completedArgument('<name|path>', 'an operation\'s name (listClusters, or its operationId listGroupClusters; cdba api list), or a path such as /groups/{projectId}/clusters: {projectId} and {groupId} come from the configuration; a path must stay under the version base: no \'..\' (even encoded), backslash, space or control character', lookup('api-operations')))
    // Choices for help, completion and man pages; the parser also accepts lower case.
    .addOption(new Option('-X, --method <method>', 'HTTP method (default GET; POST when a body is given)').choices(HTTP_METHODS).argParser(upperMethod))
    .option('--input <file>', 'request body: a JSON file, or - for stdin (-f fields then go to the query)')
    .option('-f, --field <key=value>', 'body field (JSON value if it parses, else text; a.b nests; __proto__, constructor and prototype are refused), or query parameter on GET/HEAD/DELETE; repeatable', pathValueFlag('-f'))
    .option('-H, --header <header>', "extra request header 'Name: value' (not Authorization); repeatable", collect)
    .option('--paginate', 'follow the next links of a list and merge every page\'s results into one document')
    .option('-i, --include', 'print the status line and response headers before the body')
    .action(async (path, options, cmd) => runApi(app.context(cmd), path, options));
  withExamples(command, [
    ['One cluster, by the operation\'s name', 'cdba api getCluster --cluster-name c1'],
    ['Every cluster of the project, every page', 'cdba api listClusters --all -o json'],
    ['The operations about alerts; one operation\'s flags and body', 'cdba api list alert && cdba api describe createAlertConfig'],
    ['List clusters, every page, names only', "cdba api /groups/{projectId}/clusters --paginate -o json --query 'results[].name'"],
    ['Turn private IP mode off through the legacy API', 'cdba --api-version v1.0 api -X PATCH /groups/{projectId}/privateIpMode -f enabled=false'],
    ['Create a cluster from a file at a chosen version', 'cdba --api-version 2023-02-01 api /groups/{projectId}/clusters --input cluster.json'],
    ['Status line and headers of the root resource', 'cdba api / --include'],
  ]);

  const list = command
    .command('list')
    .description('list the operations of the description: name, short name, method, path and summary')
    .argument('[word]', 'only operations whose names, path or summary hold this word (any case)')
    .option('--tag <tag>', 'only operations with this tag (e.g. Clusters; any case)')
    .action(async (word, options, cmd) => {
      const { runApiList } = await import('./catalog.js');
      await runApiList(app.context(cmd), word, options);
    });
  withExamples(list, [
    ['Every operation', 'cdba api list'],
    ['The operations of one tag that mention snapshots', 'cdba api list --tag "Cloud Backups" snapshot'],
    ['The short names of the operations about alerts', "cdba api list alert -o json --query 'operations[].alias'"],
  ]);
  const describe = command
    .command('describe')
    .description('show one operation: its parameters (and their flags), versions with Sunset, and body fields')
    .addArgument(completedArgument('<operationId>', 'the operationId or its short name', lookup('api-operations')))
    .action(async (name, _options, cmd) => {
      const { runApiDescribe } = await import('./catalog.js');
      await runApiDescribe(app.context(cmd), name);
    });
  withExamples(describe, [
    ['What createCluster takes', 'cdba api describe createCluster'],
    ['Its versions, as JSON', "cdba api describe createCluster -o json --query 'versions'"],
  ]);
  // After an operation's name: its flags, and a flag's values (its enum), from the description.
  flagsCompletedBy(command, 'api-operation-flags');
  registerLookup(program, 'api-operation-flags', {
    local: true,
    needsOf: true,
    load: async () => (await import('./completion.js')).operationFlagWords,
  });
  registerLookup(program, 'api-operations', {
    local: true,
    load: async () => {
      const { loadDescription, operationNames } = await import('../../api/description.js');
      return async () => operationNames(await loadDescription());
    },
  });

  // `cdba api <operationId> ...`: the operation's command, made before commander parses the rest.
  program.hook('preSubcommand', async (parent, sub) => {
    if (sub !== (command as unknown as typeof sub)) return;
    const at = parent.args.indexOf('api');
    const word = at >= 0 ? parent.args[at + 1] : undefined;
    if (!namesOperation(word) || command.commands.some((c) => c.name() === word || c.aliases().includes(word))) return;
    const { findOperation, loadDescription } = await import('../../api/description.js');
    const description = await loadDescription();
    const op = findOperation(description, word);
    if (!op) {
      const { unknownOperation } = await import('./catalog.js');
      throw await unknownOperation(description, word);
    }
    const { addOperationCommand } = await import('./operation.js');
    addOperationCommand(command, app, description, op);
  });
}

/**
 * An operation cdba knows (method and path) is called at the version its table picks
 * for the pinned apiVersion (--api-version or the profile's), as the other commands
 * are; any other call at the pinned version itself. -H Accept overrides both.
 */
function resourceSpec(method: string, path: string): ResourceSpec {
  return operationFor(method, path) ?? {};
}

/** The version a request was sent at: v1.0, or the v2 date of its Accept header. */
function requestedVersion(resource: ResourceSpec, apiVersion: string): string {
  if (typeof resource !== 'string') return resource.version ?? apiVersion;
  const selection = selectVersion(resource, apiVersion);
  return selection.base === 'v2' ? selection.version : 'v1.0';
}

function hintFor(status: number, version: string): string | undefined {
  if (status === 401) return 'check the credentials of the profile (cdba profile show)';
  if (status === 403) return "the credentials lack a role that permits this, or this machine's IP is not on the API access list";
  if (status === 406 || status === 410) return `the path is not served at API version ${version}; choose another with --api-version`;
  if (status === 429) return 'rate limited and the retries ran out; the limit is per project and resets each minute, try again later';
  return undefined;
}

export async function runApi(ctx: Context, rawPath: string, flags: ApiFlags): Promise<void> {
  const fields = flags.field ?? [];
  const plan = planRequest({
    ...(flags.method ? { method: flags.method } : {}),
    hasInput: flags.input !== undefined,
    fields,
    paginate: Boolean(flags.paginate),
    include: Boolean(flags.include),
  });
  let path = checkPath(rawPath);
  const headers = parseHeaders(flags.header ?? []);
  const query: Query = plan.fieldsAs === 'query' ? fieldsQuery(fields) : {};
  let body: unknown;
  if (flags.input !== undefined) {
    const { parseJson, readInputText } = await import('../../core/input.js');
    body = parseJson(await readInputText(ctx.io, flags.input, '--input'), flags.input === '-' ? 'stdin' : flags.input);
  } else if (plan.fieldsAs === 'body' && fields.length > 0) {
    body = fieldsBody(fields);
  }
  if (placeholdersIn(path).length > 0) path = fillPlaceholders(path, await ctx.projectId());

  const client = await ctx.api();
  const resource = resourceSpec(plan.method, path);
  if (flags.paginate) {
    await paginate(ctx, client, path, resource, query);
    return;
  }
  const response = await client.request({
    method: plan.method,
    resource,
    path,
    query,
    ...(body !== undefined ? { body } : {}),
    headers,
    throwOnError: false,
    // A 2xx body is read as bytes, never parsed: JSON is printed as a document, anything else as it is (print.ts).
    binary: true,
  });
  if (flags.include) {
    const settings = await ctx.settings();
    const secrets = [settings.privateKey, settings.clientSecret].filter((s): s is string => Boolean(s));
    const { includeBlock } = await import('./include.js');
    ctx.io.write(includeBlock(response.status, response.headers, secrets, ctx.io.outIsTTY));
  }
  if (response.status >= 200 && response.status < 300) {
    await printBody(ctx, Buffer.from(response.rawBody, 'latin1'));
    return;
  }
  // An HTTP error is the run's error, made before the body is shown: the body still goes to
  // stdout (through --query where it can), and nothing --query makes of it replaces the API's
  // error line and exit code.
  const { apiErrorFromResponse } = await import('../../api/errors.js');
  const hint = hintFor(response.status, requestedVersion(resource, (await ctx.settings()).apiVersion));
  const error = apiErrorFromResponse(response.status, response.headers, response.rawBody, hint ? { hint } : {});
  await printErrorBody(ctx, response.rawBody);
  throw error;
}

/** An error's body on stdout, as far as it can be shown; the API error that follows is what the run reports. */
async function printErrorBody(ctx: Context, rawBody: string): Promise<void> {
  try {
    await printDocument(ctx, rawBody);
  } catch (error) {
    // --query could not be applied to the error document (length(results) of a 404's): the API error says what happened.
    if (error instanceof InterruptedError) throw error;
  }
}

/** Every page of a list, following next links, as one document with all results. */
async function paginate(ctx: Context, client: ApiClient, path: string, resource: ResourceSpec, query: Query): Promise<void> {
  const results: unknown[] = [];
  let first: Record<string, unknown> | undefined;
  try {
    for await (const page of client.pages<unknown>(path, resource, query)) {
      first ??= page;
      results.push(...page.results);
    }
  } catch (error) {
    // The error document still goes to stdout, as without --paginate.
    if (error instanceof ApiError && error.document) await printErrorBody(ctx, JSON.stringify(error.document));
    const { InvalidResponseError, PaginationError } = await import('../../api/errors.js');
    if (first === undefined && error instanceof InvalidResponseError && /expected a list/.test(error.message)) {
      throw new PaginationError(`--paginate: ${path} did not answer a list (no results array); run it without --paginate`);
    }
    throw error;
  }
  const links = Array.isArray(first?.links) ? first.links.filter((l: unknown) => (l as { rel?: unknown })?.rel === 'self') : undefined;
  const merged = { ...first, ...(links ? { links } : {}), results };
  await printDocument(ctx, JSON.stringify(merged));
}
