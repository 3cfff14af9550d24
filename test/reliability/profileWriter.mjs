// One of the two processes of the profile race in durability.test.ts, run as its
// own process: `count` x `cdba profile add <prefix>-<i>` one after another,
// through the built CLI's main() with the real config file and its lock, in one
// process instead of `count` (the lock is taken per write either way).
//   CDBA_CONFIG_DIR=<dir> node profileWriter.mjs <prefix> <count> <publicKey>   (private key on stdin)
// Prints one line per add: `ok <name>`, or `fail <name> <exit code> <first stderr line>`.
import { readFileSync } from 'node:fs';
import { IO, main } from '../../dist/main.js';

const [prefix, countText, publicKey] = process.argv.slice(2);
const privateKey = readFileSync(0, 'utf8').trim();
for (let i = 0; i < Number(countText); i++) {
  const name = `${prefix}-${i}`;
  const io = IO.test({ stdin: `${privateKey}\n` });
  const code = await main(['profile', 'add', name, '--public-key', publicKey, '--private-key-stdin'], process.env, io);
  process.stdout.write(code === 0 ? `ok ${name}\n` : `fail ${name} ${code} ${io.stderr.split('\n')[0]}\n`);
}
