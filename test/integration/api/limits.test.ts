// The body cap and the --timeout deadline, in process: the cap is an option of
// the client (maxBodyBytes), lowered here to 1 MiB so each case moves little data.
import { afterEach, describe, expect, test } from 'vitest';
import { ExitCode, TimeoutError } from '../../../src/base/errors.js';
import type { ApiClient } from '../../../src/api/client.js';
import { ResponseTooLargeError } from '../../../src/api/errors.js';
import { getCluster } from '../../../src/api/resources/clusters.js';
import { clientFor, settingsFor, startServer, type Handler, type TestServer } from './servers.js';

const MiB = 1024 * 1024;
let server: TestServer | undefined;
let client: ApiClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
  client = server = undefined;
});

async function serve(handler: Handler, options: Parameters<typeof clientFor>[1] = {}): Promise<void> {
  server = await startServer(handler);
  client = clientFor(settingsFor(server.url), options).client;
}

/** A JSON document of exactly `bytes` bytes. */
function documentOf(bytes: number): string {
  const head = '{"name":"';
  const tail = '"}';
  return head + 'x'.repeat(bytes - head.length - tail.length) + tail;
}

describe('maxBodyBytes', () => {
  test('a body of exactly the cap is read', async () => {
    await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(documentOf(MiB));
    }, { maxBodyBytes: MiB });
    const got = await getCluster(client!, 'p', 'c');
    expect((got.body as { name: string }).name).toHaveLength(MiB - 11);
  });

  test('one byte over, streamed: ResponseTooLargeError (exit 7), and the server is cut off', async () => {
    const total = 16 * MiB;
    let sent = 0;
    let closed: Promise<void> | undefined;
    await serve((_req, res) => {
      closed = new Promise((resolve) => res.on('close', () => resolve()));
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = (): void => {
        while (!res.destroyed && sent < total) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (!res.destroyed) res.end();
      };
      pump();
    }, { maxBodyBytes: MiB });
    const error = (await getCluster(client!, 'p', 'c').catch((e: unknown) => e)) as ResponseTooLargeError;
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error.exitCode).toBe(ExitCode.server);
    expect(error.message).toMatch(/^response body exceeds the 1 MiB limit for GET http:\/\/127\.0\.0\.1:\d+\/api\/atlas\/v2\/groups\/p\/clusters\/c$/);
    await closed;
    expect(sent).toBeLessThan(total);
  });

  test('an error answer is capped too, by its Content-Length before any body byte', async () => {
    await serve((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/html', 'content-length': String(2 * MiB) });
      res.flushHeaders();
    }, { maxBodyBytes: MiB, retry: { maxAttempts: 1 } });
    const error = (await getCluster(client!, 'p', 'c').catch((e: unknown) => e)) as ResponseTooLargeError;
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error.message).toContain('(Content-Length 2097152)');
  });

  test('a non-whole-MiB cap is shown in bytes', async () => {
    await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(documentOf(2000));
    }, { maxBodyBytes: 1000 });
    await expect(getCluster(client!, 'p', 'c')).rejects.toThrow(/exceeds the 1000 bytes limit/);
  });
});

describe('timeoutMs is a deadline for the whole attempt', () => {
  test('a body that trickles within every idle window still ends at the deadline', async () => {
    // A byte every 20 ms: "slowly" needs one in the last half of the deadline (1 s),
    // which leaves room for a starved event loop; the trickle lasts 20 s.
    const total = 1000;
    let sent = 0;
    await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => {
        if (res.destroyed || sent >= total) return void clearInterval(timer);
        res.write(' ');
        sent++;
      }, 20);
    }, { timeoutMs: 2000 });
    const error = (await getCluster(client!, 'p', 'c').catch((e: unknown) => e)) as TimeoutError;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toMatch(/^the response from 127\.0\.0\.1:\d+ did not complete within 2s \(\d+ bytes arrived, slowly\)$/);
    expect(sent).toBeLessThan(total);
  });

  test('a process not scheduled through the deadline does not call a trickling server stalled', async () => {
    // The whole process (server and client) is blocked from 0.5 s to past the 2 s
    // deadline, as a starved one would be: the bytes the server sends once it runs
    // again reach the socket before the verdict, so the body still counts as trickling.
    let sent = 0;
    await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => {
        if (res.destroyed || sent >= 1000) return void clearInterval(timer);
        res.write(' ');
        sent++;
      }, 20);
    }, { timeoutMs: 2000 });
    const started = performance.now();
    const block = setTimeout(() => {
      // Blocked, as a process that is not scheduled; asleep, not spinning (1.8 s of a core).
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.max(0, 2300 - (performance.now() - started)));
    }, 500);
    const error = (await getCluster(client!, 'p', 'c').catch((e: unknown) => e)) as TimeoutError;
    clearTimeout(block);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toMatch(/\(\d+ bytes arrived, slowly\)$/);
  });

  test('0 means no deadline', async () => {
    await serve((_req, res) => {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"name":"late"}');
      }, 300);
    }, { timeoutMs: 0 });
    expect((await getCluster(client!, 'p', 'c')).body).toEqual({ name: 'late' });
  });
});
