// `cdba conn-string parse <uri>`: offline. Which row of the seed's connection-string
// table the string is, its parts, and the seed's notes that apply. A valid URI that
// fits no row is type "unknown" (exit 0); an invalid one exits 2.
import type { Command } from '@commander-js/extra-typings';
import type { ParsedConnectionString } from '../../connstring/index.js';
import type { Context } from '../../core/context.js';
import type { TableSpec } from '../../output/render.js';
import { withExamples, type App } from '../command.js';

interface FieldRow {
  field: string;
  value: unknown;
}

/** Field/value lines, in reading order; absent parts are left out, notes get a line each. */
export function parsedRows(p: ParsedConnectionString): FieldRow[] {
  const rows: Array<[string, unknown]> = [
    ['type', p.type],
    ['title', p.title],
    ['candidates', p.candidates.length > 1 ? p.candidates.join(', ') : undefined],
    ['connection type', p.kind],
    ['scheme', p.scheme],
    ['srv', p.srv ? 'yes' : 'no'],
    ['cluster', p.cluster],
    ['hash', p.hash],
    ['domain', p.domain],
    ['provider', p.provider],
    ['region', p.region],
    ['availability zone', p.az],
    ['regionalized', p.regionalized === undefined ? undefined : p.regionalized ? 'yes' : 'no'],
    ['endpoint index', p.endpointIndex],
    ['port', p.port],
    ['hosts', p.hosts.join(',')],
    ['options', Object.entries(p.options).map(([k, v]) => `${k}=${v}`).join('&')],
    ['username', p.username],
    ['database', p.database],
    ['resolves to', p.resolvesTo],
    ['current form', p.newForm],
    ...p.notes.map((note): [string, unknown] => ['note', note]),
  ];
  return rows.filter(([, value]) => value !== undefined && value !== '').map(([field, value]) => ({ field, value }));
}

export const CONN_STRING_PARSE_TABLE: TableSpec<FieldRow> = {
  rows: (document) => parsedRows(document as ParsedConnectionString),
  columns: [
    { header: 'FIELD', value: (r) => r.field },
    { header: 'VALUE', value: (r) => r.value, copyable: true },
  ],
};

export function registerConnStringParse(parent: Command, app: App): void {
  const command = parent
    .command('parse')
    .description('offline: which of the connection-string shapes the service issues a URI is, its parts and the notes that apply')
    .argument('<uri>', 'a mongodb:// or mongodb+srv:// connection string (a password in it, or a secret option such as proxyPassword, is never shown)')
    .action(async (uri, _options, cmd) => runConnStringParse(app.context(cmd), uri));
  withExamples(command, [
    ['Read a legacy string and get its current form', 'cdba conn-string parse mongodb+srv://c1-ab12c.azure.mongodb.net'],
    ['Just the region of a private-link string', "cdba conn-string parse mongodb+srv://c1-pl-0-eastus2.ab12c.mongodb.net -o json --query region"],
  ]);
}

export async function runConnStringParse(ctx: Context, uri: string): Promise<void> {
  const { parse } = await import('../../connstring/index.js');
  await ctx.output(parse(uri), CONN_STRING_PARSE_TABLE);
}
