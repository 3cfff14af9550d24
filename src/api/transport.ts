// The wire: one undici Agent (keep-alive) per client, the base-URL rule (HTTPS,
// or http to loopback only), private CAs, timeouts, the body size cap and the User-Agent.
import { X509Certificate } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { arch, platform } from 'node:os';
import { rootCertificates } from 'node:tls';
import type { Dispatcher } from 'undici';
import { Agent } from './undici.js';
import type { DispatcherFactory } from './types.js';
import { MAX_BYTES, readTextFileSync } from '../base/boundedRead.js';
import { UsageError } from '../base/errors.js';
import { checkHostAndPort, isLoopbackHost } from '../config/validate.js';
import { DEADLINE_CODE } from './errors.js';
import { monotonicMs } from '../base/clock.js';

/** The response body cap. A 500-cluster page is about 1 MB; a bigger body is a broken or hostile server. */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

/**
 * Parses and checks a base URL: https anywhere, http only to a loopback host.
 * Userinfo is not looked at here: every base URL reaches the client through the
 * settings, whose validateBaseUrl refuses it without echoing it (and url.origin,
 * which the client sends to, never carries it).
 */
export function checkBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError(`invalid base URL "${baseUrl}"`, { hint: 'expected e.g. https://cloud.mongodb.com' });
  }
  if (url.search || url.hash) throw new UsageError(`the base URL must not have a query or fragment: ${baseUrl}`);
  if (url.protocol === 'https:' || url.protocol === 'http:') checkHostAndPort(url, baseUrl);
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:') {
    if (isLoopbackHost(url.hostname)) return url;
    throw new UsageError(`refusing plain http to ${url.host}: only https is allowed, except to loopback addresses (127.0.0.1, ::1) and localhost itself`, {
      hint: `use https://${url.host}${url.pathname === '/' ? '' : url.pathname}`,
    });
  }
  throw new UsageError(`unsupported scheme "${url.protocol}" in base URL ${baseUrl}: use https`);
}

