/**
 * Colleagues' bank statements, imported here from the bytes they imported, before their decisions
 * are applied (a match names lines of a statement). A statement this desktop holds already (the same
 * file, imported here too) is not imported again; one this desktop refuses waits here, with why.
 */
import { z } from 'zod';
import { AppError } from '../../../shared/ipc/errors';
import type { Ledger } from '../ledger/db';
import { ReconReadingsRepository } from '../ledger/repositories/recon-readings';
import { TeamAppliedRepository } from '../ledger/repositories/team-applied';
import { TeamReplicaRepository, type LoggedChange } from '../ledger/repositories/team-replica';
import { reconContext } from '../recon/context';
import { importSharedStatement } from '../recon/import-statement';
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

/** The name a person knows a colleague's statement by: its file name, else the change's subject. */
function fileNameOf(change: LoggedChange): string {
  try {
    const name = (JSON.parse(change.payload) as { fileName?: unknown }).fileName;
    return typeof name === 'string' && name !== '' ? name : change.subject;
  } catch {
    return change.subject;
  }
}

/**
 * Imports what colleagues imported and this desktop does not hold. What becomes of each is recorded
 * with the other pulled changes: one refused here waits, with the reason, among the changes Settings →
 * Team lists, and is tried again only once the reconciliation's inputs have moved (a statement
 * imported, the platform synced, a decision) — not at every exchange, reading the whole file again.
 */
export async function applyTeamStatements(
  db: Ledger,
  workspaceId: number,
  now: () => string,
): Promise<StatementsApplied> {
  const replica = new TeamReplicaRepository(db);
  const applied = new TeamAppliedRepository(db);
  const retryRefused = applied.retriedInputs(workspaceId) !== new ReconReadingsRepository(db).inputsVersion();
  const result: StatementsApplied = { imported: 0, refused: [] };
  for (const change of replica.statementsToImport(workspaceId, STATEMENT_KIND, retryRefused)) {
    const record = (
      state: 'applied' | 'pending' | 'skipped',
      actorName: string | null,
      note: string | null,
    ) =>
      applied.record(workspaceId, {
        seq: change.seq,
        changeId: change.id,
        state,
        decisionId: null,
        actor: change.actor,
        actorName,
        note,
      });
    let payload: z.infer<typeof StatementPayload>;
    try {
      payload = readPayload(StatementPayload, change);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      record('skipped', null, error.message);
      result.refused.push({ subject: change.subject, reason: error.message });
      continue;
    }
    const base = reconContext(db, workspaceId, () => new Date(now()), 'user');
    const name = payload.actorName ?? change.actor;
    const context = { ...base, fromTeam: true, actorName: () => name };
    let reason: string | null;
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
      reason = answer.stored ? null : (answer.refusal ?? 'it was not stored');
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      reason = error.message;
    }
    if (reason === null) {
      result.imported += 1;
      record('applied', payload.actorName ?? null, null);
      continue;
    }
    record(
      'pending',
      payload.actorName ?? null,
      `${name}'s bank statement ${fileNameOf(change)} could not be imported here: ${reason}`,
    );
    result.refused.push({ subject: change.subject, reason });
  }
  return result;
}
