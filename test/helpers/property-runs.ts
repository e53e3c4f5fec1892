/**
 * How many cases a property runs, and with which seed. `npm test` must give the same verdict on
 * every run of a commit, so every property there runs with one fixed seed (fast-check prints it with
 * any counterexample; FLOATDESK_PROPERTY_SEED=<seed> replays another). `npm run test:fuzz` sets
 * FLOATDESK_FUZZ=1: fresh seeds and ten times the cases, for a person to run on purpose.
 */
import type fc from 'fast-check';

export const FIXED_SEED = 20261127;
export const FUZZ = process.env.FLOATDESK_FUZZ === '1';
const FUZZ_FACTOR = 10;
/** fast-check's own default number of runs. */
const DEFAULT_RUNS = 100;

function seedFromEnvironment(): number {
  const text = process.env.FLOATDESK_PROPERTY_SEED;
  if (text === undefined || text === '') return FIXED_SEED;
  const seed = Number(text);
  if (!Number.isSafeInteger(seed))
    throw new Error(`FLOATDESK_PROPERTY_SEED must be an integer, not "${text}"`);
  return seed;
}

/** The global parameters every property starts from (test/helpers/property-setup.ts applies them). */
export function propertyDefaults(): fc.GlobalParameters {
  return FUZZ ? { numRuns: DEFAULT_RUNS * FUZZ_FACTOR } : { seed: seedFromEnvironment() };
}

/** A property's own number of cases: as written in `npm test`, ten times as many when fuzzing. */
export function runs(numRuns: number): { numRuns: number } {
  return { numRuns: FUZZ ? numRuns * FUZZ_FACTOR : numRuns };
}

/** A property's time limit: as written in `npm test`, ten times as long when fuzzing (ten times the cases). */
export function propertyTimeout(ms: number): number {
  return FUZZ ? ms * FUZZ_FACTOR : ms;
}
