// The README's list of the operations `cdba emulator` serves, generated from the emulator's
// modules (src/emulator/modules.ts) and the table (src/api/operations.ts), each named by the
// service's operationId and its short name, found by method and path in the description cdba
// ships (src/api/description.ts). scripts/emulated-operations.mjs writes it between the
// markers; test/unit/emulator/emulatedOperations.test.ts fails when the README's is stale.
import { OPERATIONS, type OperationName } from '../../src/api/operations.js';
import { loadDescription, operationOfTemplate } from '../../src/api/description.js';
import { modules } from '../../src/emulator/modules.js';

export const START = '<!-- emulated-operations: written by `npm run emulated-operations` from the emulator\'s modules; do not edit -->';
export const END = '<!-- /emulated-operations -->';

export interface EmulatedOperation {
  module: string;
  name: OperationName;
  method: string;
  path: string;
  operationId: string | undefined;
  alias: string | undefined;
}

export async function emulatedOperations(): Promise<EmulatedOperation[]> {
  const description = await loadDescription();
  return modules().flatMap((module) =>
    (Object.keys(module.operations ?? {}) as OperationName[]).map((name) => {
      const { method, path } = OPERATIONS[name];
      const described = operationOfTemplate(description, method, path);
      return { module: module.name, name, method, path, operationId: described?.id, alias: described?.alias };
    }),
  );
}

/** The README section, markers included. */
export async function emulatedSection(): Promise<string> {
  const all = await emulatedOperations();
  const { operations } = await loadDescription();
  const lines = [
    START,
    '',
    `The emulator serves ${all.length} of the description's ${operations.length} operations; any other operation of the description answers`,
    '`501 NOT_EMULATED` naming it, and a path the service does not have answers `404 RESOURCE_NOT_FOUND`.',
    '',
    '| module | operation | short name | method and path |',
    '|---|---|---|---|',
    ...all.map((op) => `| ${op.module} | ${op.operationId ?? `(${op.name}: not in the description)`} | ${op.alias ?? ''} | \`${op.method} ${op.path || '/'}\` |`),
    '',
    END,
  ];
  return lines.join('\n');
}

/** The README with its section replaced by `section`. */
export function withSection(readme: string, section: string): string {
  const from = readme.indexOf(START);
  const to = readme.indexOf(END);
  if (from < 0 || to < from) throw new Error(`the README has no ${START} ... ${END} section`);
  return readme.slice(0, from) + section + readme.slice(to + END.length);
}