export function userAgent(version: string): string {
  return `cdba/${version} (node ${process.versions.node}; ${platform()}; ${arch()})`;
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/**
 * The CA list for a profile's caFile: node's public roots plus the file, so
 * public CAs keep working. Passing `ca` replaces node's default store, which
 * would drop NODE_EXTRA_CA_CERTS, so that file is added back too.
 * Without caFile nothing is passed and node applies NODE_EXTRA_CA_CERTS itself.
 */
export function caCertificates(caFile: string, extraCaFile = process.env.NODE_EXTRA_CA_CERTS): string[] {
  const pem = readTextFileSync(caFile, { label: 'caFile', maxBytes: MAX_BYTES.pem, expected: 'PEM certificates' });
  const blocks = pem.match(PEM_CERTIFICATE) ?? [];
  if (blocks.length === 0) throw new UsageError(`caFile ${caFile} holds no PEM certificate`);
  // OpenSSL skips a block it cannot parse without a word, and TLS then fails far from the cause.
  for (const [index, block] of blocks.entries()) {
    try {
      new X509Certificate(block);
    } catch {
      throw new UsageError(`caFile ${caFile}: certificate ${index + 1} of ${blocks.length} is not a valid PEM certificate`);
    }
  }
  const list = [...rootCertificates, pem];
  if (extraCaFile) {
    try {
      list.push(readTextFileSync(extraCaFile, { label: 'NODE_EXTRA_CA_CERTS', maxBytes: MAX_BYTES.pem }));
    } catch {
      // node itself warns about an unreadable NODE_EXTRA_CA_CERTS.
    }
  }
  return list;
}

export interface AgentOptions {
  timeoutMs: number;
  caFile?: string;
  factory?: DispatcherFactory;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family: number) => void;

const LOOPBACK: LookupAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

type Lookup = (hostname: string, options: LookupOptions, callback: LookupCallback) => void;

/**
 * `resolve` (dns.lookup), except that `localhost` is the loopback addresses
 * without asking any resolver: plain http is allowed to it (isLoopbackHost), so
 * where it connects must not depend on /etc/hosts or a DNS answer.
 */
export function loopbackLookup(resolve: Lookup = dnsLookup): Lookup {
  return (hostname, options, callback) => {
    if (hostname.toLowerCase() !== 'localhost') {
      resolve(hostname, options, callback);
      return;
    }
    const addresses = LOOPBACK.filter((a) => !options.family || a.family === options.family);
    if (options.all) process.nextTick(callback, null, addresses);
    else process.nextTick(callback, null, addresses[0]!.address, addresses[0]!.family);
  };
}

/** A keep-alive Agent with connect, headers and body timeouts. */
export function createAgent(options: AgentOptions): Agent {
  return new Agent({
    connect: {
      timeout: options.timeoutMs,
      lookup: loopbackLookup(),
      ...(options.caFile ? { ca: caCertificates(options.caFile) } : {}),
    },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    keepAliveTimeout: 4_000,
    ...(options.factory ? { factory: options.factory } : {}),
  });
}

/**
 * --timeout as a deadline for one wire attempt: connect, headers and the whole
 * body, however slowly it trickles (undici's own timeouts only catch silence).
 * Each retry is a new attempt with a new deadline. 0 means no deadline.
 *
 * `onAttempt` is given, for each attempt, what ends its deadline: an answer the retry
 * policy will retry (a 429, a 503) is held paused while cdba waits before the next
 * attempt, and that wait, bounded by the retry budget, is not the server's to meet.
 *
 * A streamed download (`streamed`: a 2xx body handed to a sink, `logs download`) keeps the
 * deadline, but its clock stops while the sink holds the body back: while the output's
 * reader is slow (a pipe into a pager) backpressure pauses the body, and that time is cdba's,
 * not the server's. So a slow reader never makes a server look stalled, and a server that
 * trickles still meets the deadline. The clock runs again on resume with what was left.
 */
export function deadlineInterceptor(timeoutMs: number, options: { streamed?: boolean; onAttempt?: (endDeadline: () => void) => void } = {}): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (opts, handler) => {
    if (!(timeoutMs > 0)) return dispatch(opts, handler);
    let controller: Dispatcher.DispatchController | undefined;
    let phase: 'headers' | 'body' = 'headers';
    let bytes = 0;
    let lastData = monotonicMs();
    let expired = false;
    let ended = false;
    const fail = (): void => {
      if (ended) return;
      // Stalled (nothing for half the deadline) or trickling: the message says which.
      const stalled = monotonicMs() - lastData >= timeoutMs / 2;
      controller?.abort(Object.assign(new Error(`deadline of ${timeoutMs} ms passed`), { code: DEADLINE_CODE, phase, bytes, stalled }));
    };
    // Before the socket is connected there is nothing to abort: the connect timeout covers that part.
    // The verdict waits one poll of the event loop: bytes that reached the socket while
    // this process was not running count as arrived (a starved process is not a stalled server).
    let timer: NodeJS.Timeout | undefined;
    let left = timeoutMs;
    let armedAt = 0;
    const arm = (): void => {
      armedAt = monotonicMs();
      timer = setTimeout(() => {
        expired = true;
        setImmediate(fail);
      }, left);
      // While an attempt is in flight its socket keeps the process alive; the timer must not outlive it.
      timer.unref();
    };
    arm();
    options.onAttempt?.(() => {
      ended = true;
      clearTimeout(timer);
    });
    // A download's body held back by its sink: the clock stops, and runs again with what was left.
    let timing: 'running' | 'stopped' = 'running';
    const stopClock = (): void => {
      if (ended || expired || timing === 'stopped') return;
      timing = 'stopped';
      clearTimeout(timer);
      left = Math.max(0, left - (monotonicMs() - armedAt));
    };
    const startClock = (): void => {
      if (ended || expired || timing === 'running') return;
      timing = 'running';
      lastData = monotonicMs();
      arm();
    };
    /**
     * What the handlers above are given from the start (undici's retry keeps the one of
     * onRequestStart for the request's life): the controller, whose pause and resume also
     * stop and start the clock once a streamed body has begun.
     */
    let streamedBody = false;
    const clockedController = (c: Dispatcher.DispatchController): Dispatcher.DispatchController => ({
      get aborted() { return c.aborted; },
      get paused() { return c.paused; },
      get reason() { return c.reason; },
      get rawHeaders() { return c.rawHeaders; },
      get rawTrailers() { return c.rawTrailers; },
      abort: (reason) => c.abort(reason),
      pause: () => {
        if (streamedBody) stopClock();
        c.pause();
      },
      resume: () => {
        if (streamedBody) startClock();
        c.resume();
      },
    });
    let clocked: Dispatcher.DispatchController | undefined;
    return dispatch(opts, {
      onRequestStart: (c, context) => {
        controller = c;
        clocked = options.streamed ? clockedController(c) : undefined;
        handler.onRequestStart?.(clocked ?? c, context);
        if (expired) fail();
      },
      onRequestUpgrade: (c, statusCode, headers, socket) => handler.onRequestUpgrade?.(c, statusCode, headers, socket),
      onResponseStart: (c, statusCode, headers, statusMessage) => {
        phase = 'body';
        streamedBody = clocked !== undefined && statusCode >= 200 && statusCode < 300;
        handler.onResponseStart?.(clocked ?? c, statusCode, headers, statusMessage);
      },
      onResponseData: (c, chunk) => {
        bytes += chunk.length;
        lastData = monotonicMs();
        handler.onResponseData?.(clocked ?? c, chunk);
      },
      onResponseEnd: (c, trailers) => {
        ended = true;
        clearTimeout(timer);
        handler.onResponseEnd?.(c, trailers);
      },
      onResponseError: (c, error) => {
        ended = true;
        clearTimeout(timer);
        handler.onResponseError?.(c, error);
      },
    });
  };
}
