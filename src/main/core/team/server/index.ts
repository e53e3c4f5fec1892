/**
 * The team database's schema, in steps like the ledger's migrations: `team init` applies what is
 * missing, under a lock, so running it twice (or from two desktops at once) changes nothing.
 */
import team from './0001-team.sql?raw';
import fasterPush from './0002-faster-push.sql?raw';
import pushAnswersStamps from './0003-push-answers-stamps.sql?raw';
import pushInColumns from './0004-push-in-columns.sql?raw';
import membersReadSchema from './0005-members-read-schema.sql?raw';

export const TEAM_SCHEMA_STEPS: readonly { version: number; name: string; sql: string }[] = [
  { version: 1, name: 'team', sql: team },
  { version: 2, name: 'faster-push', sql: fasterPush },
  { version: 3, name: 'push-answers-stamps', sql: pushAnswersStamps },
  { version: 4, name: 'push-in-columns', sql: pushInColumns },
  { version: 5, name: 'members-read-schema', sql: membersReadSchema },
];

export const TEAM_SCHEMA_VERSION = TEAM_SCHEMA_STEPS.length;
