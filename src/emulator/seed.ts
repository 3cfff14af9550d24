// The seed file (`cdba emulator --seed FILE`): each module declares its keys and checks
// them (contract.ts, SeedPart); this file checks the document as a whole, the
// emulator's own settings, and builds the default world's seed used without one.
import { MAX_BYTES, readTextFileSync } from '../base/boundedRead.js';
import { UsageError } from '../base/errors.js';
import { isObject } from '../base/object.js';
import type { SeedDocument } from './contract.js';
import { modules } from './modules.js';
import { Problems } from './seedChecks.js';

const SETTINGS = ['rateLimit', 'transitionMs'];

/** Throws a UsageError listing every problem; returns the same document typed. */
export function validateSeed(doc: unknown, source = 'seed'): SeedDocument {
  const all = modules();
  const problems = new Problems();
  const keys = all.flatMap((module) => module.seed?.keys ?? []);
  if (!isObject(doc)) {
    const required = all.flatMap((module) => module.seed?.required ?? []).map((key) => `"${key}"`);
    throw new UsageError(`${source}: the seed must be a JSON object${required.length > 0 ? ` with ${required.join(', ')}` : ''}`);
  }
  problems.onlyKeys(source, doc, [...keys, ...SETTINGS]);
  for (const module of all) module.seed?.check(doc, problems, all);

  if (doc.rateLimit !== undefined) {
    const limit = isObject(doc.rateLimit) ? doc.rateLimit.perMinute : undefined;
    if (!Number.isInteger(limit) || (limit as number) < 1) problems.add('rateLimit.perMinute', 'must be a positive integer');
    if (isObject(doc.rateLimit)) problems.onlyKeys('rateLimit', doc.rateLimit, ['perMinute']);
  }
  if (doc.transitionMs !== undefined && (!Number.isInteger(doc.transitionMs) || (doc.transitionMs as number) < 0)) {
    problems.add('transitionMs', 'must be a whole number of milliseconds, 0 or more');
  }
  if (problems.list.length > 0) {
    // One error line (cdba escapes newlines in messages): the problems joined by "; ".
    throw new UsageError(`${source} is not a valid seed: ${problems.list.join('; ')}`);
  }
  return doc as unknown as SeedDocument;
}

/** Reads and validates a seed file; every problem is reported, naming the file. */
export function loadSeedFile(path: string): SeedDocument {
  const text = readTextFileSync(path, { label: '--seed', maxBytes: MAX_BYTES.emulatorFile, expected: 'a seed document' });
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${path} is not valid JSON: ${(error as Error).message}`);
  }
  return validateSeed(doc, path);
}

/** Without a seed: each module's default part, fresh per start (identifiers and keys). */
export function buildDefaultSeed(): SeedDocument {
  const seed = {} as SeedDocument;
  for (const module of modules()) module.seed?.byDefault?.(seed);
  return seed;
}
