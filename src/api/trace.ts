// The --debug trace: one block per wire attempt (retries and the digest
// challenge included), written to stderr through io.note. Everything shown
// passes through redact() first.
import type { Dispatcher } from 'undici';
import { redact, redactHeaders } from './redact.js';
import { monotonicMs } from '../base/clock.js';

export interface TraceSink {
  note(line: string): void;
}

/** Bytes of a body shown in the trace. */
export const TRACE_BODY_LIMIT = 2048;
/** Bytes kept for redaction; comfortably more than is shown, so a cut never splits a secret that is shown. */
const COLLECT_LIMIT = 64 * 1024;

/** Redacts, then truncates, a body for display. */
export function formatTraceBody(body: string, secrets: Iterable<string>, totalBytes = Buffer.byteLength(body)): string {
  const clean = redact(body, secrets);
  if (clean.length <= TRACE_BODY_LIMIT && totalBytes <= COLLECT_LIMIT) return clean;
  return `${clean.slice(0, TRACE_BODY_LIMIT)}… (${totalBytes} bytes in all)`;
}

function headerObject(headers: Dispatcher.DispatchOptions['headers']): Record<string, string | string[] | undefined> {
  if (!headers) return {};
  if (Array.isArray(headers)) {
    const out: Record<string, string> = {};
    for (let i = 0; i + 1 < headers.length; i += 2) out[String(headers[i])] = String(headers[i + 1]);
    return out;
  }
  if (typeof (headers as Iterable<unknown>)[Symbol.iterator] === 'function') {
    return Object.fromEntries(headers as Iterable<[string, string]>);
  }
  return headers as Record<string, string | string[] | undefined>;
}

function bodyText(body: Dispatcher.DispatchOptions['body']): string | undefined {
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return Buffer.from(body).toString('utf8');
  return undefined;
}

/** An undici interceptor that writes each attempt's request and response, redacted. */
export function traceInterceptor(sink: TraceSink, secrets: () => Iterable<string>): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (opts, handler) => {
    const url = `${String(opts.origin ?? '')}${opts.path}`;
    const started = monotonicMs();
    const secretList = [...secrets()];
    sink.note(`> ${opts.method} ${redact(url, secretList)}`);
    for (const [name, value] of Object.entries(redactHeaders(headerObject(opts.headers), secretList))) sink.note(`> ${name}: ${value}`);
    const sent = bodyText(opts.body);
    if (sent) sink.note(`> ${formatTraceBody(sent, secretList)}`);

    let status = 0;
    let responseHeaders: Record<string, string | string[] | undefined> = {};
    const chunks: Buffer[] = [];
    let collected = 0;
    let total = 0;
    const elapsed = (): string => `${Math.round(monotonicMs() - started)} ms`;

    const traced: Dispatcher.DispatchHandler = {
      onRequestStart: (controller, context) => handler.onRequestStart?.(controller, context),
      onRequestUpgrade: (controller, statusCode, headers, socket) => handler.onRequestUpgrade?.(controller, statusCode, headers, socket),
      onResponseStart: (controller, statusCode, headers, statusMessage) => {
        status = statusCode;
        responseHeaders = headers as Record<string, string | string[] | undefined>;
        handler.onResponseStart?.(controller, statusCode, headers, statusMessage);
      },
      onResponseData: (controller, chunk) => {
        total += chunk.length;
        if (collected < COLLECT_LIMIT) {
          chunks.push(chunk);
          collected += chunk.length;
        }
        handler.onResponseData?.(controller, chunk);
      },
      onResponseEnd: (controller, trailers) => {
        const list = [...secrets()];
        sink.note(`< HTTP ${status} (${elapsed()})`);
        for (const [name, value] of Object.entries(redactHeaders(responseHeaders, list))) sink.note(`< ${name}: ${value}`);
        // A file (a log's gzip) is bytes, not text: its size is shown, never its bytes.
        const type = String(responseHeaders['content-type'] ?? '');
        if (/\+gzip|application\/(gzip|octet-stream)/i.test(type)) {
          if (total > 0) sink.note(`< (${total} bytes of ${type.split(';')[0]!.trim()})`);
        } else {
          const body = Buffer.concat(chunks).toString('utf8');
          if (body) sink.note(`< ${formatTraceBody(body, list, total)}`);
        }
        handler.onResponseEnd?.(controller, trailers);
      },
      onResponseError: (controller, error) => {
        const code = (error as { code?: string }).code;
        sink.note(`< error after ${elapsed()}: ${redact(error.message, [...secrets()])}${code ? ` (${code})` : ''}`);
        handler.onResponseError?.(controller, error);
      },
    };
    return dispatch(opts, traced);
  };
}
