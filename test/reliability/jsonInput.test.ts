// Guarantee: a JSON body that JSON.parse accepts but cdba cannot handle or send
// faithfully is one line, exit 2, before any request: nesting past 64 levels
// (10,000 deep gave "Maximum call stack size exceeded"), and numbers a
// JavaScript number cannot carry exactly (1e400 went out as null, a 20-digit
// integer rounded, -0 as 0), in `create --file`, `apply --file`, `patch --file`,
// `api --input`, stdin and `api -f`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cdba, tempDir } from '../helpers/inProcess.js';
import { withEmulator } from '../helpers/emulator.js';
import { digestEnv, expectOneErrorLine, knownSeed, SEEDED_CLUSTER } from './support.js';

const DEEP_ARRAY = `{"name":"c1","tags":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
const DEEP_OBJECT = `{"name":"c1","x":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`;

async function refusedBeforeAnyRequest(argv: (file: string) => string[], text: string, pattern: RegExp, viaStdin = false): Promise<void> {
  const dir = tempDir('cdba-json-input-');
  const file = join(dir, 'body.json');
  writeFileSync(file, text);
  const { emu } = await withEmulator({ seed: knownSeed() });
  try {
    const result = await cdba(argv(viaStdin ? '-' : file), { env: digestEnv(emu.url), ...(viaStdin ? { input: text } : {}) });
    expectOneErrorLine(result, 2, pattern);
    expect(emu.stats().total).toBe(0);
  } finally {
    await emu.stop();
  }
}

const COMMANDS: Array<[string, (file: string) => string[]]> = [
  ['create --file', (f) => ['clusters', 'create', 'c1', '--file', f]],
  ['apply --file', (f) => ['clusters', 'apply', '--file', f]],
  ['patch --file', (f) => ['clusters', 'patch', SEEDED_CLUSTER, '--file', f]],
  ['api --input', (f) => ['api', '-X', 'POST', '/groups/{projectId}/clusters', '--input', f]],
];

describe('deep nesting is refused at parse time', () => {
  it.each(COMMANDS.flatMap(([name, argv]) => [
    [name, 'a 10,000-deep array', argv, DEEP_ARRAY, false],
    [name, 'a 10,000-deep object', argv, DEEP_OBJECT, false],
    [`${name} -`, 'a 10,000-deep array on stdin', argv, DEEP_ARRAY, true],
  ] as const))('%s: %s is one line, exit 2, nothing sent', async (_name, _what, argv, text, viaStdin) => {
    await refusedBeforeAnyRequest(argv, text, /: nested deeper than 64 levels at line 1, column \d+\n$/, viaStdin);
  });

  it('api -f with a deep value', async () => {
    const { emu } = await withEmulator({ seed: knownSeed() });
    try {
      const result = await cdba(['api', '-X', 'PATCH', `/groups/{projectId}/clusters/${SEEDED_CLUSTER}`, '-f', `tags=${'['.repeat(10_000)}${']'.repeat(10_000)}`], { env: digestEnv(emu.url) });
      expectOneErrorLine(result, 2, /^cdba: -f tags: nested deeper than 64 levels/);
      expect(emu.stats().total).toBe(0);
    } finally {
      await emu.stop();
    }
  });
});

describe('numbers JavaScript cannot carry exactly are refused, naming the field', () => {
  const NUMBERS: Array<[string, string, RegExp]> = [
    ['1e400', '{"name":"c1","diskSizeGB":1e400}', /the number 1e400 in "diskSizeGB" cannot be sent exactly \(JSON in JavaScript would send null\)/],
    ['a 20-digit integer', '{"name":"c1","replicationSpecs":[{"zoneId":12345678901234567890}]}', /the number 12345678901234567890 in "replicationSpecs\[0\]\.zoneId" .*would send 12345678901234567000/],
    ['-0', '{"name":"c1","diskSizeGB":-0}', /the number -0 in "diskSizeGB" .*would send 0\)/],
  ];
  it.each(COMMANDS.flatMap(([name, argv]) => NUMBERS.map(([what, text, pattern]) => [name, what, argv, text, pattern] as const)))(
    '%s with %s: one line, exit 2, nothing sent',
    async (_name, _what, argv, text, pattern) => {
      await refusedBeforeAnyRequest(argv, text, pattern);
    },
  );

  it('on stdin too', async () => {
    await refusedBeforeAnyRequest(COMMANDS[3]![1], NUMBERS[0]![1], /^cdba: stdin: the number 1e400/, true);
  });

  it.each([
    ['diskSizeGB=1e400', /^cdba: -f diskSizeGB: the number 1e400 .*would send null/],
    ['x.id=12345678901234567890', /^cdba: -f x\.id: the number 12345678901234567890 /],
    ['n=-0', /^cdba: -f n: the number -0 /],
    ['a=[1,{"b":1e999}]', /^cdba: -f a: the number 1e999 in "\[1\]\.b"/],
  ])('api -f %s: one line, exit 2, nothing sent', async (field, pattern) => {
    const { emu } = await withEmulator({ seed: knownSeed() });
    try {
      const result = await cdba(['api', '-X', 'PATCH', `/groups/{projectId}/clusters/${SEEDED_CLUSTER}`, '-f', field], { env: digestEnv(emu.url) });
      expectOneErrorLine(result, 2, pattern);
      expect(emu.stats().total).toBe(0);
    } finally {
      await emu.stop();
    }
  });

  it('ordinary numbers, and big IDs written as strings, still go through', async () => {
    const { emu } = await withEmulator({ seed: knownSeed() });
    try {
      const result = await cdba(['api', '-X', 'PATCH', `/groups/{projectId}/clusters/${SEEDED_CLUSTER}`, '-f', 'diskSizeGB=40.5', '-f', 'tags=[{"key":"id","value":"12345678901234567890"}]'], { env: digestEnv(emu.url) });
      expect(result.stderr).not.toMatch(/cannot be sent exactly/);
      expect(emu.stats().total).toBeGreaterThan(0);
    } finally {
      await emu.stop();
    }
  });
});
