// `cdba api <operationId>`: one operation of the service's description by its name (the
// operationId or its shorter override), its path and query parameters as flags, its body
// from --file or -f fields checked against its schema, sent at its own version. The
// command is made when it is named (index.ts adds it to the tree before commander parses
// it), so `--help`, unknown flags and enum choices are commander's as for any command.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Option, type Command } from '@commander-js/extra-typings';
import type { ApiClient, Query } from '../../api/client.js';
import type { Description, DescribedOperation, DescribedParam } from '../../api/description.js';
import { ApiError, UsageError } from '../../base/errors.js';
import { isObject } from '../../base/object.js';
import type { Context } from '../../core/context.js';
import type { FieldSpec } from '../../model/clusterFields.js';
import { pathValueFlag, withExamples, type App } from '../command.js';
import { FROM_CONFIG, bodyOfFields, flagOf, paramValue } from './fields.js';

export interface OperationFlags {
  file?: string;
  field?: Array<[string, string]>;
  all?: boolean;
  out?: string;
  /** Each parameter's flag, camel-cased by commander. */
  [flag: string]: unknown;
}

const collectValues = (value: string, previous: string[] = []): string[] => [...previous, value];
const camel = (flag: string): string => flag.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The parameters a user gives: every path and query parameter but those from the configuration. */
export function flagParams(op: DescribedOperation): DescribedParam[] {
  const seen = new Set<string>();
  return op.params.filter((p) => {
    if (p.in === 'path' && FROM_CONFIG.has(p.name)) return false;
    const flag = flagOf(p);
    if (seen.has(flag)) return false;
    seen.add(flag);
    return true;
  });
}

export const isPaged = (op: DescribedOperation): boolean => op.method === 'GET' && op.params.some((p) => p.name === 'pageNum') && op.params.some((p) => p.name === 'itemsPerPage');

/**
 * The options of an operation's command: a flag per parameter (its enum as choices, its
 * value checked), the body's --file and -f where it takes one, --all for a paged list,
 * --out for a binary answer. Its command has them, and its completion answers them.
 */
export function operationOptions(op: DescribedOperation): Option[] {
  const options: Option[] = [];
  for (const param of flagParams(op)) {
    const flag = flagOf(param);
    const what = `${param.in} parameter ${param.name}${param.type === 'string' ? '' : ` (${param.type})`}${param.array ? ', repeatable' : ''}${param.required ? ', required' : ''}`;
    const option = new Option(`--${flag} <${param.array ? 'value' : param.type === 'boolean' ? 'true|false' : 'value'}>`, what);
    if (param.enum) option.choices(param.enum.map(String));
    // After choices (kept for help and completion): typed, repeatable where the parameter is an array.
    option.argParser((value: string, previous: unknown) => {
      const checked = paramValue(param, value);
      return param.array ? collectValues(checked, previous as string[] | undefined) : checked;
    });
    options.push(option);
  }
  if (op.bodyRequired !== undefined) {
    options.push(new Option('--file <file>', 'request body: a JSON file, or - for stdin; checked against the operation\'s schema'));
    options.push(new Option('-f, --field <path=value>', 'body field, typed by the schema (a.b nests, a number indexes an array); repeatable').argParser(pathValueFlag('-f')));
  }
  if (isPaged(op)) options.push(new Option('--all', 'every page: the results of all pages in one document, written as the pages arrive'));
  if (op.binary) options.push(new Option('--out <file>', `write the answer (${op.binary}) to this file; it never goes to a terminal`));
  return options;
}

/** Adds the command of one operation under `api`, named by its operationId, its override as alias. */
export function addOperationCommand(api: Command<[string | undefined]>, app: App, description: Description, op: DescribedOperation): Command {
  const existing = api.commands.find((c) => c.name() === op.id);
  if (existing) return existing as unknown as Command;
  const command = api.command(op.id).description(`${op.summary} (${op.method} ${op.path})${op.deprecated ? '; deprecated' : ''}`);
  if (op.alias) command.alias(op.alias);
  for (const option of operationOptions(op)) command.addOption(option);
  command.action(async (flags: OperationFlags, cmd: Command) => runOperation(app.context(cmd), op, withParentFlags(op, flags, cmd.parent?.opts() ?? {})));
  const required = flagParams(op).filter((p) => p.required).map((p) => `--${flagOf(p)} <${p.name}>`).join(' ');
  withExamples(command, [
    [op.summary, `cdba api ${op.alias ?? op.id}${required ? ` ${required}` : ''}${op.bodyRequired ? ' --file body.json' : ''}${op.binary ? ` --out answer.${op.binary}` : ''}`],
    ['Its parameters, versions and body fields', `cdba api describe ${op.alias ?? op.id}`],
  ]);
  void description;
  return command;
}

/**
 * commander gives `api`'s own options to `api` even after the operation's name: its -f
 * fields are the operation's; its raw-form flags (-X, --input, -H, --paginate, --include)
 * are refused, each naming what the operation takes instead.
 */
