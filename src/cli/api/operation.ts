// `cdba api <operationId>`: one operation of the service's description by its name (the
// operationId or its shorter override), its path and query parameters as flags, its body
// from --file or -f fields checked against its schema, sent at its own version. The
// command is made when it is named (index.ts adds it to the tree before commander parses
// it), so `--help`, unknown flags and enum choices are commander's as for any command.
import { resolve } from 'node:path';
import { Option, type Command } from '@commander-js/extra-typings';
import type { ApiClient, Query } from '../../api/client.js';
import type { Description, DescribedOperation, DescribedParam } from '../../api/description.js';
import { ApiError, LocalFailureError, UsageError } from '../../base/errors.js';
import { fsReason } from '../../base/fsError.js';
import { isObject } from '../../base/object.js';
import { writeFileAtomicSync } from '../../base/privateFile.js';
import { escapeControl } from '../../base/sanitize.js';
import type { Context } from '../../core/context.js';
import type { FieldSpec } from '../../model/clusterFields.js';
import { pathValueFlag, withExamples, type App } from '../command.js';
import { loadLogWriter } from '../logs/public.js';
import { tailWithoutCount, withoutCount } from '../shared/listCount.js';
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
  if (isPaged(op)) options.push(new Option('--all', 'every page: the results of all pages in one document, written as the pages arrive (--items-per-page sets the page size; not with --page-num or --envelope true)'));
  if (op.binary) options.push(new Option('--out <file>', `write the answer (${op.binary}) to this file as it arrives (mode 0600, renamed into place once whole, never through a link), or "-" for stdout; it never goes to a terminal`));
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
  const paging = flags.all ? allPaging(query) : undefined;
  const fields = flags.field ?? [];
  if (flags.file !== undefined && fields.length > 0) throw new UsageError('--file and -f both give the body; use one');
  const out = flags.out === '-' ? undefined : flags.out; // "-": stdout, as logs download's --out - is
  if (op.binary && out === undefined && ctx.io.outIsTTY) {
    throw new UsageError(`${op.id} answers ${op.binary} bytes, which are not shown on a terminal: give --out FILE, or redirect stdout to a file`);
  }
  if (op.binary && out !== undefined) (await loadLogWriter()).checkOutFile(out);
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
  if (paging) {
    if (preview) throw new UsageError(`--all: ${op.id} is served only as a preview; ask for pages with --page-num`);
    await writeAll(ctx, client, path, resource, paging);
    return;
  }
  // A binary answer streams to --out or stdout as it arrives, never whole in memory.
  let written: number | undefined;
  const sink = op.binary
    ? async (bytes: AsyncIterable<Uint8Array>): Promise<void> => {
        written = out === undefined ? await streamOut(ctx, bytes) : await writeOut(bytes, out);
      }
    : undefined;
  const response = await client
    .request({
      method: op.method,
      resource,
      path,
      query,
      ...(body !== undefined ? { body } : {}),
      headers,
      ...(op.binary ? { binary: true } : {}),
      ...(sink ? { sink } : {}),
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
    if (out !== undefined) ctx.io.note(`wrote ${written ?? 0} bytes to ${out}`);
    return;
  }
  const { printDocument } = await import('./print.js');
  await printDocument(ctx, response.rawBody);
}

interface AllPaging {
  /** The query without the paging parameters, which --all sets itself. */
  query: Query;
  /** --items-per-page: the size of each page asked for (default 500, the service's most). */
  pageSize?: number;
  /** --include-count false: the pages are followed by their next links, and the document has no totalCount. */
  count: boolean;
}

/**
 * What --all takes of the paging flags, before any request: --items-per-page is the page
 * size and --include-count false follows the next links without a total, as `clusters list
 * --all --limit N --no-count` do; --page-num, which names one page, and --envelope true,
 * which hides the pages' results, are refused.
 */
export function allPaging(query: Query): AllPaging {
  const { pageNum, itemsPerPage, includeCount, ...rest } = query;
  if (pageNum !== undefined) throw new UsageError('--page-num names one page and --all asks for every page: give one of them');
  // An enveloped page ({status, content}) has no results or links where --all follows them.
  if (String(rest.envelope) === 'true') throw new UsageError('--envelope true wraps each page in {status, content}, and --all reads the pages unwrapped: leave --envelope out');
  let pageSize: number | undefined;
  if (itemsPerPage !== undefined) {
    pageSize = Number(itemsPerPage);
    if (!Number.isSafeInteger(pageSize) || pageSize < 1) throw new UsageError(`invalid --items-per-page "${String(itemsPerPage)}": a page holds at least 1 item`);
  }
  return { query: rest, ...(pageSize !== undefined ? { pageSize } : {}), count: String(includeCount ?? 'true') !== 'false' };
}

/**
 * Every page, in bounded memory: written page by page as `clusters list --all` is, in the
 * api command's own form (JSON unless -o asks for a table; indented on a terminal).
 */
async function writeAll(ctx: Context, client: ApiClient, path: string, resource: { version: string }, paging: AllPaging): Promise<void> {
  const { documentFormat } = await import('./print.js');
  const format = await documentFormat(ctx);
  const options = { count: paging.count, ...(paging.pageSize !== undefined ? { pageSize: paging.pageSize } : {}) };
  if ((format === 'json' || format === 'pretty') && !ctx.globals.query) {
    const { writeJsonList } = await import('../../output/jsonList.js');
    const pages = client.streamAll(path, resource, paging.query, { ...options, itemsAsText: format === 'json' });
    await writeJsonList(ctx.io, paging.count ? pages : tailWithoutCount(pages), format === 'pretty' ? 2 : 0);
    return;
  }
  const all = await client.fetchAll(path, resource, paging.query, options);
  const { render } = await import('../../output/render.js');
  await render(ctx.io, paging.count ? all : withoutCount(all), { format, query: ctx.globals.query });
}

/** The most bytes --out takes, as `logs download` by default: a bound on the disk, not on memory. */
const MAX_OUT_BYTES = 16 * 1024 ** 3;

/**
 * The body to --out through the project's one writer of downloaded files (`logs download`'s):
 * a new temporary file beside it (mode 0600, no link followed), streamed with a cap, fsync'd,
 * renamed over the name once whole, removed on any failure. An empty body is an empty file.
 */
async function writeOut(bytes: AsyncIterable<Uint8Array>, out: string): Promise<number> {
  const { writeBody, EmptyLogError, TooLargeError } = await loadLogWriter();
  const path = resolve(out);
  try {
    return await writeBody(bytes, { path, decompress: false, maxBytes: MAX_OUT_BYTES });
  } catch (error) {
    if (error instanceof TooLargeError) throw new TooLargeError(`the answer passed ${MAX_OUT_BYTES} bytes; stopped, nothing written to ${escapeControl(out)}`);
    if (!(error instanceof EmptyLogError)) throw error;
  }
  // The body was empty: the writer keeps no file for it; an operation's empty answer is an empty file.
  try {
    writeFileAtomicSync(path, '', 0o600);
  } catch (error) {
    throw new LocalFailureError(`cannot write ${escapeControl(out)}: ${fsReason(error)}`);
  }
  return 0;
}

/** The body to stdout (a pipe or a file: never a terminal), as it arrives. */
async function streamOut(ctx: Context, bytes: AsyncIterable<Uint8Array>): Promise<number> {
  let count = 0;
  for await (const chunk of bytes) {
    count += chunk.length;
    if (!ctx.io.out.write(chunk)) await new Promise<void>((resolve) => ctx.io.out.once('drain', () => resolve()));
  }
  return count;
}
