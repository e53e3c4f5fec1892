/**
 * Sign-offs as rows (migration 0011, with review in 0022): the shapes written and read, and when a
 * sign-off holds. The repositories of sign-offs and of their reviews share them.
 */
export interface NewSignOff {
  workspaceId: number;
  asOf: string;
  signedAt: string;
  actor: 'user' | 'cli' | 'sync';
  /** The person's name as set in Settings when signing off (null: none set, or the CLI). */
  actorName: string | null;
  note: string;
  /** Made in a team: it holds only once a reviewer other than its maker approves it. */
  needsReview: boolean;
  /** The id the team knows it by (null: never shared) and the team login that made it. */
  teamChange: string | null;
  teamLogin: string | null;
  lockedRequests: number;
  lockedLines: number;
  auditSeq: number;
  auditHash: string;
  reportGzip: Buffer;
  reportSha256: string;
}

export interface StoredUnlock {
  at: string;
  actor: 'user' | 'cli' | 'sync';
  actorName: string | null;
  reason: string;
  auditSeq: number;
}

export interface StoredReview {
  verdict: 'approved' | 'rejected';
  note: string;
  reviewer: string;
  reviewerName: string | null;
  at: string;
}

export interface StoredSignOff extends Omit<NewSignOff, 'reportGzip' | 'workspaceId'> {
  id: number;
  unlocked: StoredUnlock | null;
  review: StoredReview | null;
}

/** A sign-off holds (locks its items) while no unlock names it and, if it needs one, once approved. */
export const IN_FORCE = `NOT EXISTS (SELECT 1 FROM recon_signoff_unlocks u WHERE u.signoff_id = s.id)
            AND (s.needs_review = 0 OR EXISTS (SELECT 1 FROM recon_signoff_reviews rv
                   WHERE rv.signoff_id = s.id AND rv.verdict = 'approved'))`;

export interface SignOffRow {
  id: number;
  as_of: string;
  signed_at: string;
  actor: 'user' | 'cli' | 'sync';
  needs_review: number;
  team_change: string | null;
  team_login: string | null;
  verdict: 'approved' | 'rejected' | null;
  review_note: string | null;
  reviewer: string | null;
  reviewer_name: string | null;
  reviewed_at: string | null;
  actor_name: string | null;
  note: string;
  locked_requests: number;
  locked_lines: number;
  audit_seq: number;
  audit_hash: string;
  report_sha256: string;
  unlocked_at: string | null;
  unlocked_actor: 'user' | 'cli' | 'sync' | null;
  unlocked_actor_name: string | null;
  unlock_reason: string | null;
  unlock_seq: number | null;
}

export const SELECT_SIGNOFF = `
  SELECT s.id, s.as_of, s.signed_at, s.actor, s.actor_name, s.note, s.locked_requests, s.locked_lines, s.audit_seq,
         s.audit_hash, s.report_sha256, u.at AS unlocked_at, u.actor AS unlocked_actor, u.actor_name AS unlocked_actor_name,
         u.reason AS unlock_reason, u.audit_seq AS unlock_seq, s.needs_review, s.team_change, s.team_login,
         r.verdict, r.note AS review_note, r.reviewer, r.reviewer_name, r.at AS reviewed_at
    FROM recon_signoffs s LEFT JOIN recon_signoff_unlocks u ON u.signoff_id = s.id
    LEFT JOIN recon_signoff_reviews r ON r.signoff_id = s.id`;

export function toSignOff(row: SignOffRow): StoredSignOff {
  return {
    id: row.id,
    asOf: row.as_of,
    signedAt: row.signed_at,
    actor: row.actor,
    actorName: row.actor_name,
    note: row.note,
    lockedRequests: row.locked_requests,
    lockedLines: row.locked_lines,
    auditSeq: row.audit_seq,
    auditHash: row.audit_hash,
    reportSha256: row.report_sha256,
    needsReview: row.needs_review === 1,
    teamChange: row.team_change,
    teamLogin: row.team_login,
    review:
      row.verdict === null
        ? null
        : {
            verdict: row.verdict,
            note: row.review_note!,
            reviewer: row.reviewer!,
            reviewerName: row.reviewer_name,
            at: row.reviewed_at!,
          },
    unlocked:
      row.unlocked_at === null
        ? null
        : {
            at: row.unlocked_at,
            actor: row.unlocked_actor!,
            actorName: row.unlocked_actor_name,
            reason: row.unlock_reason!,
            auditSeq: row.unlock_seq!,
          },
  };
}
