// Sending: one request through the interceptor chain (deadline, answer
// observer, --debug trace, auth signing, retries by src/api/retryPolicy.ts),
// possibly several wire attempts, and its body read up to the cap.
import type { Dispatcher } from 'undici';
import { CdbaError, InterruptedError } from '../base/errors.js';
import type { AuthScheme, AuthTicket } from '../auth/scheme.js';
import { discardBody, readCapped, type WireResponse } from './answers.js';
import { authInterceptor } from './authentication.js';
import { transportError } from './errors.js';
import type { WireRequest } from './request.js';
import { decideRetry, isIdempotent, waitMessage, type RetryBudget } from './retryPolicy.js';
import { traceInterceptor } from './trace.js';
import { deadlineInterceptor } from './transport.js';
import { interceptors, type Agent } from './undici.js';
import type { ApiEvents, ResponseHeaders } from './types.js';

export interface WireSenderOptions {
  agent: Agent;
  origin: string;
  events: ApiEvents;
  signal: AbortSignal;
  debug: boolean;
  timeoutMs: number;
  maxBodyBytes: number;
  budget: RetryBudget;
  /** Values the debug trace must never show; filled as tokens arrive. */
  secrets: ReadonlySet<string>;
}

export class WireSender {
  constructor(private readonly options: WireSenderOptions) {}

  /** One request through the retry interceptor: possibly several wire attempts. */
  async dispatch(wire: WireRequest, scheme: AuthScheme, ticket: AuthTicket): Promise<WireResponse> {
    const url = this.options.origin + wire.pathAndQuery;
    const state: RetryState = { waitedMs: 0, answered: false };
    const dispatcher = this.options.agent.compose(
      deadlineInterceptor(this.options.timeoutMs, {
        streamed: wire.sink !== undefined,
        onAttempt: (endDeadline) => {
          state.endDeadline = endDeadline;
        },
      }),
      answerObserver(state),
      ...(this.options.debug ? [traceInterceptor({ note: (line) => this.options.events.trace(line) }, () => this.options.secrets)] : []),
      authInterceptor(scheme, ticket),
      interceptors.retry({ throwOnError: false, retry: this.retryCallback(wire, state) }),
    );
    try {
      const response = await dispatcher.request({
        origin: this.options.origin,
        path: wire.pathAndQuery,
        method: wire.method as Dispatcher.HttpMethod,
        headers: wire.headers,
        ...(wire.body !== undefined ? { body: wire.body } : {}),
        // Ctrl-C aborts the request at once instead of waiting for the answer.
        signal: this.options.signal,
      });
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      let rawBody = '';
      if (wire.sink && ok) {
        try {
          await wire.sink(response.body, response.headers as ResponseHeaders);
        } catch (error) {
          // The sink's own refusal (its file, its cap) is the call's error as it is; the body
          // breaking off is the transport's, below. Either way the rest is never read. The sink
          // may have refused before reading anything (a link at the final name, a directory
          // gone): discardBody keeps the abort that follows from ending the process.
          discardBody(response.body);
          if (error instanceof CdbaError && !this.options.signal.aborted) throw new SinkError(error);
          throw error;
        }
      } else {
        rawBody = await readCapped(response.body, response.headers, this.options.maxBodyBytes, wire.method, url, wire.binary && ok ? 'latin1' : 'utf8');
      }
      return {
        status: response.statusCode,
        headers: response.headers as ResponseHeaders,
        rawBody,
        url,
        ...(state.budgetSpent ? { budgetSpent: state.budgetSpent } : {}),
        ...(state.mayHaveApplied && wire.method.toUpperCase() === 'DELETE' ? { deleteMayHaveApplied: true } : {}),
      };
    } catch (error) {
      if (error instanceof SinkError) throw error.error;
      if (this.options.signal.aborted) {
        throw new InterruptedError(`interrupted during ${wire.method} ${url}`, {
          ...(isIdempotent(wire.method, wire.idempotent) ? {} : { hint: wire.mayHaveAppliedHint ?? 'the request may have been applied; check before repeating it' }),
        });
      }
      throw transportError(error, {
        method: wire.method,
        url,
        timeoutMs: this.options.timeoutMs,
        idempotent: isIdempotent(wire.method, wire.idempotent),
        ...(wire.mayHaveAppliedHint ? { mayHaveAppliedHint: wire.mayHaveAppliedHint } : {}),
      });
    }
  }

