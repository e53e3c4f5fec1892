/**
 * The seeded world's past, day by day, for a client that wants to have watched it (the demo
 * workspace): when each seeded request was settled, and each float's balance at one instant a day,
 * worked backwards from the balances at the start time. Between two instants the balance moves by
 * the top-ups approved and the card spending of the day boundaries in between (as activity.ts
 * spends); where the top-ups alone would take a past balance below zero, more was spent that day.
 * Nothing here changes the world.
 */
import type { SimFloat, SimTransfer, World } from '../model';
import { dayRandom } from './activity';
import { DAY, HOUR, MINUTE, startOfUtcDay } from './common';

/** The instant a seeded final request was approved, removed or cancelled: 3 to 72 hours after it was made. */
export function seededSettledAt(transfer: SimTransfer, startTime: number): number | null {
  if (transfer.status === 'pending') return null;
  const hours = 3 + (((transfer.seq * 2_654_435_761) >>> 0) % 70);
  return Math.min(transfer.createdAt + hours * HOUR, startTime - MINUTE);
}

/** What a request looked like at `at`: not yet made (null), pending, or as it is now. */
export function transferAt(transfer: SimTransfer, at: number, startTime: number): SimTransfer | null {
  if (transfer.createdAt > at) return null;
  const settled = seededSettledAt(transfer, startTime);
  if (settled === null || settled <= at) return transfer;
  return { ...transfer, status: 'pending', approvedMinor: null, plan: null };
}

const credits = (transfer: SimTransfer): boolean =>
  (transfer.status === 'approved' || transfer.status === 'approved_edited') &&
  transfer.approvedMinor !== null;

export interface PastBalances {
  /** The sampling instants, oldest first: `hourUtc` o'clock UTC of each day before the start time. */
  instants: number[];
  /** Per float (world.floats order), the available balance in minor units at each instant. */
  available: bigint[][];
  /** Per float, the requested amounts pending at each instant. */
  pending: bigint[][];
}

/** Card spending of the day boundary `dayStart` per float, drawn as activity.ts draws it. */
function spendOf(world: World, dayStart: number): Map<SimFloat, bigint> {
  const activity = world.activity;
  const spent = new Map<SimFloat, bigint>();
  if (!activity) return spent;
  const random = dayRandom(activity.seed, dayStart);
  const weekday = new Date(dayStart - DAY).getUTCDay();
  const weekend = weekday === 0 || weekday === 6;
  for (const spend of activity.spend) {
    const factor = BigInt(Math.round((0.3 + random.next() * 1.4) * (weekend ? 0.4 : 1) * 1000));
    const float = world.floats.find((f) => f.name === spend.float && f.currency === spend.currency);
    if (float) spent.set(float, (spend.averageMinor * factor) / 1000n);
  }
  return spent;
}

/** Each float's balance at `hourUtc` o'clock UTC on each of the `days` days before the world's start. */
export function pastBalances(world: World, days: number, hourUtc = 6): PastBalances {
  const startTime = world.now;
  let last = startOfUtcDay(startTime) + hourUtc * HOUR;
  if (last >= startTime) last -= DAY;
  const instants = Array.from({ length: days }, (_, i) => last - (days - 1 - i) * DAY);
  const first = instants[0] ?? startTime;
  type Event = { at: number; apply: (balances: Map<SimFloat, bigint>) => void };
  const events: Event[] = [];
  for (let midnight = startOfUtcDay(startTime); midnight > first; midnight -= DAY) {
    const spent = spendOf(world, midnight);
    events.push({
      at: midnight,
      apply: (balances) => {
        for (const [float, amount] of spent) balances.set(float, (balances.get(float) ?? 0n) + amount);
      },
    });
  }
  for (const transfer of world.transfers) {
    const settled = seededSettledAt(transfer, startTime);
    if (settled === null || settled <= first || !credits(transfer)) continue;
    const float = world.floats.find((f) => f.name === transfer.float && f.currency === transfer.currency);
    if (!float) continue;
    events.push({
      at: settled,
      apply: (balances) => {
        const before = (balances.get(float) ?? 0n) - (transfer.approvedMinor as bigint);
        balances.set(float, before < 0n ? 0n : before);
      },
    });
  }
  events.sort((a, b) => b.at - a.at);
  const balances = new Map(world.floats.map((float) => [float, float.availableMinor] as const));
  const available = world.floats.map(() => new Array<bigint>(instants.length).fill(0n));
  let next = 0;
  for (let i = instants.length - 1; i >= 0; i--) {
    const at = instants[i] as number;
    for (; next < events.length && (events[next] as Event).at > at; next++)
      (events[next] as Event).apply(balances);
    world.floats.forEach((float, f) => ((available[f] as bigint[])[i] = balances.get(float) ?? 0n));
  }
  const pending = world.floats.map((float) =>
    instants.map((at) =>
      world.transfers
        .filter((t) => t.float === float.name && t.currency === float.currency)
        .reduce(
          (sum, t) => (transferAt(t, at, startTime)?.status === 'pending' ? sum + t.requestedMinor : sum),
          0n,
        ),
    ),
  );
  return { instants, available, pending };
}
