// Guarantee (issue 42, item 6): a damaged list answer (items that are null, numbers
// or strings; a body that is null) is exit 7 naming the answer cdba could not use,
// for every command that reads a list: never `unexpected error` (env list, gc and
// down once crashed on a null item) and never an empty list with exit 0
// (private-endpoints list -o json once printed []). One check does it, in the
// shared list layer (asListPage and asItemList, src/api/pagination.ts).
//
// The commands come from the tree: every `list` verb, and the env verbs that list
// what an env holds. A proxy in front of the emulator damages every list answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IO } from '../../src/base/io.js';
import { App } from '../../src/cli/command.js';
import { buildProgram } from '../../src/cli/program.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { answerProxy, type AnswerProxy } from '../helpers/answerProxy.js';
import { withEmulator } from '../helpers/emulator.js';
import { cdba } from '../helpers/inProcess.js';
import { digestEnv, knownSeed, SEEDED_CLUSTER } from './support.js';

type AnyCommand = ReturnType<typeof buildProgram>;

/** Commands that list: every verb named list, and env gc and down (which list what an env holds). */
function listingCommands(): string[][] {
  const program = buildProgram(new App(IO.test(), {}, '0.0.0'));
  const found: string[][] = [];
  const walk = (command: AnyCommand, path: string[]): void => {
    const name = path.join(' ');
    if (command.name() === 'list' || name === 'env gc' || name === 'env down') {
      found.push([...path, ...command.registeredArguments.filter((a) => a.required).map(() => SEEDED_CLUSTER)]);
    }
    for (const sub of command.commands as AnyCommand[]) walk(sub, [...path, sub.name()]);
  };
  walk(program, []);
  return found;
}

const COMMANDS = listingCommands();

/** The ways a list answer is damaged: its items, or the whole body. */
const DAMAGE: Array<[string, (list: unknown[]) => unknown[] | null, RegExp]> = [
  ['items null', () => [null], /item 1 is null, not a document/],
  ['items numbers', () => [42], /item 1 is a number, not a document/],
  ['items strings', () => ['x'], /item 1 is a string, not a document/],
  ['a good item, then null', (list) => [...list.slice(0, 1).filter((i) => i !== undefined), null], /item \d is null, not a document/],
  ['a null body', () => null, /expected a list (with a results array|of [a-z ]+ \(an array\)) from .*, got null/],
];

let emu: RunningEmulator;
let proxy: AnswerProxy;

beforeAll(async () => {
  ({ emu } = await withEmulator({ seed: knownSeed() }));
  proxy = await answerProxy(emu.url);
});
afterAll(async () => {
  await proxy.close();
  await emu.stop();
});

describe('a damaged list answer', () => {
  it('the tree has the commands this is about', () => {
    const names = COMMANDS.map((c) => c.slice(0, 2).join(' '));
    for (const expected of ['env list', 'env gc', 'env down', 'private-endpoints list', 'clusters list', 'dbusers list', 'access-list list', 'search-indexes list']) {
      expect(names).toContain(expected);
    }
  });

  const cases = COMMANDS.flatMap((args) => DAMAGE.map(([what, damage, pattern]) => ({ command: args.join(' '), args, what, damage, pattern })));
  it.each(cases)('$command, $what: exit 7 naming the answer, nothing on stdout', async ({ args, damage, pattern }) => {
    let damaged = 0;
    proxy.rewrite = (method, _path, body) => {
      if (method !== 'GET') return undefined;
      if (Array.isArray(body)) {
        damaged++;
        return damage(body);
      }
      if (body !== null && typeof body === 'object' && Array.isArray((body as { results?: unknown }).results)) {
        damaged++;
        const results = damage((body as { results: unknown[] }).results);
        return results === null ? null : { ...body, results };
      }
      return undefined;
    };
    try {
      const result = await cdba([...args, '-o', 'json'], { env: digestEnv(proxy.url) });
      // A command that read no list (profile list: local) has nothing to show here.
      if (damaged === 0) return;
      expect(result.exitCode, result.stderr).toBe(7);
      expect(result.stdout).toBe('');
      expect(result.stderr).not.toMatch(/unexpected error/);
      expect(result.stderr).toMatch(/^cdba: /);
      expect(result.stderr).toMatch(pattern);
      expect(result.stderr.trimEnd().split('\n').at(-1)).toMatch(/damaged list|expected a list/);
    } finally {
      proxy.rewrite = undefined;
    }
  });

  it('every command above reads a list, but these (local lists: the shipped description, the profiles; a list made from one document; the access history, whose answer is one document with its accessLogs)', async () => {
    const noList: string[] = [];
    for (const args of COMMANDS) {
      let lists = 0;
      proxy.rewrite = (method, _path, body) => {
        if (method === 'GET' && (Array.isArray(body) || (body !== null && typeof body === 'object' && 'results' in body))) lists++;
        return undefined;
      };
      try {
        await cdba([...args, '-o', 'json'], { env: digestEnv(proxy.url) });
      } finally {
        proxy.rewrite = undefined;
      }
      if (lists === 0) noList.push(args.slice(0, 2).join(' '));
    }
    expect(noList).toEqual(['conn-string list', 'access-logs list', 'api list', 'profile list']);
  });
});
