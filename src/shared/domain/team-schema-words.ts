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
    'The team database was set up by an earlier FloatDesk and may lack checks this one relies on. ' +
    'Ask a team admin to run ' +
    '"floatdesk team init --database <the team database>": it brings the database up to date and keeps everything in it.'
  );
}
