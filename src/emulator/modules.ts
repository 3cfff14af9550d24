// The modules the emulator serves: the product's list (resources/index.ts) and those
// a test registers (the recipe's fixture). Everything that loops over resources asks
// here, so a registered module is served, seeded and stored like the product's.
import { OPERATION_NAMES, type OperationName } from '../api/operations.js';
import type { OperationHandler, ResourceModule } from './contract.js';
import { RESOURCES } from './resources/index.js';

const registered: ResourceModule[] = [];
let generation = 0;

/** The product's modules, then the registered ones. */
export function modules(): readonly ResourceModule[] {
  return registered.length === 0 ? RESOURCES : [...RESOURCES, ...registered];
}

/** Changes with every registration and undo, for what is built from the list (the routes). */
export function modulesGeneration(): number {
  return generation;
}

/**
 * Serves a module declared outside the product (a test fixture): its operations, which
 * registerOperations put in the table first, its seed keys and its state, for every
 * emulator started after this. Throws for a name or seed key taken, an operation the
 * table does not have, or one that already has a handler. Returns what takes it out again.
 */
export function registerResource(module: ResourceModule): () => void {
  const all = modules();
  if (all.some((other) => other.name === module.name)) throw new Error(`resource ${module.name} is already registered`);
  for (const name of Object.keys(module.operations ?? {}) as OperationName[]) {
    if (!OPERATION_NAMES.includes(name)) throw new Error(`operation ${name} is not in the table: registerOperations first`);
    if (all.some((other) => other.operations?.[name])) throw new Error(`operation ${name} already has a handler`);
  }
  const taken = all.flatMap((other) => other.seed?.keys ?? []);
  const clash = module.seed?.keys.find((key) => taken.includes(key));
  if (clash) throw new Error(`seed key ${clash} is already declared`);
  registered.push(module);
  generation += 1;
  return () => {
    const at = registered.indexOf(module);
    if (at >= 0) registered.splice(at, 1);
    generation += 1;
  };
}

/** Handlers for operations registered in the table, as a module of their own (no state, no seed). */
export function registerHandlers(handlers: { readonly [Name in OperationName]?: OperationHandler }): () => void {
  return registerResource({ name: `handlers of ${Object.keys(handlers).join(', ')}`, operations: handlers });
}
