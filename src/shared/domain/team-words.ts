/** Words of Settings → Team and `floatdesk team status` that both say. */

/**
 * What a person is told when the team database's schema step is not the one this FloatDesk sets up
 * (Settings → Team, `floatdesk team status`); null when there is nothing to tell.
 */
export function teamSchemaNotice(schema: { database: number | null; desktop: number }): string | null {
  const { database, desktop } = schema;
  if (database === null || database === desktop) return null;
  if (database > desktop)
    return 'The team database was set up by a newer FloatDesk: update FloatDesk on this computer.';
  return (
    'The team database was set up by an earlier version of FloatDesk and does not enforce every ' +
    'rule this version relies on. Ask whoever set it up (the owner of the database) to run ' +
    '"floatdesk team init --database <the team database>": it brings the database up to date and ' +
    'keeps everything in it.'
  );
}

/**
 * Why colleagues' changes wait on this desktop, a line each: the reasons listed (the first few, each
 * with its count), then how many more wait for other items; `count` writes a number in the
 * person's format.
 */
export function waitingLines(
  waiting: { pending: number; waiting: readonly { reason: string; count: number }[] },
  count: (value: number) => string,
): string[] {
  const changes = (value: number): string => `${count(value)} ${value === 1 ? 'change' : 'changes'}`;
  const lines = waiting.waiting.map((each) => `${changes(each.count)}: ${each.reason}`);
  const others = waiting.pending - waiting.waiting.reduce((sum, each) => sum + each.count, 0);
  if (others > 0)
    lines.push(
      others === 1
        ? '1 more change, waiting for other items not on this desktop yet.'
        : `${count(others)} more changes, each waiting for other items not on this desktop yet.`,
    );
  return lines;
}
