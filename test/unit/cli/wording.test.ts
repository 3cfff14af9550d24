// "seed" is the project's internal name for the specification; users never saw
// one. What they read (help text, examples, the notes of `conn-string parse`)
// says "seed" only for the emulator's --seed file and --fault-seed.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { IO } from '../../../src/base/io.js';
import { App } from '../../../src/cli/command.js';
import { buildProgram } from '../../../src/cli/program.js';
import { describe, flatten } from '../../../src/cli/tree.js';
import { parse as parseConnectionString } from '../../../src/connstring/index.js';

const SEED = /\bseed('s)?\b/i;

it('help text never says "seed" except for the emulator\'s seed file and --fault-seed', () => {
  const root = describe(buildProgram(new App(IO.test(), {}, '0.0.0')) as never);
  const texts = flatten(root).flatMap((c) => [
    [c.path.join(' '), c.description],
    ...c.args.map((a) => [c.path.join(' '), a.description]),
    ...c.options.filter((o) => !(c.path[0] === 'emulator' && ['--seed', '--fault-seed'].includes(o.long ?? ''))).map((o) => [c.path.join(' '), o.description]),
    ...c.examples.map(([text, command]) => [c.path.join(' '), `${text} ${command}`]),
  ]);
  expect(texts.length).toBeGreaterThan(100);
  expect(texts.filter(([, text]) => SEED.test(text!))).toEqual([]);
});

it('conn-string parse notes never say "seed", for the unknown shapes and AWS strings without a zone letter too', () => {
  const hosts = ['pl-0-us-east-1.ab12c.mongodb.net', 'pl-0-us-east-1a.ab12c.mongodb.net', 'weird.ab12c.mongodb.net', 'example.com', 'c-pl-0-xx-north-9.ab12c.mongodb.net'];
  for (const host of hosts) {
    for (const uri of [`mongodb+srv://${host}`, `mongodb://${host}:1024`]) {
      const notes = parseConnectionString(uri).notes.join(' ');
      expect(notes, uri).not.toMatch(SEED);
    }
  }
  expect(parseConnectionString('mongodb://example.com:27017').notes.join(' ')).toMatch(/matches none of the connection-string shapes the service issues/i);
  expect(parseConnectionString('mongodb+srv://pl-0-us-east-1.ab12c.mongodb.net').notes.join(' ')).toMatch(/The service's AWS private-link form carries an availability-zone letter/);
  fc.assert(
    fc.property(fc.stringMatching(/^[a-z0-9-]{1,20}(\.[a-z0-9-]{1,10}){1,3}$/), (host) => {
      let notes: string[] = [];
      try {
        notes = parseConnectionString(`mongodb+srv://${host}`).notes;
      } catch {
        return; // refused as malformed: no notes to word
      }
      expect(notes.join(' ')).not.toMatch(SEED);
    }),
  );
});
