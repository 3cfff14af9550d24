// `cdba conn-string parse` through the built binary: every row and form of the seed's
// connection-string table, unknown and invalid input, formats and secrets. Offline:
// the base URL points nowhere and there are no credentials.
import { describe, expect, it } from 'vitest';
import { cdba } from '../../helpers/inProcess.js';
import { INVALID_INPUTS, ROW_FIXTURES, UNKNOWN_FIXTURES, type ParseFixture } from './parse-fixtures.js';

const OFFLINE = { CDBA_BASE_URL: 'http://127.0.0.1:9' };
const parse = (uri: string, ...flags: string[]) => cdba(['conn-string', 'parse', uri, ...flags], { env: OFFLINE });

async function expectParsed(fixture: ParseFixture): Promise<void> {
  const result = await parse(fixture.uri, '-o', 'json');
  expect(result.stderr).toBe('');
  expect(result.exitCode).toBe(0);
  const document = JSON.parse(result.stdout) as { uri: string; notes: string[] };
  expect(document).toMatchObject(fixture.expect);
  expect(document.uri).toBe(fixture.uri);
  for (const note of fixture.notes ?? []) expect(document.notes.some((n) => note.test(n)), `${note} in ${JSON.stringify(document.notes)}`).toBe(true);
}

describe('the fixture table covers the seed table', () => {
  it('has every row and form, each legacy label, and both regionalized settings of each provider', () => {
    const types = new Set(ROW_FIXTURES.map((f) => `${String(f.expect.type)}/${f.uri.startsWith('mongodb+srv:') ? 'srv' : 'list'}`));
    for (const row of ['standard', 'privatePeering', 'privateLinkAws', 'privateLinkAwsRegionalized', 'legacy']) {
      expect(types).toContain(`${row}/srv`);
      expect(types).toContain(`${row}/list`);
    }
    expect(types).toContain('privateLinkAzure/srv');
    expect(types).toContain('privateLinkAzureRegionalized/srv');
    expect(types).toContain('privateLink/list'); // Azure's host list, the same for both settings
    expect(types).toContain('privateLinkOptimized/srv');
    const legacy = ROW_FIXTURES.filter((f) => f.expect.type === 'legacy').map((f) => `${String(f.expect.provider)}/${f.uri.startsWith('mongodb+srv:') ? 'srv' : 'list'}`);
    expect(new Set(legacy)).toEqual(new Set(['AWS/list', 'AZURE/list', 'GCP/list', 'AWS/srv', 'AZURE/srv', 'GCP/srv']));
  });
});

describe.concurrent('conn-string parse: rows of the seed table', () => {
  it.each(ROW_FIXTURES.map((f) => [f.row, f] as const))('%s', async (_row, fixture) => expectParsed(fixture));
});

describe.concurrent('conn-string parse: valid but unmatched, and invalid', () => {
  it.each(UNKNOWN_FIXTURES.map((f) => [f.row, f] as const))('unknown: %s (exit 0)', async (_row, fixture) => expectParsed(fixture));

  it.each(INVALID_INPUTS)('invalid: %s exits 2 with one stderr line', async (uri) => {
    const result = await parse(uri);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^cdba: [^\n]+\n$/);
    expect(result.stderr).not.toMatch(/\s+at .+:\d+/);
  });
});

describe.concurrent('conn-string parse: formats and secrets', () => {
  it('a table of fields in a pipe with -o table, notes one per line', async () => {
    const result = await parse('mongodb+srv://c0-ab12c.gcp.mongodb.net', '-o', 'table');
    expect(result.exitCode).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.slice(0, 12)).toEqual([
      'FIELD\tVALUE',
      'type\tlegacy',
      'title\tLegacy',
      'connection type\tlegacy',
      'scheme\tmongodb+srv',
      'srv\tyes',
      'cluster\tc0',
      'hash\tab12c',
      'domain\tmongodb.net',
      'provider\tGCP',
      'hosts\tc0-ab12c.gcp.mongodb.net',
      'resolves to\tPeered-network IPs if the peering-only mode is on, otherwise public IPs.',
    ]);
    expect(lines).toContain('current form\tmongodb+srv://c0.ab12c.mongodb.net');
    expect(lines.filter((l) => l.startsWith('note\t'))).toHaveLength(3);
  });

  it('answers --query in a pipeline', async () => {
    const result = await parse('mongodb+srv://c0-pl-0-westeurope.ab12c.mongodb.net', '-o', 'json', '--query', '[type, provider, region]');
    expect(result).toEqual({ exitCode: 0, stdout: '["privateLinkAzureRegionalized","AZURE","westeurope"]\n', stderr: '' });
  });

  it('never shows a password, valid or invalid string', async () => {
    const ok = await parse('mongodb+srv://app:s3cr3t-pw@c0.ab12c.mongodb.net/?authSource=admin', '-o', 'json');
    expect(ok.exitCode).toBe(0);
    expect(ok.stdout).not.toContain('s3cr3t-pw');
    const doc = JSON.parse(ok.stdout) as { uri: string; username: string; notes: string[] };
    expect(doc.uri).toBe('mongodb+srv://app:****@c0.ab12c.mongodb.net/?authSource=admin');
    expect(doc.username).toBe('app');
    expect(doc.notes).toContain('The string carries a password; it is not shown.');

    const bad = await parse('mongodb+srv://app:s3cr3t-pw@c0.ab12c.mongodb.net:27017');
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).not.toContain('s3cr3t-pw');
  });

  it('never shows a secret held in an option, in JSON or a table, nor a password in an error', async () => {
    const uri =
      'mongodb+srv://demo.ab12c.mongodb.net/?tls=true&tlsCertificateKeyFilePassword=hunter2&proxyHost=p&proxyPassword=pp55&authMechanism=MONGODB-AWS&authMechanismProperties=AWS_SESSION_TOKEN:tok123';
    const masked =
      'tls=true&tlsCertificateKeyFilePassword=****&proxyHost=p&proxyPassword=****&authMechanism=MONGODB-AWS&authMechanismProperties=AWS_SESSION_TOKEN:****';
    const table = await parse(uri, '-o', 'table');
    expect(table.exitCode).toBe(0);
    expect(table.stdout).not.toMatch(/hunter2|pp55|tok123/);
    expect(table.stdout.split('\n')).toContain(`options\t${masked}`);
    const json = await parse(uri, '-o', 'json');
    expect(json.stdout).not.toMatch(/hunter2|pp55|tok123/);
    expect((JSON.parse(json.stdout) as { uri: string }).uri).toBe(`mongodb+srv://demo.ab12c.mongodb.net/?${masked}`);

    const bad = await parse('mongodb://u:hunter2@h:1,u:hunter2@h2', '--error-format', 'json');
    expect(bad.exitCode).toBe(2);
    expect(`${bad.stdout}${bad.stderr}`).not.toContain('hunter2');
  });
});
