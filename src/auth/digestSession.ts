// Client-side digest state for one process: the server's current nonce and the
// nonce count. Holding them lets every request after the first send
// Authorization up front, so only the first request pays the 401 round trip.
// With a DigestSessionFile the first request of a new process can reuse the
// nonce an earlier run stored, with nc values reserved for this process.
import {
  authorizationHeader,
  DigestParseError,
  newCnonce,
  type DigestChallenge,
} from './digest.js';
import { NC_MAX, type DigestSessionFile } from './digestSessionFile.js';

export interface DigestCredentials {
  username: string;
  password: string;
}

export interface SignedRequest {
  header: string;
  /** The nonce the header used, to tell a stale nonce from a wrong key later. */
  nonce: string;
  nc: number;
}

export class DigestSession {
  private challenge: DigestChallenge | undefined;
  private nc = 0;
  /** The last nc this process may send with the current nonce (its reserved block when the nonce is shared). */
  private lastNc = NC_MAX;
  /** The nonce taken over from the session file, to recognise a server refusing reuse. */
  private adoptedNonce: string | undefined;
  private storeTried = false;
  /** -sess algorithms fold the cnonce into HA1, so one cnonce serves the whole nonce. */
  private sessionCnonce = '';
  private primingPromise: Promise<void> | undefined;
  private releasePriming: (() => void) | undefined;

  constructor(
    private readonly credentials: DigestCredentials,
    private readonly store?: DigestSessionFile,
  ) {}

  get hasChallenge(): boolean {
    return this.challenge !== undefined;
  }

  get currentNonce(): string | undefined {
    return this.challenge?.nonce;
  }

  /**
   * Takes over a new challenge (first 401, or a stale or rotated nonce).
   * Throws DigestParseError when the server offers only qop values we cannot answer.
   */
  learn(challenge: DigestChallenge): void {
    if (challenge.qop.length > 0 && !challenge.qop.includes('auth')) {
      throw new DigestParseError(`unsupported qop "${challenge.qop.join(',')}" (only auth is supported)`);
    }
    this.challenge = challenge;
    this.nc = 0;
    this.sessionCnonce = newCnonce();
    this.lastNc = this.store ? this.store.saveFresh(challenge, this.sessionCnonce) : NC_MAX;
    this.finishPriming();
  }

  /**
   * Once per process, before the first request: takes over the stored session
   * with a reserved block of nc values. False when there is none to take.
   */
  async adoptStored(): Promise<boolean> {
    if (!this.store || this.storeTried || this.challenge) return false;
    this.storeTried = true;
    const reserved = await this.store.reserve();
    if (!reserved || (reserved.challenge.qop.length > 0 && !reserved.challenge.qop.includes('auth'))) return false;
    this.challenge = reserved.challenge;
    this.nc = reserved.first - 1;
    this.lastNc = reserved.last;
    this.sessionCnonce = reserved.cnonce;
    this.adoptedNonce = reserved.challenge.nonce;
    return true;
  }

  /** True when `nonce` is the one taken over from the session file. */
  isAdopted(nonce: string | undefined): boolean {
    return nonce !== undefined && nonce === this.adoptedNonce;
  }

  /** The server refused the stored nonce but took a fresh one: it does not accept reuse. */
  noteReuseRefused(): void {
    this.store?.noteRefusal();
  }

  /**
   * The Authorization header for one request with the next nc, or undefined
   * before the first challenge. Synchronous, so concurrent requests never share an nc.
   */
  sign(method: string, uri: string): SignedRequest | undefined {
    const challenge = this.challenge;
    if (!challenge) return undefined;
    if (this.nc >= this.lastNc) {
      // This process's block of nc values is spent: the request goes unsigned
      // and fetches a fresh challenge, never an nc another process may hold.
      this.challenge = undefined;
      return undefined;
    }
    const nc = ++this.nc;
    const qop = challenge.qop.length > 0 ? ('auth' as const) : undefined;
    const header = authorizationHeader({
      algorithm: challenge.algorithm,
      username: this.credentials.username,
      password: this.credentials.password,
      realm: challenge.realm,
      nonce: challenge.nonce,
      method,
      uri,
      ...(qop ? { qop, nc, cnonce: challenge.algorithm.endsWith('-sess') ? this.sessionCnonce : newCnonce() } : {}),
      ...(challenge.opaque !== undefined ? { opaque: challenge.opaque } : {}),
    });
    return { header, nonce: challenge.nonce, nc };
  }

  /**
   * Before the first challenge, lets one request go ahead to fetch it while the
   * others wait, so concurrent first requests do not each pay a 401.
   * Returns true when the caller is that first request (and must call finishPriming).
   */
  async awaitTurn(): Promise<boolean> {
    if (this.challenge) return false;
    if (this.primingPromise) {
      await this.primingPromise;
      return false;
    }
    this.primingPromise = new Promise<void>((resolve) => {
      this.releasePriming = resolve;
    });
    return true;
  }

  /** Lets waiting requests go, whether or not a challenge arrived. */
  finishPriming(): void {
    this.releasePriming?.();
    this.releasePriming = undefined;
    this.primingPromise = undefined;
  }
}
