import { describe, expect, it } from 'vitest';
import { teamSchemaNotice, waitingLines } from '../../src/shared/domain/team-words';

describe('teamSchemaNotice', () => {
  it('says nothing when the step is not known yet or is this FloatDesk’s', () => {
    expect(teamSchemaNotice({ database: null, desktop: 5 })).toBeNull();
    expect(teamSchemaNotice({ database: 5, desktop: 5 })).toBeNull();
  });

  it('asks the owner to run team init on an older database, and for an update on a newer one', () => {
    expect(teamSchemaNotice({ database: 4, desktop: 5 })).toMatch(
      /earlier version of FloatDesk .* Ask whoever set it up \(the owner of the database\) to run "floatdesk team init --database/,
    );
    expect(teamSchemaNotice({ database: 6, desktop: 5 })).toBe(
      'The team database was set up by a newer FloatDesk: update FloatDesk on this computer.',
    );
  });
});

describe('waitingLines', () => {
  const count = (value: number): string => value.toLocaleString('en');

  it('says nothing when nothing waits', () => {
    expect(waitingLines({ pending: 0, waiting: [] }, count)).toEqual([]);
  });

  it('lists the reasons given, then counts the changes waiting for others', () => {
    const waiting = [
      { reason: 'Waits for the statement.', count: 1200 },
      { reason: 'Waits for request FD1.', count: 1 },
    ];
    expect(waitingLines({ pending: 1201, waiting }, count)).toEqual([
      '1,200 changes: Waits for the statement.',
      '1 change: Waits for request FD1.',
    ]);
    expect(waitingLines({ pending: 1202, waiting }, count).at(-1)).toBe(
      '1 more change, waiting for other items not on this desktop yet.',
    );
    expect(waitingLines({ pending: 5201, waiting }, count).at(-1)).toBe(
      '4,000 more changes, each waiting for other items not on this desktop yet.',
    );
  });
});
