// The authentication scheme one client uses, behind one small interface the
// transport calls: begin() before a request, authorize() on every wire attempt
// (so a retried request gets a fresh digest nc), after401() to re-authenticate
// once, end() when done.
//
// When both API keys and service-account credentials are set, the service
// account wins: the seed calls it the recommended method.
import { UsageError, type Remedy } from '../base/errors.js';
import { ENV_FOR_KEY, type SettingSource } from '../config/resolve.js';
import { parseChallenge } from './digest.js';
import { DigestSession } from './digestSession.js';
import type { BearerToken, ServiceAccountTokens } from './serviceAccount.js';

type Headers = Record<string, string | string[] | undefined>;

export interface AuthTicket {
  /** Digest: this request goes first to fetch the challenge; others wait for it. */
  primer: boolean;
  /** Digest: the nonce of the last attempt's Authorization; undefined if it had none. */
  sentNonce?: string;
  /** Digest: a challenge was taken over while serving this request. */
  learned: boolean;
  /** Bearer: the token this request carries. */
  bearer?: BearerToken;
  /** Digest: a nonce reused from an earlier run was refused without stale, and the fresh one was answered. */
  reuseRefused?: boolean;
  /** The status of the last answer, set by the transport; unset when the request failed without one. */
  status?: number;
}

export interface AuthScheme {
  readonly kind: 'digest' | 'bearer' | 'none';
  /** The hint for a 401 that re-authenticating could not cure. */
  readonly failureRemedy: Remedy;
  begin(): Promise<AuthTicket>;
  authorize(method: string, uri: string, ticket: AuthTicket): string | undefined;
  /** True to send the request again. Throws DigestParseError on a malformed challenge. */
  after401(headers: Headers, ticket: AuthTicket): Promise<boolean>;
  end(ticket: AuthTicket): void;
}

// What to check when the service refuses: the CLI words it (remedyHint in src/main.ts).
export const DIGEST_FAILURE: Remedy = { setting: 'credentials', kind: 'apiKey' };
export const BEARER_FAILURE: Remedy = { setting: 'credentials', kind: 'serviceAccount' };
export const NO_CREDENTIALS: Remedy = { setting: 'credentials', kind: 'none' };

export class DigestScheme implements AuthScheme {
  readonly kind = 'digest';
  readonly failureRemedy = DIGEST_FAILURE;

  constructor(readonly session: DigestSession) {}

  async begin(): Promise<AuthTicket> {
    const primer = await this.session.awaitTurn();
    if (!primer) return { primer, learned: false };
    let adopted: boolean;
    try {
      adopted = await this.session.adoptStored();
    } catch (error) {
      this.session.finishPriming();
      throw error;
    }
    // Adopted: the requests waiting on the primer go ahead signed with the stored nonce.
    if (adopted) this.session.finishPriming();
    return { primer: !adopted, learned: false };
  }

  authorize(method: string, uri: string, ticket: AuthTicket): string | undefined {
    const signed = this.session.sign(method, uri);
    ticket.sentNonce = signed?.nonce;
    return signed?.header;
  }

  async after401(headers: Headers, ticket: AuthTicket): Promise<boolean> {
    const challenge = parseChallenge(headers['www-authenticate']);
    if (!challenge) return false;
    // Answer the challenge when we sent no credentials, when the nonce went
    // stale, or once when a nonce cached from an earlier request was refused
    // (a server may rotate nonces without saying stale). A fresh nonce refused
    // without stale means the key is wrong.
    if (ticket.sentNonce === undefined || challenge.stale || !ticket.learned) {
      // A stored nonce refused without stale: the server may not accept reuse (confirmed in end()).
      ticket.reuseRefused = !challenge.stale && this.session.isAdopted(ticket.sentNonce);
      this.session.learn(challenge);
      ticket.learned = true;
      // undici puts the connection back in its pool a turn of the event loop after
      // the 401's body ends: answering at once would open a second connection.
      await new Promise((resolve) => setImmediate(resolve));
      return true;
    }
    // The fresh nonce was refused too: the key is wrong, not the reuse.
    ticket.reuseRefused = false;
    return false;
  }

