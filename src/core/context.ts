// What every command gets: io, resolved settings, an API client, output and
// confirmation helpers. Heavy pieces (the config writer's lock, undici, formatters) load on first use.
import type { ApiClient } from '../api/client.js';
import { FLAG_FOR_KEY, resolveOutput, resolveProfileName, resolveSettings, type Resolved, type SettingSource } from '../config/resolve.js';
import type { OutputFormat, Settings } from '../config/settings.js';
import { configDirFor, profileNamed, type ConfigStore } from '../config/store.js';
import { validateOutput } from '../config/validate.js';
import { decideOutput, outputFormat, type FormInputs, type OutputForm, type ResultKind } from '../output/form.js';
import type { TableSpec } from '../output/render.js';
import { ApiError, DeclinedError, InterruptedError, UsageError } from '../base/errors.js';
import { parseDuration } from './duration.js';
import { CHOOSE_PROFILE, followUp, pickProjectHint } from './hints.js';
import type { IO } from '../base/io.js';
import { DEFAULT_WATCH_INTERVALS, watchIntervalsFromEnv, type DeadlineTimer, type WatchIntervals } from './watch.js';

/** The global options of DESIGN.md, as commander parses them. */
export interface GlobalOptions {
  profile?: string;
  output?: string;
  query?: string;
  projectId?: string;
  apiVersion?: string;
  baseUrl?: string;
  debug?: boolean;
  color?: boolean;
  yes?: boolean;
  timeout?: string;
  /** Only on commands that watch: their own deadline. */
  watchTimeout?: string;
  wide?: boolean;
}

/** CDBA_DEBUG turns the trace on unless empty or 0. */
export function debugFromEnv(env: NodeJS.ProcessEnv): boolean {
  return env.CDBA_DEBUG !== undefined && env.CDBA_DEBUG !== '' && env.CDBA_DEBUG !== '0';
}

export interface ResolvedContext extends Resolved {
  profileSource: SettingSource;
  /** False when the named profile is not in the config file. */
  profileExists: boolean;
  /** Profiles exist, but none is current (the current one was removed) and there is no "default": nothing supplies settings. */
  noneSelected: boolean;
}

/**
 * What a caller of main() may inject instead of the defaults: the seam for
 * in-process tests (test/helpers/inProcess.ts). Users never set these.
 */
export interface ContextOptions {
  /** Poll intervals of every --watch; default 1 s growing to 10 s. */
  watchIntervals?: WatchIntervals;
  /** The timer of every --watch-timeout; default a real one (a test ends it when it has seen what it waits for). */
  watchDeadline?: DeadlineTimer;
  /** A ready API client (e.g. one a test built), used instead of one built from the settings. */
  apiClient?: ApiClient;
}

/** How long the one extra look for a near cluster name may take. */
const NEAR_NAME_TIMEOUT_MS = 10_000;
/** Errors already given a suggestion (a run may hold more than one context). */
const SUGGESTED = new WeakSet<Error>();

export class Context {
  private storePromise: Promise<ConfigStore> | undefined;
  private resolvedPromise: Promise<ResolvedContext> | undefined;
  /** The settings once resolved, for what an error's hint needs afterwards. */
  private resolvedValue: ResolvedContext | undefined;
  private apiClient: ApiClient | undefined;
  /** Set by commands that manage profiles: a profile that is named but gone is not an error to them. */
  allowMissingProfile = false;

  constructor(
    readonly io: IO,
    readonly env: NodeJS.ProcessEnv,
    readonly version: string,
    readonly globals: GlobalOptions,
    private readonly options: ContextOptions = {},
  ) {}

  get watchIntervals(): WatchIntervals {
    return this.options.watchIntervals ?? watchIntervalsFromEnv(this.env) ?? DEFAULT_WATCH_INTERVALS;
  }

  get watchDeadline(): DeadlineTimer | undefined {
    return this.options.watchDeadline;
  }