  /**
   * undici's retry interceptor does the re-dispatching; this callback decides
   * (src/api/retryPolicy.ts) and waits. A custom callback is needed because the
   * built-in one cannot wait "until the next minute" for a 429 without
   * Retry-After, bound the total wait, tell the user why it waits, or retry
   * 429 but not 503 for POST.
   */
  private retryCallback(wire: WireRequest, state: RetryState) {
    return (error: Error, context: { state: { counter: number } }, callback: (error?: Error | null) => void): void => {
      const { statusCode, headers, code } = error as Error & { statusCode?: number; headers?: Record<string, string | string[]>; code?: string };
      // A 2xx cut off mid-body: undici would resume with a Range request, which
      // a JSON API does not honour; report the broken connection instead.
      if (statusCode === undefined && state.answered) {
        callback(error);
        return;
      }
      const decision = decideRetry(
        {
          method: wire.method,
          ...(wire.idempotent !== undefined ? { idempotent: wire.idempotent } : {}),
          ...(typeof statusCode === 'number' ? { status: statusCode } : code ? { errorCode: code } : {}),
          ...(headers?.['retry-after'] !== undefined ? { retryAfter: headers['retry-after'] } : {}),
          attempt: context.state.counter,
          waitedMs: state.waitedMs,
          now: Date.now(),
        },
        this.options.budget,
      );
      if (!decision.retry) {
        if (decision.why !== 'not-retryable') state.budgetSpent = decision.why;
        callback(error);
        return;
      }
      state.waitedMs += decision.delayMs;
      // A 429 was refused unapplied; after a 5xx or a broken connection the service may
      // have done what was asked and only its answer was lost.
      if (statusCode !== 429) state.mayHaveApplied = true;
      // This attempt is over: its answer, held paused during the wait, is not the
      // server's to finish within the deadline; the next attempt gets a fresh one.
      state.endDeadline?.();
      this.options.events.waitStarted(waitMessage(decision.reason, decision.delayMs));
      const resume = (retryError: Error | null): void => {
        clearTimeout(timer);
        this.options.signal.removeEventListener('abort', onAbort);
        this.options.events.waitEnded();
        callback(retryError);
      };
      const onAbort = (): void => resume(error);
      const timer = setTimeout(() => resume(null), decision.delayMs);
      this.options.signal.addEventListener('abort', onAbort, { once: true });
    };
  }
}

/** What a download's sink threw of its own, carried past the transport's error mapping. */
class SinkError extends Error {
  constructor(readonly error: CdbaError) {
    super(error.message);
  }
}

interface RetryState {
  waitedMs: number;
  budgetSpent?: 'attempts' | 'wait-budget';
  /** The current wire attempt got a 2xx status line. */
  answered: boolean;
  /** An attempt before the current one may have been applied (it was retried after a 5xx or a reset). */
  mayHaveApplied?: boolean;
  /** Ends the current wire attempt's --timeout deadline (set by deadlineInterceptor per attempt). */
  endDeadline?: () => void;
}

/** Notes, per wire attempt, whether a 2xx answer started (see retryCallback). */
function answerObserver(state: RetryState): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (opts, handler) => {
    state.answered = false;
    return dispatch(opts, {
      onRequestStart: (controller, context) => handler.onRequestStart?.(controller, context),
      onRequestUpgrade: (controller, statusCode, headers, socket) => handler.onRequestUpgrade?.(controller, statusCode, headers, socket),
      onResponseStart: (controller, statusCode, headers, statusMessage) => {
        state.answered = statusCode >= 200 && statusCode < 300;
        handler.onResponseStart?.(controller, statusCode, headers, statusMessage);
      },
      onResponseData: (controller, chunk) => handler.onResponseData?.(controller, chunk),
      onResponseEnd: (controller, trailers) => handler.onResponseEnd?.(controller, trailers),
      onResponseError: (controller, error) => handler.onResponseError?.(controller, error),
    });
  };
}