  end(ticket: AuthTicket): void {
    if (ticket.primer) this.session.finishPriming();
    if (ticket.reuseRefused && ticket.status !== undefined && ticket.status !== 401) this.session.noteReuseRefused();
  }
}

export class BearerScheme implements AuthScheme {
  readonly kind = 'bearer';
  readonly failureRemedy = BEARER_FAILURE;

  constructor(private readonly tokens: ServiceAccountTokens) {}

  async begin(): Promise<AuthTicket> {
    return { primer: false, learned: false, bearer: await this.tokens.get() };
  }

  authorize(_method: string, _uri: string, ticket: AuthTicket): string | undefined {
    return ticket.bearer ? `Bearer ${ticket.bearer.token}` : undefined;
  }

  async after401(_headers: Headers, ticket: AuthTicket): Promise<boolean> {
    if (!ticket.bearer || ticket.bearer.fresh) return false;
    ticket.bearer = await this.tokens.refresh(ticket.bearer.token);
    return true;
  }

  end(): void {}
}

export class NoAuthScheme implements AuthScheme {
  readonly kind = 'none';
  readonly failureRemedy = NO_CREDENTIALS;
  async begin(): Promise<AuthTicket> {
    return { primer: false, learned: false };
  }
  authorize(): undefined {
    return undefined;
  }
  async after401(): Promise<boolean> {
    return false;
  }
  end(): void {}
}

export interface CredentialSettings {
  publicKey?: string;
  privateKey?: string;
  clientId?: string;
  clientSecret?: string;
  /** The profile a half pair is in, for the message. */
  profileName?: string;
}

type CredentialKey = 'publicKey' | 'privateKey' | 'clientId' | 'clientSecret';

/**
 * Which method the settings select: 'bearer' when clientId and clientSecret are
 * both set (preferred), else 'digest' with both keys, else 'none'. Half a pair
 * with no complete other pair is a UsageError naming the missing setting and,
 * given `sources` (src/config/resolve.ts), where the half that is set came from:
 * the environment or the profile.
 */
export function chooseAuthMethod(settings: CredentialSettings, sources: Partial<Record<CredentialKey, SettingSource>> = {}): 'bearer' | 'digest' | 'none' {
  if (settings.clientId && settings.clientSecret) return 'bearer';
  if (settings.publicKey && settings.privateKey) return 'digest';
  if (settings.clientId || settings.clientSecret) {
    throw halfPair(settings, sources, settings.clientId ? ['clientId', 'clientSecret'] : ['clientSecret', 'clientId'], 'serviceAccount');
  }
  if (settings.publicKey || settings.privateKey) {
    throw halfPair(settings, sources, settings.publicKey ? ['publicKey', 'privateKey'] : ['privateKey', 'publicKey'], 'apiKey');
  }
  return 'none';
}

/** `set`'s pair lacks `missing`: one line saying which source holds `set`. */
function halfPair(
  settings: CredentialSettings,
  sources: Partial<Record<CredentialKey, SettingSource>>,
  [set, missing]: [CredentialKey, CredentialKey],
  kind: 'apiKey' | 'serviceAccount',
): UsageError {
  if (sources[set] === 'env') {
    // The variable is what to fix: unset it, or set its other half.
    const [setName, missingName] = [ENV_FOR_KEY[set]!, ENV_FOR_KEY[missing]!];
    return new UsageError(`the environment has ${setName} but no ${missingName}`, { hint: `set ${missingName} too, or unset ${setName}` });
  }
  const holder = sources[set] === 'profile' && settings.profileName !== undefined ? `profile "${settings.profileName}"` : 'the profile';
  return new UsageError(`${holder} has ${set} but no ${missing}`, { remedy: { setting: 'credentialPair', kind } });
}
