// `conn-string parse` in process: the field rows of its table, and its output through a Context.
import { describe, expect, it } from 'vitest';
import { parsedRows, runConnStringParse } from '../../../../src/cli/conn-string/parse.js';
import { parse } from '../../../../src/connstring/index.js';
import { Context } from '../../../../src/core/context.js';
import { IO } from '../../../../src/base/io.js';
import { tempDir } from '../../../helpers/cli.js';

describe('parsedRows', () => {
  it('lists the parts in reading order, leaves out absent ones, one row per note', () => {
    const rows = parsedRows(parse('mongodb://pl-0-eastus2.ab12c.mongodb.net:1024,pl-0-eastus2.ab12c.mongodb.net:1025/?ssl=true'));
    expect(rows.map((r) => r.field)).toEqual([
      'type', 'candidates', 'connection type', 'scheme', 'srv', 'hash', 'domain', 'provider', 'region', 'endpoint index', 'port', 'hosts', 'options', 'note', 'note',
    ]);
    expect(rows.find((r) => r.field === 'candidates')?.value).toBe('privateLinkAzure, privateLinkAzureRegionalized');
    expect(rows.find((r) => r.field === 'hosts')?.value).toBe('pl-0-eastus2.ab12c.mongodb.net:1024,pl-0-eastus2.ab12c.mongodb.net:1025');
    expect(rows.find((r) => r.field === 'options')?.value).toBe('ssl=true');
  });

  it('shows booleans as yes/no', () => {
    const rows = parsedRows(parse('mongodb+srv://c0-pl-0-us-east-1.ab12c.mongodb.net'));
    expect(rows.find((r) => r.field === 'srv')?.value).toBe('yes');
    expect(rows.find((r) => r.field === 'regionalized')?.value).toBe('yes');
  });
});

describe('runConnStringParse', () => {
  const context = (io: IO, globals = {}) => new Context(io, { CDBA_CONFIG_DIR: tempDir() }, '0.0.0', globals);

  it('writes the parsed document as JSON in a pipe', async () => {
    const io = IO.test();
    await runConnStringParse(context(io), 'mongodb+srv://c0-pri.ab12c.mongodb.net');
    expect(JSON.parse(io.stdout)).toMatchObject({ type: 'privatePeering', cluster: 'c0', hash: 'ab12c', srv: true });
    expect(io.stderr).toBe('');
  });

  it('throws the typed parse error (exit 2) for an invalid URI', async () => {
    const io = IO.test();
    await expect(runConnStringParse(context(io), 'mongodb://h:0')).rejects.toMatchObject({ exitCode: 2, name: 'ConnStringParseError' });
    expect(io.stdout).toBe('');
  });
});
