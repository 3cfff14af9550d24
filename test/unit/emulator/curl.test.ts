// A third-party digest client: curl --digest lists clusters, and fails cleanly with a wrong key.
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { withEmulator } from '../../helpers/emulator.js';
import { client, modernCreate, v2 } from './fixtures.js';
import { commandWorks, missingTool } from '../../helpers/tools.js';

const curlAvailable = !missingTool('curl', commandWorks('curl'), 'the curl --digest tests are');

describe.skipIf(!curlAvailable)('curl --digest', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    ({ emu } = await withEmulator());
    const created = await client(emu).request('POST', `/api/atlas/v2/groups/${emu.defaults.projectId}/clusters`, {
      headers: v2('2023-02-01'),
      body: modernCreate('curl-listed'),
    });
    expect(created.status).toBe(201);
  });
  afterAll(() => emu.stop());

  const curl = (user: string, path: string, headers: string[] = []) =>
    execa('curl', ['-sS', '--digest', '-u', user, '-w', '\n%{http_code}', ...headers.flatMap((h) => ['-H', h]), emu.url + path], {
      reject: false,
    });

  it('lists clusters on v2 with the versioned Accept header', async () => {
    const { owner, projectId } = emu.defaults;
    const result = await curl(`${owner.publicKey}:${owner.privateKey}`, `/api/atlas/v2/groups/${projectId}/clusters`, [
      'Accept: application/vnd.atlas.2023-02-01+json',
    ]);
    expect(result.exitCode).toBe(0);
    const [body, status] = result.stdout.split(/\n(?=\d{3}$)/);
    expect(status).toBe('200');
    const list = JSON.parse(body!);
    expect(list.totalCount).toBe(1);
    expect(list.results[0].name).toBe('curl-listed');
    expect(list.results[0].replicationSpecs[0].regionConfigs[0].providerName).toBe('AWS');
  });

  it('lists clusters on v1.0', async () => {
    const { owner, projectId } = emu.defaults;
    const result = await curl(`${owner.publicKey}:${owner.privateKey}`, `/api/atlas/v1.0/groups/${projectId}/clusters?pretty=true`);
    const [body, status] = result.stdout.split(/\n(?=\d{3}$)/);
    expect(status).toBe('200');
    expect(JSON.parse(body!).results[0].providerSettings.instanceSizeName).toBe('M10');
  });

  it('fails cleanly with a wrong private key: 401 with the error document, curl itself exits 0', async () => {
    const { owner, projectId } = emu.defaults;
    const result = await curl(`${owner.publicKey}:wrong-key`, `/api/atlas/v1.0/groups/${projectId}/clusters`);
    expect(result.exitCode).toBe(0);
    const [body, status] = result.stdout.split(/\n(?=\d{3}$)/);
    expect(status).toBe('401');
    expect(JSON.parse(body!)).toMatchObject({ error: 401, errorCode: 'UNEXPECTED_ERROR' });
  });
});
