// What the emulator says of an operation the service has and no module of it serves:
// 501 NOT_EMULATED, naming the operation by its operationId, so a client can tell
// "the emulator lacks this" from "this does not exist" (an unknown path stays 404
// RESOURCE_NOT_FOUND, as the service answers). The service's operations come from
// the description cdba ships (src/api/description.ts), read on the first such request;
// which operations the modules serve is the routes' business (routes.ts): this is
// asked only where they found no handler. Resource-free: it names no module.
import { ApiFailure } from './errors.js';

/** The status of NOT_EMULATED: not a status the service answers for a missing item, and a 5xx a client does not retry as a fault of the request. */
export const NOT_EMULATED_STATUS = 501;

const API_BASE = /^\/api\/atlas\/(v1\.0|v2)(\/.*)?$/;

/** The NOT_EMULATED failure for a request the description knows and no module serves, or undefined. */
export async function notEmulated(method: string, pathname: string): Promise<ApiFailure | undefined> {
  const base = API_BASE.exec(pathname);
  if (!base) return undefined;
  const { loadDescription, operationAt } = await import('../api/description.js');
  const op = operationAt(await loadDescription(), method, base[2] ?? '/');
  if (!op) return undefined;
  return new ApiFailure(
    NOT_EMULATED_STATUS,
    'NOT_EMULATED',
    `The emulator does not emulate ${op.id} (${op.method} ${op.path}); the service serves it.`,
    [op.id],
  );
}
