/**
 * One simulator's state outside the world: options, faults, idempotent answers, the floats cache and
 * the platform's clock.
 *
 * The platform has one clock, and so has the simulator: `sim.now()`. Every time the simulator writes
 * (created_at, last_refreshed_at, last_updated, template versions, the Date header) and the window a
 * signed Timestamp must fall in come from it. It starts at `startTime` (or the prebuilt world's now),
 * runs at `timeScale` times the wall clock (0: it stands still) and jumps forward when the admin API
 * advances it.
 */
import { generateWorld } from './data';
import { FaultController } from './faults';
import type { SimulatorOptions } from './options';
import type { SimContext } from './router';
import { advanceTo } from './state';

export interface SimHandle {
  sim: SimContext;
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
  const now = (): number => {
    if (!(options.timeScale > 0)) return world.now;
    return Math.max(
      world.now,
      anchorSim + Math.floor((options.wallClock() - anchorWall) * options.timeScale),
    );
  };
  const sim: SimContext = {
    world,
    options,
    faults,
    idempotent: new Map(),
    floatsCache: new Map(),
    now,
    advanceClock: (ms) => {
      advanceTo(world, now() + ms);
      anchorSim = world.now;
      anchorWall = options.wallClock();
    },
  };
  return { sim };
}
