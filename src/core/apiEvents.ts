// How the CLI shows what the API client reports (src/api never prints): the
// deprecation notice and warnings as one stderr line each, the --debug trace
// as stderr lines, and retry waits as a spinner on a terminal (one line per
// wait elsewhere). Concurrent waits (pages fetched in parallel) share one spinner.
import type { ApiEvents, DeprecationNotice } from '../api/client.js';
import type { IO, Spinner } from '../base/io.js';

export function deprecationLine(notice: DeprecationNotice): string {
  const what = notice.resource ? `API version ${notice.version} of ${notice.resource}` : `API version ${notice.version}`;
  return `${what} is deprecated (since ${notice.since})${notice.sunset ? ` and will be removed on ${notice.sunset}` : ''}`;
}

export function apiEventsFor(io: IO): ApiEvents {
  let active = 0;
  let spinner: Promise<Spinner | undefined> | undefined;
  return {
    secret: (value) => io.addSecret(value),
    deprecated: (notice) => io.warn(deprecationLine(notice)),
    warning: (message) => io.warn(message),
    trace: (line) => io.trace(line),
    waitStarted: (text) => {
      active++;
      if (spinner) void spinner.then((s) => s?.update(text));
      else spinner = io.spinner(text).catch(() => undefined);
    },
    waitEnded: () => {
      active = Math.max(0, active - 1);
      if (active > 0 || !spinner) return;
      const ending = spinner;
      spinner = undefined;
      void ending.then((s) => s?.stop());
    },
  };
}
