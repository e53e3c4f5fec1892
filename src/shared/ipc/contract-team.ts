import { z } from 'zod';
import { IsoTimestamp } from './schemas';

/**
 * Team mode (Settings → Team, `floatdesk team ...`): this workspace joined to a team's PostgreSQL
 * database. The password is given with the call that needs it and never answered back.
 */
export const TEAM_ROLES = ['preparer', 'reviewer', 'admin'] as const;
const TeamRole = z.enum(TEAM_ROLES);

/** postgres://login@host[:port]/database[?sslmode=verify-full&sslrootcert=...] — no password in it. */
const DatabaseUrl = z.string().min(1).max(2000);
export const Password = z.string().min(1).max(1000);

const Member = z.object({ name: z.string(), role: TeamRole });

/** The shape `floatdesk team status --json` prints: a contract for scripts. */
export const TeamStatusSchema = z.object({
  online: z.boolean(),
  queued: z.number().int().nonnegative(),
  /** When this desktop last exchanged changes with the team (null: never). */
  lastPull: IsoTimestamp.nullable(),
  members: z.array(Member),
  conflicts: z.number().int().nonnegative(),
});

const Exchange = z.object({
  pushed: z.number().int().nonnegative(),
  pulled: z.number().int().nonnegative(),
  head: z.number().int().nonnegative(),
});

export const teamContract = {
  'team:join': {
    input: z.object({ database: DatabaseUrl, password: Password }).strict(),
    output: z.object({ login: z.string(), role: TeamRole, database: z.string() }).extend(Exchange.shape),
  },
  'team:status': {
    input: z.object({ password: Password.optional() }).strict(),
    output: TeamStatusSchema,
  },
  'team:sync': { input: z.object({ password: Password }).strict(), output: Exchange },
} as const;

export type TeamStatus = z.output<typeof TeamStatusSchema>;
