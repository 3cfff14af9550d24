// Emulator throughput: N keep-alive clients (one undici Client = one connection
// each) send authenticated GETs back to back for a bounded time and count.
// Each client is a digest session like the CLI's: one 401 challenge, then every
// request signed up front with the same nonce and the next nc (nonce reuse).
import { performance } from 'node:perf_hooks';
import { Client } from 'undici';
import { quantile } from './measure.mjs';

/** One digest session: adopts a challenge, then signs each request with the next nc. */
class DigestSigner {
  constructor(digest, username, password) {
    Object.assign(this, { digest, username, password, challenge: undefined, nc: 0 });
  }

  adopt(header) {
    this.challenge = this.digest.parseChallenge(Array.isArray(header) ? header : [header]);
    this.nc = 0;
  }

  /** The Authorization header for one request, or undefined before any challenge. */
  sign(method, uri) {
    const { challenge } = this;
    if (!challenge) return undefined;
    this.nc += 1;
    return this.digest.authorizationHeader({
      algorithm: challenge.algorithm,
      username: this.username,
      password: this.password,
      realm: challenge.realm,
      nonce: challenge.nonce,
      method,
      uri,
      qop: 'auth',
      nc: this.nc,
      cnonce: this.digest.newCnonce(),
      ...(challenge.opaque !== undefined ? { opaque: challenge.opaque } : {}),
    });
  }
}

/**
 * Times GETs of `paths` one after another on one keep-alive connection (after the
 * digest handshake): how long the server takes per request when nothing else runs.
 * @returns {Promise<number[]>} milliseconds per path
 */
export async function timeSequentialGets({ url, paths, accept, username, password, digest }) {
  const client = new Client(new URL(url).origin, { pipelining: 1, keepAliveTimeout: 60_000 });
  const signer = new DigestSigner(digest, username, password);
  const times = [];
  try {
    for (const path of paths) {
      for (;;) {
        const authorization = signer.sign('GET', path);
        const began = performance.now();
        const response = await client.request({ method: 'GET', path, headers: { accept, ...(authorization ? { authorization } : {}) } });
        await response.body.text();
        if (response.statusCode === 401 && !authorization) {
          signer.adopt(response.headers['www-authenticate']);
          continue;
        }
        if (response.statusCode !== 200) throw new Error(`GET ${path} answered ${response.statusCode}`);
        times.push(performance.now() - began);
        break;
      }
    }
  } finally {
    await client.close();
  }
  return times;
}

/**
 * @param {{
 *   url: string, path: string, accept: string, username: string, password: string,
 *   clients: number, durationMs: number, warmupMs: number, maxRequests: number,
 *   digest: typeof import('../../src/auth/digest.ts'),
 * }} options
 */
export async function runLoad(options) {
  const { url, path, accept, username, password, clients, digest } = options;
  const origin = new URL(url).origin;
  const latencies = [];
  const failures = {};
  const fail = (reason) => {
    failures[reason] = (failures[reason] ?? 0) + 1;
  };
  let sent = 0;
  let ok = 0;
  let challenges = 0;
  let connections = 0;
  let bytes = 0;
  let measuring = false;
  const startedAt = performance.now();
  const warmupEnds = startedAt + options.warmupMs;
  const deadline = warmupEnds + options.durationMs;
  let measuredFrom = warmupEnds;

  const worker = async () => {
    const client = new Client(origin, { pipelining: 1, keepAliveTimeout: 60_000 });
    client.on('connect', () => {
      connections += 1;
    });
    const signer = new DigestSigner(digest, username, password);
    let checkedBody = false;
    try {
      while (performance.now() < deadline && sent < options.maxRequests) {
        const inWindow = performance.now() >= warmupEnds;
        if (inWindow && !measuring) {
          measuring = true;
          measuredFrom = performance.now();
        }
        const headers = { accept };
        const authorization = signer.sign('GET', path);
        if (authorization) headers.authorization = authorization;
        const began = performance.now();
        let response;
        try {
          response = await client.request({ method: 'GET', path, headers });
        } catch (error) {
          if (inWindow) sent += 1;
          fail(`network: ${error.code ?? error.message}`);
          continue;
        }
        const body = await response.body.text();
        const ms = performance.now() - began;
        if (response.statusCode === 401 && !authorization) {
          // The session's one handshake: not a failure, not a measured GET.
          signer.adopt(response.headers['www-authenticate']);
          challenges += 1;
          continue;
        }
        if (!inWindow) continue;
        sent += 1;
        if (response.statusCode !== 200) {
          fail(`HTTP ${response.statusCode}`);
          continue;
        }
        if (!checkedBody) {
          // Once per client: the answer really is the cluster asked for.
          const name = JSON.parse(body).name;
          if (typeof name !== 'string' || !path.endsWith(`/${name}`)) fail('wrong body');
          checkedBody = true;
        }
        ok += 1;
        bytes += body.length;
        latencies.push(ms);
      }
    } finally {
      await client.close();
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  const seconds = (performance.now() - measuredFrom) / 1000;
  return {
    clients,
    seconds,
    sent,
    ok,
    failed: sent - ok,
    failures,
    challenges,
    connections,
    perSecond: ok / seconds,
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
    maxMs: latencies.length ? latencies.reduce((a, b) => Math.max(a, b)) : NaN,
    meanBodyBytes: ok ? bytes / ok : 0,
  };
}