export function withParentFlags(op: DescribedOperation, flags: OperationFlags, parent: Record<string, unknown>): OperationFlags {
  const instead: Record<string, string> = {
    method: `-X: ${op.id} is ${op.method} by itself`,
    input: '--input: give the body with --file',
    header: '-H: cdba sets the headers of an operation from the description',
    paginate: '--paginate: every page is --all',
    include: '--include: the status line and headers are the raw form\'s (cdba api <path>)',
  };
  for (const [key, why] of Object.entries(instead)) if (parent[key] !== undefined) throw new UsageError(`cdba api ${op.alias ?? op.id} takes no ${why}`);
  const field = parent.field as Array<[string, string]> | undefined;
  if (!field) return flags;
  if (op.bodyRequired === undefined) throw new UsageError(`-f: ${op.id} takes no body`);
  return { ...flags, field: [...field, ...(flags.field ?? [])] };
}

/** The version the operation is sent at, for the pin: its newest not after it. */
export async function chooseVersion(op: DescribedOperation, pin: string): Promise<string> {
  const { describedVersionAt } = await import('../../api/description.js');
  if (pin === 'v1.0') return 'v1.0';
  const chosen = describedVersionAt(op, pin);
  if (!chosen) {
    const earliest = op.versions[0]?.date ?? pin;
    throw new UsageError(`API version ${pin} is older than the first version of ${op.id} (${earliest})`, {
      remedy: { setting: 'apiVersion', version: earliest, orLater: true },
    });
  }
  return chosen.date;
}

/** The body's spec at a version, from the description (none under v1.0, which it does not describe). */
async function bodySpec(description: Description, op: DescribedOperation, version: string): Promise<FieldSpec | undefined> {
  const schema = op.versions.find((v) => v.date === version)?.body;
  if (!schema) return undefined;
  const { fieldSpecOf } = await import('../../api/description.js');
  // The body itself is what is sent, even where its schema is marked read-only as a whole (StreamsConnection).
  const { readOnly: _whole, ...spec } = fieldSpecOf(description, schema);
  return spec;
}

/** Whether a dotted path (array levels unnamed) is a field the spec declares, so a problem there is its value. */
export function knownIn(spec: FieldSpec, path: string): boolean {
  if (path === '(the body)') return true;
  let here: FieldSpec | undefined = spec;
  for (const segment of path.split('.')) {
    while (here && (here.kind === 'array' || here.kind === 'map')) here = here.items ?? here.values;
    if (!here || here.kind === 'any') return true;
    here = (here.fields && Object.hasOwn(here.fields, segment) ? here.fields[segment] : undefined) ?? here.extra;
    if (!here) return false;
  }
  return true;
}

/** A body's problems in one line naming each JSON path, as `clusters create --file` words them. */
export async function refuseBody(body: unknown, spec: FieldSpec, op: DescribedOperation, version: string, source: string): Promise<void> {
  const { allProblems } = await import('../../model/clusterFields.js');
  const problems = allProblems(body, spec);
  if (problems.length === 0) return;
  const list = (fields: string[]): string => fields.join(', ');
  const of = (code: string): string[] => problems.filter((p) => p.code === code).map((p) => p.field);
  const invalid = of('INVALID_ATTRIBUTE');
  const unknown = invalid.filter((field) => !knownIn(spec, field));
  const badValues = invalid.filter((field) => knownIn(spec, field));
  const parts: string[] = [];
  if (of('MISSING_ATTRIBUTE').length > 0) parts.push(`missing required fields: ${list(of('MISSING_ATTRIBUTE'))}`);
  if (unknown.length > 0) parts.push(`fields ${op.id} at API version ${version} does not accept: ${list(unknown)}`);
  if (of('ATTRIBUTE_READ_ONLY').length > 0) parts.push(`read-only fields: ${list(of('ATTRIBUTE_READ_ONLY'))}`);
  if (badValues.length > 0) parts.push(`invalid values for: ${list(badValues)}`);
  throw new UsageError(`${source}: ${parts.join('; ')}`, { hint: `see the body's fields: cdba api describe ${op.alias ?? op.id}` });
}