  get configDir(): string {
    return configDirFor(this.env);
  }

  get debug(): boolean {
    return Boolean(this.globals.debug) || debugFromEnv(this.env);
  }

  get timeoutMs(): number {
    return this.globals.timeout ? parseDuration(this.globals.timeout, '--timeout') : 60_000;
  }

  /** A command to suggest, carrying this invocation's -P, --project-id, --base-url and --api-version flags. */
  followUp(...words: string[]): string {
    return followUp(this.globals, ...words);
  }

  config(): Promise<ConfigStore> {
    this.storePromise ??= import('../config/store.js').then(({ ConfigStore }) => ConfigStore.open(this.configDir, (line) => this.io.warn(line)));
    return this.storePromise;
  }

  /** Settings after flag > env > profile > default, with where each came from. */
  resolve(): Promise<ResolvedContext> {
    this.resolvedPromise ??= (async () => {
      const config = (await this.config()).read();
      const { name, source } = resolveProfileName(this.globals.profile, this.env, config.currentProfile);
      const profile = profileNamed(config, name);
      if (!profile && source !== 'default' && !this.allowMissingProfile) {
        throw new UsageError(`profile "${name}" does not exist`, { hint: 'see cdba profile list' });
      }
      const resolved = resolveSettings({
        profileName: name,
        flags: {
          baseUrl: this.globals.baseUrl,
          projectId: this.globals.projectId,
          apiVersion: this.globals.apiVersion,
          output: this.globals.output,
        },
        env: this.env,
        profile: profile ?? {},
      });
      const noneSelected = source === 'default' && !profile && Object.keys(config.profiles).length > 0;
      this.resolvedValue = { ...resolved, profileSource: source, profileExists: Boolean(profile), noneSelected };
      return this.resolvedValue;
    })();
    return this.resolvedPromise;
  }

  /**
   * Whether a service account's token may be kept in `<configDir>/tokens/` for the next run.
   * Not when its client ID or secret comes from the environment (CI): `cdba run` takes
   * CDBA_CLIENT_ID and CDBA_CLIENT_SECRET out of CMD's environment, but CMD keeps HOME and
   * could read a token file and call the API with it; this process's memory it cannot read.
   */
  private async persistToken(): Promise<boolean> {
    const { sources } = await this.resolve();
    return sources.clientId !== 'env' && sources.clientSecret !== 'env';
  }

  async settings(): Promise<Settings> {
    return (await this.resolve()).settings;
  }

  async projectId(): Promise<string> {
    const { settings, noneSelected } = await this.resolve();
    if (!settings.projectId && noneSelected) throw new UsageError('no profile is selected, so there is no project ID', { hint: `${CHOOSE_PROFILE}, or pass --project-id` });
    if (!settings.projectId) {
      throw new UsageError('no project ID: pass --project-id, set CDBA_PROJECT_ID, or cdba profile set <name> projectId <id>');
    }
    return settings.projectId;
  }

  /**
   * Adds to an error what only the settings know: the project the profile names
   * is gone (deleted, say), so every command fails until another is chosen.
   */
  explain(error: unknown): void {
    const resolved = this.resolvedValue;
    if (!(error instanceof ApiError) || error.errorCode !== 'GROUP_NOT_FOUND' || error.hint !== undefined || !resolved) return;
    const { settings, sources } = resolved;
    const projectId = settings.projectId;
    if (sources.projectId !== 'profile' || !projectId || !(error.document?.parameters?.includes(projectId) || error.message.includes(projectId))) return;
    error.hint = `profile "${settings.profileName}" names project ${projectId}, which does not exist (deleted?): ${pickProjectHint(this.globals)}`;
  }

