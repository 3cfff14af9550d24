// A proxy in front of an emulator that forwards every request as it is and lets a
// test change chosen answers: a damaged field in a cluster document, a hostile
// address from /api/private/ipinfo, a header of any answer. What the service might answer, without
// teaching the emulator to answer wrongly.
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The JSON answer to `method path` (path without the query) changed, or undefined to pass it on as it is. */
export type Rewrite = (method: string, path: string, body: unknown) => unknown;

export interface AnswerProxy {
  url: string;
  /** What the proxy changes from now on (undefined: nothing). */
  rewrite: Rewrite | undefined;
  /** Awaited before a request is forwarded (method, path without the query): what happens at the service meanwhile. */
  before: ((method: string, path: string) => Promise<void>) | undefined;
  /** Changes the headers of any answer, JSON or not, in place (a Content-Disposition the service might send). */
  headers: ((method: string, path: string, headers: IncomingHttpHeaders) => void) | undefined;
  /** Another status for an answer (undefined: as it is); a 204 goes without its body, as a 204 must. */
  status: ((method: string, path: string, status: number) => number | undefined) | undefined;
  close(): Promise<void>;
}

export async function answerProxy(target: string): Promise<AnswerProxy> {
  const to = new URL(target);
  const proxy: AnswerProxy = { url: '', rewrite: undefined, before: undefined, headers: undefined, status: undefined, close: async () => {} };
  const server = createServer(async (req, res) => {
    await proxy.before?.(req.method ?? 'GET', (req.url ?? '').split('?')[0]!);
    const forward = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        let body = Buffer.concat(chunks);
        const headers: IncomingHttpHeaders = { ...answer.headers };
        const path = (req.url ?? '').split('?')[0]!;
        if (proxy.rewrite && /json/.test(String(headers['content-type'])) && body.length > 0) {
          const changed = proxy.rewrite(req.method ?? 'GET', path, JSON.parse(body.toString('utf8')));
          if (changed !== undefined) {
            body = Buffer.from(JSON.stringify(changed), 'utf8');
            headers['content-length'] = String(body.length);
            delete headers['transfer-encoding'];
          }
        }
        proxy.headers?.(req.method ?? 'GET', path, headers);
        const status = proxy.status?.(req.method ?? 'GET', path, answer.statusCode ?? 502) ?? answer.statusCode ?? 502;
        if (status === 204) {
          body = Buffer.alloc(0);
          for (const name of ['content-length', 'content-type', 'transfer-encoding']) delete headers[name];
        }
        res.writeHead(status, headers);
        res.end(body);
      });
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections(); // a client's kept-alive connections would hold close() open
    });
  return proxy;
}
