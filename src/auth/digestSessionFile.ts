// The digest session kept between cdba runs, so that a new process can sign its
// first request with the nonce an earlier run was given instead of paying a 401
// round trip for a fresh challenge (issue 14).
//
//   <configDir>/digest/session-<sha256(baseUrl, publicKey, privateKey)>.json
//     realm, nonce, algorithm, qop, opaque, cnonce and `next`, the next free nc:
//     nothing secret (the key pair only shapes the file name, through a hash).
//   <configDir>/digest/server-<sha256(baseUrl)>.json
//     written when the server refused a reused nonce, so later runs do not try.
//
// Two processes must never send the same (nonce, nc): a server takes the second
// for a replay. A process therefore reserves a block of nc values under a lock
// (src/base/dirLock.ts, held across synchronous file operations only) and never
// signs past its block. A fresh challenge needs no lock: its nonce is new, so no one
// else holds nc values for it; it is written with `next` after the block this
// process keeps.
//
// Everything here is best effort: when the directory cannot be written, the
// session is not kept, with one --debug line (skipUnwritableDigestCache), and
// every call answers a fresh challenge as before. So the files are not synced
// to disk (an fsync is up to 7 ms of waiting per call): after a crash of the
// machine the session may be lost (one more challenge) or hold an older
// `next`; the server refuses the nc sent again as a replay, which costs one
// more challenge and, as with any server that refuses a stored nonce, no
// reuse with it for REFUSAL_MEMORY_MS.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readOwnFileSync } from '../base/boundedRead.js';
import { dirname, join } from 'node:path';
import { withDirLock } from '../base/dirLock.js';
import { writePrivateFileSync } from '../base/privateFile.js';
import { fsReason } from '../base/fsError.js';
import { DIGEST_ALGORITHMS, type DigestChallenge } from './digest.js';

/** nc values one process reserves at a time; after a block it asks for a fresh challenge. */
export const NC_BLOCK = 256;
/** nc is eight hex digits. */
export const NC_MAX = 0xffffffff;
/** How long a server's refusal of reused nonces is remembered before trying again. */
export const REFUSAL_MEMORY_MS = 7 * 24 * 3600_000;

export interface DigestKey {
  baseUrl: string;
  username: string;
  password: string;
}

/** A stored challenge and the nc values [first, last] this process may use with it. */
export interface NcReservation {
  challenge: DigestChallenge;
  cnonce: string;
  first: number;
  last: number;
}

interface StoredSession {
  realm: string;
  nonce: string;
  algorithm: string;
  qop: string[];
  opaque?: string;
  cnonce: string;
  next: number;
}

/** 20 processes at once each hold the lock for a few file operations (well under a millisecond). */
const LOCK = { staleMs: 10_000, retries: 60, minWaitMs: 2, maxWaitMs: 60 };

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

let unwritableWarned = false;

/**
 * The one place that decides what a failed write of the digest session cache
 * does: nothing but a single line per process, which the client shows with
 * --debug only. The command goes on; without the cache each call costs one more
 * round trip, which a read-only config dir (CI) should not hear about on every call.
 */
export function skipUnwritableDigestCache(dir: string, error: unknown, warn: (line: string) => void): void {
  if (unwritableWarned) return;
  unwritableWarned = true;
  warn(`cannot keep the digest session in ${dir}: ${fsReason(error)}; each call will answer a fresh challenge`);
}

/** For tests: lets the next failure warn again. */
export function resetDigestCacheWarning(): void {
  unwritableWarned = false;
}

export class DigestSessionFile {
  readonly dir: string;
  readonly file: string;
  readonly serverFile: string;
  /** Set once the server is known to refuse reuse, or the directory is not writable. */
  private disabled = false;

  constructor(
    configDir: string,
    key: DigestKey,
    private readonly warn: (line: string) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.dir = join(configDir, 'digest');
    // Keyed on the key pair too: another key never inherits this one's session.
    this.file = join(this.dir, `session-${sha256(`${key.baseUrl}\n${key.username}\n${key.password}`)}.json`);
    this.serverFile = join(this.dir, `server-${sha256(key.baseUrl)}.json`);
  }

