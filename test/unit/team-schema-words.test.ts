import { describe, expect, it } from 'vitest';
import { teamSchemaNotice } from '../../src/shared/domain/team-schema-words';

describe('teamSchemaNotice', () => {
  it('says nothing when the step is not known yet or is this FloatDesk’s', () => {
    expect(teamSchemaNotice({ database: null, desktop: 5 })).toBeNull();
    expect(teamSchemaNotice({ database: 5, desktop: 5 })).toBeNull();
  });

  it('asks for an admin to run team init on an older database, and for an update on a newer one', () => {
    expect(teamSchemaNotice({ database: 4, desktop: 5 })).toMatch(
      /earlier FloatDesk .* Ask a team admin to run "floatdesk team init --database/,
    );
    expect(teamSchemaNotice({ database: 6, desktop: 5 })).toBe(
      'The team database was set up by a newer FloatDesk: update FloatDesk on this computer.',
    );
  });
});
