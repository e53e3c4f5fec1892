import { z } from 'zod';
import { ConnectionInfoSchema } from './contract-settings';
import { ReconLineDetailSchema, ReconRequestDetailSchema } from './contract-recon-schemas';
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
  /** Colleagues' changes waiting for items this desktop does not hold yet (a statement, a sync). */
  pending: z.number().int().nonnegative(),
  /**
   * The team database's schema step at the last exchange (null: none yet) and the one this FloatDesk
   * sets up: an older database lacks checks until an admin runs `floatdesk team init` on it.
   */
  schema: z.object({
    database: z.number().int().nonnegative().nullable(),
    desktop: z.number().int().positive(),
  }),
});

/** One side of a conflict: who decided what, when; `here` when it was decided on this desktop. */
const ConflictSide = z.object({
  who: z.string(),
  login: z.string(),
  at: IsoTimestamp,
  what: z.string(),
  here: z.boolean(),
  /** Whether this decision is in force on this desktop now. */
  inForce: z.boolean(),
});

export const TeamConflictSchema = z.object({
  id: z.number().int().positive(),
  /** The item both decided on, as a person reads it, and its details for the screen's formatters. */
  item: z.string(),
  lines: z.array(ReconLineDetailSchema),
  requests: z.array(ReconRequestDetailSchema),
  /** The decision the team ordered first (it stands until someone settles otherwise). */
  standing: ConflictSide,
  other: ConflictSide,
  settled: z
    .object({ at: IsoTimestamp, choice: z.enum(['standing', 'other']), by: z.string().nullable() })
    .nullable(),
});

const Exchange = z.object({
  pushed: z.number().int().nonnegative(),
  pulled: z.number().int().nonnegative(),
  head: z.number().int().nonnegative(),
});

/**
 * What Settings → Team shows: the status above, plus whether this workspace is in a team, as whom,
 * why it is offline (plain words), and where the password is kept (never the password itself).
 */
export const TeamOverviewSchema = TeamStatusSchema.extend({
  joined: z.boolean(),
  /** login@host:port/database: where the team is, without a password. */
  database: z.string().nullable(),
  /** The URL joined with (it never holds a password), to join again with a new password. */
  url: z.string().nullable(),
  me: Member.nullable(),
  /** Why it is offline, or what the last exchange met; null when all is well. */
  reason: z.string().nullable(),
  /**
   * Why colleagues' changes wait here (the `pending` ones), in words, with how many wait for each:
   * the first ten reasons; `pending` counts them all.
   */
  waiting: z.array(z.object({ reason: z.string(), count: z.number().int().positive() })),
  /** The exchange runs by itself here (an interactive shell with the password kept). */
  background: z.boolean(),
  password: z.object({
    kept: z.boolean(),
    storage: ConnectionInfoSchema.shape.credentialsStorage,
    /** The OS secret store that holds it (gnome_libsecret, keychain, dpapi...); null when none. */
    backend: z.string().nullable(),
    notice: ConnectionInfoSchema.shape.storageNotice,
  }),
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
  /** Without a password: the one kept on this desktop (Settings → Team). */
  'team:sync': { input: z.object({ password: Password.optional() }).strict(), output: Exchange },
  'team:overview': { input: z.object({}).strict(), output: TeamOverviewSchema },
  /** Forget the kept password: the exchange stops until it is entered again. */
  'team:password.forget': { input: z.object({}).strict(), output: TeamOverviewSchema },
  'team:conflicts': {
    input: z.object({ all: z.boolean().optional() }).strict(),
    output: z.object({ conflicts: z.array(TeamConflictSchema) }),
  },
  /** Keep the standing decision, or take the other one (undo the standing, decide the other: shared). */
  'team:conflict.settle': {
    input: z.object({ id: z.number().int().positive(), keep: z.enum(['standing', 'other']) }).strict(),
    output: z.object({ decisionId: z.number().int().positive().nullable() }),
  },
} as const;

export type TeamStatus = z.output<typeof TeamStatusSchema>;
export type TeamOverview = z.output<typeof TeamOverviewSchema>;
export type TeamConflict = z.output<typeof TeamConflictSchema>;