  /**
   * The stored session with a block of nc values no other process gets, or
   * undefined: nothing stored, the server refuses reuse, or the lock or the
   * write failed (then nothing is reused, never an nc that may be taken).
   */
  async reserve(): Promise<NcReservation | undefined> {
    if (this.refusesReuse() || readSession(this.file) === undefined) return undefined;
    try {
      const held = await withDirLock(`${this.file}.lock`, LOCK, () => {
        const stored = readSession(this.file);
        if (!stored || stored.next + NC_BLOCK - 1 > NC_MAX) return undefined;
        this.write(this.file, { ...stored, next: stored.next + NC_BLOCK });
        return { challenge: toChallenge(stored), cnonce: stored.cnonce, first: stored.next, last: stored.next + NC_BLOCK - 1 };
      });
      // Held by others through every retry: no reuse this time, never a guessed nc.
      return held?.value;
    } catch (error) {
      this.fail(error);
      return undefined;
    }
  }

  /**
   * Stores a fresh challenge this process has nc 1..NC_BLOCK of. Returns the
   * last nc it may use: NC_BLOCK when stored, NC_MAX when not (then no one
   * else can know the nonce).
   */
  saveFresh(challenge: DigestChallenge, cnonce: string): number {
    if (this.disabled || this.refusesReuse()) return NC_MAX;
    const session: StoredSession = {
      realm: challenge.realm,
      nonce: challenge.nonce,
      algorithm: challenge.algorithm,
      qop: challenge.qop,
      ...(challenge.opaque !== undefined ? { opaque: challenge.opaque } : {}),
      cnonce,
      next: NC_BLOCK + 1,
    };
    try {
      this.write(this.file, session);
      return NC_BLOCK;
    } catch (error) {
      this.fail(error);
      return NC_MAX;
    }
  }

  /** The server answered a reused nonce with a fresh challenge and took the answer: stop reusing there. */
  noteRefusal(): void {
    if (this.disabled) return;
    this.disabled = true;
    try {
      this.write(this.serverFile, { refusesReuse: true, since: this.now() });
    } catch (error) {
      this.fail(error);
    }
  }

  private refusesReuse(): boolean {
    if (this.disabled) return true;
    try {
      const note = JSON.parse(readOwnFileSync(this.serverFile)) as { refusesReuse?: unknown; since?: unknown };
      if (note.refusesReuse === true && typeof note.since === 'number' && this.now() - note.since < REFUSAL_MEMORY_MS) {
        this.disabled = true;
      }
    } catch {
      // No note: the server has not refused.
    }
    return this.disabled;
  }

  /** Atomic, 0600, never through a link, only into directories of this user's alone (src/base/privateFile.ts). */
  private write(file: string, data: object): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    writePrivateFileSync(file, JSON.stringify(data), [dirname(this.dir), this.dir], { durable: false });
  }

  private fail(error: unknown): void {
    this.disabled = true;
    skipUnwritableDigestCache(this.dir, error, this.warn);
  }
}

/** The stored session, or undefined when missing or not one (a damaged file is ignored). */
function readSession(file: string): StoredSession | undefined {
  let data: Partial<StoredSession>;
  try {
    data = JSON.parse(readOwnFileSync(file)) as Partial<StoredSession>;
  } catch {
    return undefined;
  }
  const ok =
    typeof data === 'object' && data !== null &&
    typeof data.realm === 'string' && typeof data.nonce === 'string' && data.nonce !== '' &&
    typeof data.algorithm === 'string' && (DIGEST_ALGORITHMS as readonly string[]).includes(data.algorithm) &&
    Array.isArray(data.qop) && data.qop.every((q) => typeof q === 'string') &&
    (data.opaque === undefined || typeof data.opaque === 'string') &&
    typeof data.cnonce === 'string' &&
    Number.isSafeInteger(data.next) && (data.next as number) >= 1;
  return ok ? (data as StoredSession) : undefined;
}

function toChallenge(stored: StoredSession): DigestChallenge {
  return {
    realm: stored.realm,
    nonce: stored.nonce,
    algorithm: stored.algorithm as DigestChallenge['algorithm'],
    qop: stored.qop,
    ...(stored.opaque !== undefined ? { opaque: stored.opaque } : {}),
    stale: false,
  };
}
