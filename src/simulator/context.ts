/**
 * One simulator's state outside the world: options, faults, idempotent answers, the floats cache and
 * the simulated clock (anchored to the wall clock when timeScale > 0).
 */
import { generateWorld } from './data';
import { FaultController } from './faults';
import type { SimulatorOptions } from './options';
import type { SimContext } from './router';
import { advanceTo } from './state';

export interface SimHandle {
  sim: SimContext;
  /** The simulated "now" the world is advanced to before each request. */
  simulatedNow: () => number;
}

/** Builds (or takes) the world and the per-simulator state from resolved options. */
export function createSimContext(options: SimulatorOptions): SimHandle {
  const world =
    options.world ??
    generateWorld({
      seed: options.seed,
      floats: options.floats,
      transfers: options.transfers,
      brands: options.brands,
      startTime: options.startTime,
      adversarial: options.adversarial,
      timeZone: options.platformTimeZone,
      overfullGroupSize: options.overfullGroup ? options.listCap + 10 : 0,
    });
  const faults = new FaultController(options.rateLimit, options.wallClock, options.faults);
  let anchorWall = options.wallClock();
  let anchorSim = world.now;
  const sim: SimContext = {
    world,
    options,
    faults,
    idempotent: new Map(),
    floatsCache: new Map(),
    advanceClock: (ms) => {
      advanceTo(world, world.now + ms);
      anchorSim = world.now;
      anchorWall = options.wallClock();
    },
  };
  const simulatedNow = (): number =>
    options.timeScale > 0
      ? anchorSim + Math.floor((options.wallClock() - anchorWall) * options.timeScale)
      : world.now;
  return { sim, simulatedNow };
}
