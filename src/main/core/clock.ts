/** The core never reads the system time directly: services take a Clock so tests can fix it. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export function isoNow(clock: Clock): string {
  return clock().toISOString();
}
