/**
 * Colleagues' bank statements, imported here from the bytes they imported, before their decisions
 * are applied (a match names lines of a statement). A statement this desktop holds already (the same
 * file, imported here too) is not imported again; one this desktop refuses is said in the log and
 * tried again at the next exchange (say a CSV profile's file that no longer reads the same).
 */
import { z } from 'zod';
import { AppError } from '../../../shared/ipc/errors';
import type { Ledger } from '../ledger/db';
import { TeamReplicaRepository } from '../ledger/repositories/team-replica';
import { reconContext } from '../reconcile/context';
import { importSharedStatement } from '../reconcile/import-statement';
import { readPayload } from './change-payload';
import { STATEMENT_KIND } from './shared-statement';

const StatementPayload = z.object({
  fileName: z.string().min(1).max(255),
  format: z.enum(['auto', 'csv', 'camt053', 'mt940', 'ofx']),
  profile: z.unknown().optional(),
  currency: z.string().length(3).optional(),
  acceptReadableLines: z.boolean(),
  content: z.string().min(1),
  actorName: z.string().min(1).max(100).nullish(),
});

export interface StatementsApplied {
  imported: number;
  /** Statements this desktop could not import now, each with the reason. */
  refused: { subject: string; reason: string }[];
}

export async function applyTeamStatements(
  db: Ledger,
  workspaceId: number,
  now: () => string,
): Promise<StatementsApplied> {
  const replica = new TeamReplicaRepository(db);
  const result: StatementsApplied = { imported: 0, refused: [] };
  for (const change of replica.statementsToImport(workspaceId, STATEMENT_KIND)) {
    const payload = readPayload(StatementPayload, change);
    const base = reconContext(db, workspaceId, () => new Date(now()), 'user');
    const name = payload.actorName ?? change.actor;
    const context = { ...base, fromTeam: true, actorName: () => name };
    try {
      const answer = await importSharedStatement(
        context,
        {
          fileName: payload.fileName,
          contentBase64: payload.content,
          format: payload.format,
          acceptReadableLines: payload.acceptReadableLines,
          ...(payload.currency === undefined ? {} : { currency: payload.currency }),
        },
        payload.profile,
      );
      if (answer.stored) result.imported += 1;
      else result.refused.push({ subject: change.subject, reason: answer.refusal ?? 'not stored' });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result.refused.push({ subject: change.subject, reason: error.message });
    }
  }
  return result;
}
