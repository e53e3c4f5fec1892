/** Calendar arithmetic on YYYY-MM-DD dates (UTC days: a date names one whole day). */

/** The day after a YYYY-MM-DD date. */
export function nextDay(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** The first day of the date's month. */
export function firstOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}
