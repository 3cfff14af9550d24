// Who holds an env (issue 43, item 4). A run that makes an env, or joins it with
// --share, holds it until its env down: each holder has a database user of its own
// (the first cdba-env-<name>, a sharer cdba-env-<name>.<holder ID>, names.ts), so no
// run's password is changed under another. The user carries, as labels, the holder's
// ID (which this runner's state file records too), a description a person recognises
// (the CI run and job from GITHUB_* variables, else the host; and since when), and
// the access-list entry it uses. The set of holders is the set of the env's users:
// taking the first user is the claim two runs of env up race for (one create answers
// 409), and nothing holds a list that two runs would edit at once.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { capText } from '../../base/sanitize.js';
import { isHolderId, type EnvState } from './state.js';
import { ENV_USER_DB, envOfUsername, envUsername } from './names.js';

export const HOLDER_LABEL = 'cdba-env-holder';
export const HELD_BY_LABEL = 'cdba-env-held-by';
export const ENTRY_LABEL = 'cdba-env-entry';
const OWN_LABELS = new Set([HOLDER_LABEL, HELD_BY_LABEL, ENTRY_LABEL]);

/** One holder of an env: its user, and what its labels say. */
export interface Holder {
  username: string;
  /** Its ID; undefined for a user an earlier cdba made, which recorded none. */
  id?: string;
  /** Who it is, in words (CI run and job, or host), and since when. */
  heldBy?: string;
  /** The access-list entry it uses. */
  entry?: string;
  deleteAfterDate?: string;
  /** The user's document as listed (its other labels are kept when this holder's are set). */
  doc: Record<string, unknown>;
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A holder's ID: ten random letters and digits (also the suffix of a sharer's user). */
export function newHolderId(): string {
  return [...randomBytes(10)].map((byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
}


/**
 * This run in words a person recognises, never a secret: the GitHub Actions run, its
 * attempt, job and runner where GITHUB_* says so, else the host; and when it took the env.
 */
export function describeHolder(env: NodeJS.ProcessEnv, now: Date = new Date()): string {
  const since = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const word = (value: string | undefined): string | undefined => (value && value.trim() !== '' ? capText(value.trim(), 60) : undefined);
  const runId = word(env.GITHUB_RUN_ID);
  let who: string;
  if (runId !== undefined) {
    const attempt = word(env.GITHUB_RUN_ATTEMPT);
    const job = word(env.GITHUB_JOB);
    const repo = word(env.GITHUB_REPOSITORY);
    const runner = word(env.RUNNER_NAME);
    who = `GitHub Actions run ${runId}${attempt && attempt !== '1' ? ` attempt ${attempt}` : ''}${job ? `, job ${job}` : ''}${repo ? ` of ${repo}` : ''}${runner ? `, runner ${runner}` : ''}`;
  } else {
    who = `host ${word(hostname()) ?? 'unknown'}`;
  }
  return capText(`${who}, since ${since}`, 255);
}

function labelsOf(user: Record<string, unknown>): Array<{ key: string; value: string }> {
  const labels = Array.isArray(user.labels) ? (user.labels as unknown[]) : [];
  return labels.filter((l): l is { key: string; value: string } => typeof l === 'object' && l !== null && typeof (l as Record<string, unknown>).key === 'string' && typeof (l as Record<string, unknown>).value === 'string');
}

/** What a user document of the env says of its holder. */
export function holderOf(user: Record<string, unknown>): Holder {
  const label = (key: string): string | undefined => labelsOf(user).find((l) => l.key === key)?.value;
  const id = label(HOLDER_LABEL);
  const heldBy = label(HELD_BY_LABEL);
  const entry = label(ENTRY_LABEL);
  return {
    username: String(user.username),
    ...(isHolderId(id) ? { id } : {}),
    ...(heldBy ? { heldBy } : {}),
    ...(entry ? { entry } : {}),
    ...(typeof user.deleteAfterDate === 'string' ? { deleteAfterDate: user.deleteAfterDate } : {}),
    doc: user,
  };
}

/** The labels of a holder's user: the user's other labels kept, this holder's set. */
export function holderLabels(user: Record<string, unknown> | undefined, id: string, heldBy: string, entry: string): Array<{ key: string; value: string }> {
  const others = user ? labelsOf(user).filter((l) => !OWN_LABELS.has(l.key)) : [];
  return [...others, { key: HOLDER_LABEL, value: id }, { key: HELD_BY_LABEL, value: heldBy }, { key: ENTRY_LABEL, value: entry }];
}

/** The holders of env `name` among a project's users (its users in admin, the first's and the sharers'). */
export function envHolders(users: readonly Record<string, unknown>[], name: string): Holder[] {
  return users.filter((u) => u.databaseName === ENV_USER_DB && envOfUsername(u.username) === name).map(holderOf);
}

/**
 * Whether this runner's state file proves the holder is this run: the same holder ID;
 * a state file written before holders were recorded proves the first user that has none.
 */
export function isOurs(holder: Holder, state: EnvState | undefined): boolean {
  if (!state) return false;
  if (state.holder !== undefined) return holder.id === state.holder;
  return holder.id === undefined && holder.username === envUsername(state.name);
}

/** The holders in words, for a refusal: "GitHub Actions run 42, job test, since …" (user cdba-env-x). */
export function holderWords(holders: readonly Holder[]): string {
  const one = (h: Holder): string => `${h.heldBy ?? 'a run that recorded no holder (an earlier cdba)'} (user ${h.username})`;
  return holders.length === 1 ? one(holders[0]!) : `${holders.length} runs: ${holders.map(one).join('; ')}`;
}
