// An emulator module declares its own options of `cdba emulator` (ModuleOption,
// src/emulator/contract.ts): flag, description, value parser, default. The command makes
// a flag of each (the data-only list resources/options.ts, which start-up may load), hands
// the value to startEmulator by the key the module declares, and the module's handlers
// read it, its default filled in, as services.options. Nothing in cli/emulator.ts or
// emulator/index.ts names one: --hold-user-steps is the peering module's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleFlag } from '../../../src/cli/emulator.js';
import { registerOperations } from '../../../src/api/operations.js';
import { registerResource, type ModuleOption, type ResourceModule, type RunningEmulator } from '../../../src/emulator/index.js';
import { RESOURCES } from '../../../src/emulator/resources/index.js';
import { MODULE_OPTIONS } from '../../../src/emulator/resources/options.js';
import { prebuildProgram } from '../../../src/main.js';
import { REPO_ROOT } from '../../helpers/cli.js';
import { DigestClient, withEmulator } from '../../helpers/emulator.js';
import { start } from '../../helpers/inProcess.js';
import { widgetsResource } from '../../fixtures/widgets/emulator.js';
import { WIDGET_OPERATIONS } from '../../fixtures/widgets/table.js';
import { OWNER, PROJECT_A, client, testSeed, v2 } from './fixtures.js';

declare module '../../../src/emulator/contract.js' {
  interface ModuleOptions {
    /** The fixture's: what every widget list says of its shade. */
    widgetShade?: number;
  }
}

const SHADE: ModuleOption<'widgetShade'> = {
  key: 'widgetShade',
  flag: '--widget-shade',
  value: '<n>',
  description: 'how dark widgets are (default 3)',
  parse: (value) => {
    if (!/^[0-9]$/.test(value)) throw new Error('expected a digit');
    return Number(value);
  },
  default: 3,
};

const emulatorCommand = () => prebuildProgram().program.commands.find((c) => c.name() === 'emulator')!;

describe("the modules' options of cdba emulator", () => {
  it('are the served modules\' own declarations, in the one data-only list start-up reads, each flag and key once', () => {
    expect(MODULE_OPTIONS).toEqual(RESOURCES.flatMap((module) => module.options ?? []));
    expect(MODULE_OPTIONS.map((o) => o.flag)).toContain('--hold-user-steps');
    expect(RESOURCES.find((module) => module.options?.some((o) => o.flag === '--hold-user-steps'))?.name).toBe('peering');
    const flags = emulatorCommand().options.map((o) => o.long);
    for (const { flag } of MODULE_OPTIONS) expect(flags.filter((f) => f === flag), flag).toHaveLength(1);
    expect(new Set(MODULE_OPTIONS.map((o) => o.key)).size).toBe(MODULE_OPTIONS.length);
  });

  it('are named by neither the command nor startEmulator', () => {
    for (const file of ['src/cli/emulator.ts', 'src/emulator/index.ts']) {
      const text = readFileSync(join(REPO_ROOT, file), 'utf8');
      for (const { flag, key } of MODULE_OPTIONS) {
        expect(text, `${file} names ${flag}`).not.toContain(flag.slice(2));
        expect(text, `${file} names ${key}`).not.toContain(key);
      }
    }
  });

  it("are in cdba emulator's help, after --transition-ms, with their man page's more", () => {
    const command = emulatorCommand();
    const help = command.helpInformation();
    for (const { flag, description } of MODULE_OPTIONS) expect(help).toMatch(new RegExp(`^ +${flag}\\b.* ${description}$`, 'm'));
    const flags = command.options.map((o) => o.long);
    expect(flags.indexOf('--hold-user-steps')).toBe(flags.indexOf('--transition-ms') + 1);
  });

  it("a value's parser refuses in one usage line naming the flag (exit 2)", () => {
    const option = moduleFlag(SHADE);
    expect(option.long).toBe('--widget-shade');
    expect(option.parseArg!('7', undefined)).toBe(7);
    expect(() => option.parseArg!('x', undefined)).toThrow(expect.objectContaining({ message: 'invalid --widget-shade "x": expected a digit', exitCode: 2 }));
  });
});

describe("a module's option reaches its handlers: as given to startEmulator, else its default", () => {
  const undo: Array<() => void> = [];
  const shaded: ResourceModule = {
    ...widgetsResource,
    options: [SHADE],
    operations: {
      ...widgetsResource.operations,
      'widgets.list': { action: 'read', handler: (ctx) => ({ status: 200, body: { results: [], shade: ctx.services.options.widgetShade } }) },
    },
  };
  beforeAll(() => {
    undo.push(registerOperations(WIDGET_OPERATIONS), registerResource(shaded));
  });
  afterAll(() => {
    for (const step of undo.reverse()) step();
  });

  const shadeOf = async (emu: RunningEmulator): Promise<unknown> => {
    const list = await client(emu, OWNER).request('GET', `/api/atlas/v2/groups/${PROJECT_A}/widgets`, { headers: v2('2024-10-23') });
    expect(list.status).toBe(200);
    return list.json.shade;
  };

  it('the default, when not given; the value, when given', async () => {
    const { emu: plain } = await withEmulator({ seed: testSeed({ widgets: [] }) });
    const { emu: given } = await withEmulator({ seed: testSeed({ widgets: [] }), widgetShade: 8 });
    try {
      expect(await shadeOf(plain)).toBe(3);
      expect(await shadeOf(given)).toBe(8);
    } finally {
      await Promise.all([plain.stop(), given.stop()]);
    }
  });
});

describe('cdba emulator --hold-user-steps, the peering module\'s option', () => {
  /** Runs `cdba emulator` in-process with these flags, makes a GCP peer, and answers its status once the transitions (0 ms) have run. */
  async function gcpPeerStatus(flags: string[]): Promise<string> {
    const run = start(['emulator', '--transition-ms', '0', ...flags]);
    try {
      await run.seen(/emulator running/);
      const [url, ...lines] = run.stdout().split('\n');
      const value = (name: string): string => lines.find((line) => line.startsWith(`${name}=`))!.slice(name.length + 1);
      const api = new DigestClient(url!, value('publicKey'), value('privateKey'));
      const base = `/api/atlas/v2/groups/${value('projectId')}`;
      const V = v2('2023-01-01');
      const container = await api.request('POST', `${base}/containers`, { headers: V, body: { providerName: 'GCP', atlasCidrBlock: '10.128.0.0/18' } });
      expect(container.status, JSON.stringify(container.json)).toBe(200);
      const peer = await api.request('POST', `${base}/peers`, { headers: V, body: { containerId: container.json.id, providerName: 'GCP', gcpProjectId: 'my-app-project', networkName: 'app-net' } });
      expect([peer.status, peer.json.status], JSON.stringify(peer.json)).toEqual([200, 'ADDING_PEER']);
      return (await api.request('GET', `${base}/peers/${peer.json.id}`, { headers: V })).json.status as string;
    } finally {
      run.interrupt();
      expect((await run.result).exitCode).toBe(0);
    }
  }

  it('holds a peer where the user must act; without it the emulator acts for them', async () => {
    expect(await gcpPeerStatus(['--hold-user-steps'])).toBe('WAITING_FOR_USER');
    expect(await gcpPeerStatus([])).toBe('AVAILABLE');
  });
});