  /**
   * Adds "did you mean <name>?" to a "no such cluster" answer when the project has a near
   * name (issue 43, item 10): one list request, only after that 404 and only once the
   * service was asked; it tries once, prints nothing (the --debug trace aside), gives up
   * after 10 s, and on any failure of its own leaves the error as it was.
   */
  async suggestNearCluster(error: unknown, valid: (name: string) => boolean): Promise<void> {
    const { didYouMean, missingCluster, nearClusterNames } = await import('./nearName.js');
    const missing = missingCluster(error);
    if (!missing || !(error instanceof ApiError) || SUGGESTED.has(error) || this.io.signal.aborted) return;
    if (this.apiClient === undefined && this.options.apiClient === undefined) return;
    const projectId = missing.projectId ?? this.resolvedValue?.settings.projectId;
    if (!projectId) return;
    SUGGESTED.add(error);
    let client = this.options.apiClient;
    try {
      if (client === undefined) {
        const { createApiClient, SILENT_EVENTS } = await import('../api/client.js');
        client = createApiClient({
          settings: await this.settings(),
          events: { ...SILENT_EVENTS, secret: (value) => this.io.addSecret(value), trace: (line) => this.io.trace(line) },
          signal: this.io.signal,
          debug: this.debug,
          timeoutMs: Math.min(this.timeoutMs > 0 ? this.timeoutMs : NEAR_NAME_TIMEOUT_MS, NEAR_NAME_TIMEOUT_MS),
          retry: { maxAttempts: 1 },
          configDir: this.configDir,
          persistToken: await this.persistToken(),
          userAgentVersion: this.version,
        });
      }
      const near = didYouMean(await nearClusterNames(client, projectId, missing.name, valid));
      if (near) error.hint = [near, error.hint].filter(Boolean).join('; ');
    } catch {
      // No suggestion: the answer stands as the service gave it.
    } finally {
      if (client !== undefined && client !== this.options.apiClient) await client.close({ processEnding: this.io.ownsProcess }).catch(() => {});
    }
  }

  async api(): Promise<ApiClient> {
    if (this.apiClient) return this.apiClient;
    const settings = await this.settings();
    // Everything the user typed is checked before the first request: a bad --query too.
    if (this.globals.query !== undefined) await (await import('../output/render.js')).checkQuery(this.globals.query);
    // An injected client belongs to whoever made it: it is used, not closed here.
    if (this.options.apiClient) return this.options.apiClient;
    const { createApiClient } = await import('../api/client.js');
    // No credentials at all would only earn a 401 from the service: say so before asking it.
    const { chooseAuthMethod } = await import('../auth/scheme.js');
    // Half a pair is refused here, naming where the half came from (the environment or the profile).
    const { sources, noneSelected } = await this.resolve();
    const method = chooseAuthMethod(settings, sources);
    if (method === 'none' && noneSelected) {
      throw new UsageError('no profile is selected, so there are no credentials', {
        hint: `${CHOOSE_PROFILE}, or set CDBA_PUBLIC_KEY and CDBA_PRIVATE_KEY (or CDBA_CLIENT_ID and CDBA_CLIENT_SECRET)`,
      });
    }
    if (method === 'none') {
      throw new UsageError(`no credentials are set for profile "${settings.profileName}"`, {
        hint: 'run cdba profile add, or set CDBA_PUBLIC_KEY and CDBA_PRIVATE_KEY (or CDBA_CLIENT_ID and CDBA_CLIENT_SECRET)',
      });
    }
    const { apiEventsFor } = await import('./apiEvents.js');
    this.apiClient = createApiClient({
      settings,
      events: apiEventsFor(this.io),
      signal: this.io.signal,
      debug: this.debug,
      timeoutMs: this.timeoutMs,
      configDir: this.configDir,
      persistToken: await this.persistToken(),
      userAgentVersion: this.version,
    });
    return this.apiClient;
  }

  /**
   * The output format: --output, CDBA_OUTPUT, the profile's output, then
   * table on a TTY and json in a pipe. A flag is validated even with no profile.
   */
  async outputFormat(): Promise<OutputFormat> {
    return outputFormat(this.formInputs());
  }