export async function runOperation(ctx: Context, op: DescribedOperation, flags: OperationFlags): Promise<void> {
  const { loadDescription } = await import('../../api/description.js');
  const description = await loadDescription();
  // Every refusal the description makes decidable, before any request.
  const pathValues: Record<string, string> = {};
  const query: Query = {};
  for (const param of flagParams(op)) {
    const value = flags[camel(flagOf(param))] as string | string[] | undefined;
    if (value === undefined) {
      if (param.required) throw new UsageError(`${op.id} needs --${flagOf(param)} (its ${param.in} parameter ${param.name})`, { hint: `cdba api ${op.alias ?? op.id} --help` });
      continue;
    }
    if (param.in === 'path') pathValues[param.name] = value as string;
    else query[param.name] = value;
  }
  const fields = flags.field ?? [];
  if (flags.file !== undefined && fields.length > 0) throw new UsageError('--file and -f both give the body; use one');
  if (op.binary && !flags.out && ctx.io.outIsTTY) {
    throw new UsageError(`${op.id} answers ${op.binary} bytes, which are not shown on a terminal: give --out FILE, or redirect stdout to a file`);
  }
  const { apiVersion } = await ctx.settings();
  const version = await chooseVersion(op, apiVersion);
  const spec = await bodySpec(description, op, version);
  let body: unknown;
  let source = 'the request';
  if (flags.file !== undefined) {
    const { parseJson, readInputText } = await import('../../core/input.js');
    source = flags.file === '-' ? 'stdin' : flags.file;
    body = parseJson(await readInputText(ctx.io, flags.file, '--file'), source);
  } else if (fields.length > 0) {
    body = bodyOfFields(fields, spec);
    source = '-f fields';
  }
  if (body === undefined && op.bodyRequired) throw new UsageError(`${op.id} needs a body: --file FILE|- or -f path=value`, { hint: `its fields: cdba api describe ${op.alias ?? op.id}` });
  // groupId (and any other configured one) from the profile or --project-id; a body that
  // carries the project too (a database user's groupId) gets it when it has none.
  const params = op.params.filter((p) => p.in === 'path');
  if (params.some((p) => FROM_CONFIG.has(p.name))) {
    pathValues.groupId = await ctx.projectId();
    if (isObject(body) && spec?.fields && Object.hasOwn(spec.fields, 'groupId') && !spec.fields.groupId?.readOnly && body.groupId === undefined) body.groupId = pathValues.groupId;
  }
  if (body !== undefined && spec) await refuseBody(body, spec, op, version, source);

  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(pathValues[name] ?? ''));

  const preview = version === 'preview';
  const headers: Record<string, string> = {};
  if (preview) headers.accept = 'application/vnd.atlas.preview+json';
  if (preview && body !== undefined) headers['content-type'] = 'application/vnd.atlas.preview+json';
  if (op.binary) headers.accept = `application/vnd.atlas.${version}+${op.binary}`;
  // A preview operation is asked for by its media type (the path's base is /v2 whatever the version).
  const resource = { version: preview ? (apiVersion === 'v1.0' ? '2023-01-01' : apiVersion) : version };
  const client = await ctx.api();
  if (flags.all) {
    if (preview) throw new UsageError(`--all: ${op.id} is served only as a preview; ask for pages with --page-num`);
    await writeAll(ctx, client, path, resource, query);
    return;
  }
  const response = await client
    .request({
      method: op.method,
      resource,
      path,
      query,
      ...(body !== undefined ? { body } : {}),
      headers,
      ...(op.binary ? { binary: true } : {}),
    })
    .catch((error: unknown) => {
      // The emulator's answer for an operation it has no module for (src/emulator/notEmulated.ts).
      if (error instanceof ApiError && error.errorCode === 'NOT_EMULATED') {
        throw new ApiError(error.status, error.document, `the emulator does not emulate ${op.id} (${op.method} ${op.path}); the service does`, {
          hint: 'run it against the service, or see the README\'s list of emulated operations',
        });
      }
      throw error;
    });
  if (op.binary) {
    writeBytes(ctx, Buffer.from(response.rawBody, 'latin1'), flags.out);
    return;
  }
  const { printDocument } = await import('./print.js');
  await printDocument(ctx, response.rawBody);
}

/** Every page, in bounded memory: written page by page as `clusters list --all` is. */
async function writeAll(ctx: Context, client: ApiClient, path: string, resource: { version: string }, query: Query): Promise<void> {
  const format = await ctx.outputFormat();
  if ((format === 'json' || format === 'pretty') && !ctx.globals.query) {
    const { writeJsonList } = await import('../../output/jsonList.js');
    await writeJsonList(ctx.io, client.streamAll(path, resource, query, { itemsAsText: format === 'json' }), format === 'pretty' ? 2 : 0);
    return;
  }
  const all = await client.fetchAll(path, resource, query);
  await ctx.output(all);
}

/** Bytes to --out (a new file renamed into place: no link at the name is followed), or to stdout off a terminal. */
function writeBytes(ctx: Context, bytes: Buffer, out: string | undefined): void {
  if (out === undefined) {
    ctx.io.out.write(bytes);
    return;
  }
  const temp = join(dirname(out), `.${randomBytes(6).toString('hex')}.cdba-part`);
  let fd: number | undefined;
  try {
    fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o644);
    writeSync(fd, bytes);
    closeSync(fd);
    fd = undefined;
    renameSync(temp, out);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(temp);
    } catch {
      // never made, or renamed
    }
    throw new UsageError(`--out ${out}: ${(error as Error).message}`);
  }
  ctx.io.note(`wrote ${bytes.length} bytes to ${out}`);
}
