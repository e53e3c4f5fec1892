import { AppError } from '../../../shared/ipc/errors';
import {
  DRAFT_REASON_MAX,
  TransferFormSchema,
  type TransferDraft,
  type TransferForm,
} from '../../../shared/ipc/contract-transfers';
import { isoNow, type Clock } from '../clock';
import type { TransferDraftRecord, TransferDraftsRepository } from '../ledger/repositories/transfer-drafts';

function toDraft(record: TransferDraftRecord): TransferDraft {
  // A draft is written only from a validated form; a form this version cannot read still lists (empty).
  const parsed = TransferFormSchema.safeParse(JSON.parse(record.form));
  return {
    id: record.id,
    savedAt: record.savedAt,
    reason: record.reason,
    form: parsed.success ? parsed.data : {},
  };
}

export class TransferDrafts {
  constructor(
    private readonly repo: TransferDraftsRepository,
    private readonly workspaceId: number,
    private readonly clock: Clock,
  ) {}

  list(): TransferDraft[] {
    return this.repo.list(this.workspaceId).map(toDraft);
  }

  /** A new draft, or (with `id`) the form and reason of an existing one replaced. */
  save(form: TransferForm, options: { id?: number; reason?: string | null } = {}): TransferDraft {
    const reason = options.reason?.trim().slice(0, DRAFT_REASON_MAX) || null;
    const draft = { form: JSON.stringify(form), reason, now: isoNow(this.clock) };
    let id = options.id;
    if (id === undefined) id = this.repo.insert(this.workspaceId, draft);
    else if (!this.repo.update(this.workspaceId, id, draft))
      throw new AppError('not_found', 'That draft no longer exists: it was sent or deleted meanwhile.', {
        id,
      });
    const saved = this.repo.get(this.workspaceId, id);
    if (saved === undefined) throw new Error('A draft vanished right after it was saved.');
    return toDraft(saved);
  }

  delete(id: number): boolean {
    return this.repo.delete(this.workspaceId, id);
  }
}
