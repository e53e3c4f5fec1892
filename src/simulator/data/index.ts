/**
 * Seeded world generation. Each part draws from its own fork of the seed, so the same options give
 * a deeply equal world, and changing one size does not reshuffle the other parts.
 */
import type { SeedOptions, World } from '../model';
import { Random } from '../random';
import { applyAdversarial } from './adversarial';
import { generateBrands } from './brands';
import { startOfUtcDay } from './common';
import { generateFloats, generateSpend } from './floats';
import { generateTemplates } from './templates';
import { generateTransfers } from './transfers';

export { generatedReference, creditorReference, isValidCreditorReference } from './references';
export { MAX_PER_DAY_GROUP, HISTORY_DAYS } from './transfers';

export function generateWorld(options: SeedOptions): World {
  const root = new Random(options.seed);
  const startTime = options.startTime;
  const floats = generateFloats(root.fork('floats'), Math.max(0, options.floats));
  const { transfers, referenceCounter } = generateTransfers(
    root.fork('transfers'),
    floats,
    Math.max(0, options.transfers),
    startTime,
    { timeZone: options.timeZone ?? 'UTC', overfullGroupSize: options.overfullGroupSize ?? 0 },
  );
  const brands = generateBrands(root.fork('brands'), Math.max(0, options.brands), startTime);
  const templates = generateTemplates(root.fork('templates'), brands, startTime);
  const world: World = {
    floats,
    transfers,
    brands,
    templates,
    cards: [],
    transactions: [],
    now: startTime,
    random: root.fork('serve'),
    counters: { transfer: transfers.length, reference: referenceCounter, transaction: 0, card: 0 },
    activity: {
      seed: root.fork('activity').uint32(),
      appliedUntil: startOfUtcDay(startTime),
      spend: generateSpend(root.fork('spend'), floats),
      brandChangesPerDay: brands.length === 0 ? 0 : Math.min(10, Math.max(0.5, brands.length * 0.002)),
      templateVersionChance: templates.length === 0 ? 0 : 0.3,
    },
  };
  if (options.adversarial) applyAdversarial(root.fork('adversarial'), world);
  return world;
}
