import { ErrorState } from '../../components/ErrorState';
import { RelativeTime } from '../../components/RelativeTime';
import { useTransferForm } from '../../stores/transfers';

/** Drafts kept in this workspace (saved by hand, or when a request could not be sent): resume or delete. */
export function DraftsList() {
  const drafts = useTransferForm((state) => state.drafts);
  const openDraftId = useTransferForm((state) => state.draftId);
  const resumeDraft = useTransferForm((state) => state.resumeDraft);
  const deleteDraft = useTransferForm((state) => state.deleteDraft);
  if (drafts.status === 'loading') return null;
  return (
    <section className="drafts" aria-labelledby="drafts-title" data-testid="transfer-drafts">
      <h2 id="drafts-title">Drafts</h2>
      {drafts.status === 'error' ? (
        <ErrorState title="The drafts could not be loaded" error={drafts.error} />
      ) : drafts.value.length === 0 ? (
        <p className="muted">No drafts. A request that cannot be sent (offline) is kept here.</p>
      ) : (
        <ul className="draft-list">
          {drafts.value.map((draft) => {
            const { form } = draft;
            const name = `${form.float ?? 'No float'} · ${form.currency ?? '—'} ${form.amount ?? 'no amount'}`;
            return (
              <li key={draft.id} className="draft-item" data-testid="transfer-draft">
                <div>
                  <p className="draft-name">
                    {name}
                    {openDraftId === draft.id ? <span className="muted"> (open in the form)</span> : null}
                  </p>
                  <p className="muted">
                    Saved <RelativeTime iso={draft.savedAt} />
                    {draft.reason ? ` — ${draft.reason}` : ''}
                    {form.paymentReference ? ` — reference ${form.paymentReference}` : ''}
                  </p>
                </div>
                <div className="draft-actions">
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => resumeDraft(draft)}
                  >
                    Resume<span className="visually-hidden"> draft {name}</span>
                  </button>
                  <button
                    type="button"
                    className="button button-danger"
                    onClick={() => void deleteDraft(draft.id)}
                  >
                    Delete<span className="visually-hidden"> draft {name}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