  /** How to show a result of this kind (src/output/form.ts decides, for every command). */
  async outputForm(kind: ResultKind): Promise<OutputForm> {
    return decideOutput(kind, this.formInputs());
  }

  /**
   * CDBA_OUTPUT or the profile's output (the flag too, as resolve() takes it), and
   * nothing else: printing a result must not fail on a setting it does not use (a bad
   * CDBA_PROJECT_ID of `profile list`, which is how one finds the profile to fix).
   * A bad output value itself is refused, in resolve()'s words.
   */
  private async outputSetting(): Promise<OutputFormat | undefined> {
    if (this.resolvedValue) return this.resolvedValue.settings.output;
    const config = (await this.config()).read();
    const { name } = resolveProfileName(this.globals.profile, this.env, config.currentProfile);
    return resolveOutput({ profileName: name, flags: { output: this.globals.output }, env: this.env, profile: profileNamed(config, name) ?? {} });
  }

  private formInputs(): FormInputs {
    return {
      flag: this.globals.output ? validateOutput(this.globals.output, FLAG_FOR_KEY.output) : undefined,
      setting: () => this.outputSetting(),
      query: this.globals.query !== undefined,
      tty: this.io.outIsTTY,
    };
  }

  /** Formats and writes a command's result document to stdout. */
  async output<Row>(document: unknown, table?: TableSpec<Row>): Promise<void> {
    const { render } = await import('../output/render.js');
    await render(this.io, document, {
      format: await this.outputFormat(),
      query: this.globals.query,
      table,
      // On a terminal, tables fit its width unless --wide asks for every column in full.
      width: this.io.outIsTTY && !this.globals.wide ? this.io.columns : undefined,
    });
  }

  /**
   * For destructive verbs, before their first request: with no TTY and no
   * --yes, refuse at once (exit 2) rather than after reading what to explain.
   */
  requireConfirmable(yes?: boolean): void {
    if (yes || this.globals.yes) return;
    if (!this.io.inIsTTY || !this.io.errIsTTY) {
      throw new UsageError('refusing to continue without confirmation: pass --yes when not on a terminal');
    }
  }

  /**
   * For destructive verbs: --yes skips the question; on a TTY we ask; with no
   * TTY and no --yes we refuse before sending anything (exit 2). `explanation`
   * is shown first (with --yes too); when it is taller than the terminal, the
   * question is also said before it, so it is on screen at both ends.
   * Ctrl-C at the question: exit 130; an answer other than y or yes: exit 15; nothing changed either way.
   */
  async confirm(question: string, yes?: boolean, explanation: string[] = []): Promise<void> {
    const skip = Boolean(yes || this.globals.yes);
    this.requireConfirmable(skip);
    const width = this.io.columns || 80;
    const height = explanation.reduce((n, line) => n + Math.max(1, Math.ceil(line.length / width)), 0);
    if (!skip && this.io.rows > 0 && height + 1 >= this.io.rows) this.io.note(question);
    for (const line of explanation) this.io.note(line);
    if (skip) return;
    let answer: string;
    try {
      answer = await this.io.prompt(`${question} [y/N] `);
    } catch (error) {
      if (error instanceof InterruptedError) throw error;
      answer = '';
    }
    // Its own exit code (15): not a usage error (2), nor an interruption (130).
    if (!/^y(es)?$/i.test(answer.trim())) throw new DeclinedError('cancelled; nothing was changed');
  }

  /**
   * This context with another abort signal, and so an API client of its own (see
   * IO.withSignal); the caller closes it.
   */
  withSignal(signal: AbortSignal): Context {
    return new Context(this.io.withSignal(signal), this.env, this.version, this.globals, this.options);
  }

  async close(): Promise<void> {
    await this.apiClient?.close({ processEnding: this.io.ownsProcess });
  }
}
