// The wire: one undici Agent (keep-alive) per client, the base-URL rule (HTTPS,
// or http to loopback only), private CAs, timeouts and the User-Agent.
import { readFileSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { rootCertificates } from 'node:tls';
import { Agent } from './undici.js';
import { UsageError } from '../core/errors.js';
import { isLoopbackHost } from '../config/validate.js';

/** Parses and checks a base URL: https anywhere, http only to a loopback host. */
export function checkBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError(`invalid base URL "${baseUrl}"`, { hint: 'expected e.g. https://cloud.mongodb.com' });
  }
  if (url.username || url.password) throw new UsageError('the base URL must not contain credentials');
  if (url.search || url.hash) throw new UsageError(`the base URL must not have a query or fragment: ${baseUrl}`);
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:') {
    if (isLoopbackHost(url.hostname)) return url;
    throw new UsageError(`refusing plain http to ${url.host}: only https is allowed, except to loopback hosts (127.0.0.1, ::1, localhost)`, {
      hint: `use https://${url.host}${url.pathname === '/' ? '' : url.pathname}`,
    });
  }
  throw new UsageError(`unsupported scheme "${url.protocol}" in base URL ${baseUrl}: use https`);
}

export function userAgent(version: string): string {
  return `cdba/${version} (node ${process.versions.node}; ${platform()}; ${arch()})`;
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----/;

/**
 * The CA list for a profile's caFile: node's public roots plus the file, so
 * public CAs keep working. Passing `ca` replaces node's default store, which
 * would drop NODE_EXTRA_CA_CERTS, so that file is added back too.
 * Without caFile nothing is passed and node applies NODE_EXTRA_CA_CERTS itself.
 */
export function caCertificates(caFile: string, extraCaFile = process.env.NODE_EXTRA_CA_CERTS): string[] {
  let pem: string;
  try {
    pem = readFileSync(caFile, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read caFile ${caFile}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  if (!PEM_CERTIFICATE.test(pem)) throw new UsageError(`caFile ${caFile} holds no PEM certificate`);
  const list = [...rootCertificates, pem];
  if (extraCaFile) {
    try {
      list.push(readFileSync(extraCaFile, 'utf8'));
    } catch {
      // node itself warns about an unreadable NODE_EXTRA_CA_CERTS.
    }
  }
  return list;
}

export interface AgentOptions {
  timeoutMs: number;
  caFile?: string;
}

/** A keep-alive Agent with connect, headers and body timeouts. */
export function createAgent(options: AgentOptions): Agent {
  return new Agent({
    connect: {
      timeout: options.timeoutMs,
      ...(options.caFile ? { ca: caCertificates(options.caFile) } : {}),
    },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    keepAliveTimeout: 4_000,
  });
}
