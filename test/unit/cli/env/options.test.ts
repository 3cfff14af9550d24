// env up's options, declared once (src/cli/env/options.ts, EnvOption in src/cli/envStep.ts):
// the commander options, the parsed type and the defaults come from the one table.
import { Command } from '@commander-js/extra-typings';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { commanderOption, optionDefaults, optionKey, type EnvOption, type EnvOptionValues, type EnvStepFlags } from '../../../../src/cli/envStep.js';
import { ENV_OPTIONS, ENV_RUN_OPTIONS, UP_DEFAULTS, upOptions, type UpFlags } from '../../../../src/cli/env/options.js';
import type { DatabaseUserRole } from '../../../../src/cli/dbusers/public.js';
import type { ProviderName } from '../../../../src/model/catalog.js';
import { prebuildProgram } from '../../../../src/main.js'; // and with it program.ts, which registers the product's env steps

/** The options a command parses from argv, through the declaration's commander options. */
function parsed(options: readonly EnvOption[], argv: string[]): Record<string, unknown> {
  const command = new Command().exitOverride();
  for (const option of options) command.addOption(commanderOption(option));
  command.parse(argv, { from: 'user' });
  return command.opts();
}

const STEP_OPTIONS = [
  { flag: '--dry-run-level', value: '<n>', description: 'd', parse: Number },
  { flag: '--files', value: '<f>', description: 'f', repeatable: true },
] as const satisfies readonly EnvOption[];

describe("env up's option declaration", () => {
  it('types the parsed options from the table: a switch a boolean, a choice its union, a repeatable its parse results, a value a string', () => {
    expectTypeOf<UpFlags['share']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<UpFlags['provider']>().toEqualTypeOf<ProviderName | undefined>();
    expectTypeOf<UpFlags['role']>().toEqualTypeOf<DatabaseUserRole[] | undefined>();
    expectTypeOf<UpFlags['dbVersion']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<UpFlags['watchTimeout']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<EnvOptionValues<typeof STEP_OPTIONS>>().toEqualTypeOf<{ dryRunLevel?: number; files?: string[] }>();
    expectTypeOf<EnvStepFlags<typeof STEP_OPTIONS>['dryRunLevel']>().toEqualTypeOf<number | undefined>();
    expect(parsed(STEP_OPTIONS, ['--dry-run-level', '2', '--files', 'a'])).toEqual({ dryRunLevel: 2, files: ['a'] });
    expectTypeOf(UP_DEFAULTS.ttl).toEqualTypeOf<'2h'>();
    expect(UP_DEFAULTS).toEqual({ tier: 'FLEX', provider: 'AWS', region: 'US_EAST_1', ttl: '2h', ip: 'current', role: 'readWriteAnyDatabase' });
  });

  it("names each value as commander does (the type's keys are the parsed object's)", () => {
    const up = prebuildProgram().program.commands.find((c) => c.name() === 'env')!.commands.find((c) => c.name() === 'up')!;
    expect(up.options.map((o) => o.long)).toEqual(upOptions().map((o) => o.flag));
    for (const option of upOptions()) expect(optionKey(option), option.flag).toBe(up.options.find((o) => o.long === option.flag)!.attributeName());
  });

  it('parses as declared: choices then parse, a repeatable flag collected in order, a switch true, an option not given absent (its default is env up\'s, not commander\'s)', () => {
    expect(parsed(ENV_OPTIONS, ['--provider', 'gcp', '--region', 'us-east-1', '--role', 'read@a', '--role', 'atlasAdmin'])).toEqual({
      provider: 'GCP',
      region: 'US_EAST_1',
      role: [{ roleName: 'read', databaseName: 'a' }, { roleName: 'atlasAdmin', databaseName: 'admin' }],
    });
    expect(parsed(ENV_RUN_OPTIONS, ['--share'])).toEqual({ share: true });
    expect(() => parsed(ENV_OPTIONS, ['--provider', 'ibm'])).toThrow(/--provider/);
    expect(parsed([{ flag: '--file', value: '<f>', description: 'f', repeatable: true }], ['--file', 'a', '--file', 'b'])).toEqual({ file: ['a', 'b'] });
  });

  it('states only the defaults declared', () => {
    expect(optionDefaults([{ flag: '--a-b', value: '<x>', description: 'a', default: 'x' }, { flag: '--c', description: 'c' }] as const)).toEqual({ aB: 'x' });
  });
});
