// Run by wasmTieringFlag.test.ts, bundled into a fresh process (no undici loaded yet):
// prints whether V8's flags are at their defaults at each step of two connections.
import { subscribe } from 'node:diagnostics_channel';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Script } from 'node:vm';
import { Agent } from '../../src/api/undici.js';

// V8 checks a code cache against the flags' hash and the source's length, not its
// text; a new text each time keeps V8's in-memory compilation cache from answering.
let checks = 0;
const source = (): string => `function probe() { return ${String(checks++).padStart(6, '0')}; }`;
const cachedData = new Script(source()).createCachedData();
const flagsAtDefault = (): boolean => !new Script(source(), { cachedData }).cachedDataRejected;

const seen: Array<[string, boolean]> = [['start', flagsAtDefault()]];
subscribe('undici:client:beforeConnect', () => seen.push(['beforeConnect', flagsAtDefault()]));
subscribe('undici:client:connected', () => seen.push(['connected', flagsAtDefault()]));
const server = createServer((_request, response) => response.end('ok'));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
for (const round of [1, 2]) {
  // A new agent each round: the second connection comes after the parser exists.
  const agent = new Agent();
  const { body } = await agent.request({ origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, path: '/', method: 'GET' });
  seen.push([`answer ${round}: ${await body.text()}`, flagsAtDefault()]);
  await agent.close();
}
server.close();
console.log(JSON.stringify(seen));
