import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { formatNumber } from '../../lib/format-money';
import { shownValue, type Suggestion } from '../../stores/recon-client';
import { SUGGESTION_PAGE } from '../../stores/recon-suggestions-store';
import { useReconSuggestions } from '../../stores/recon';
import { DifferenceText, LineFacts, RequestFacts, evidenceWords } from './ItemFacts';
import { REASON_LABELS, RULE_LABELS, scoreText } from './recon-text';
import { numColumn, unseenColumn, ScrollTable, TableHead } from '../../components/TableHead';

const REASON_TITLES: Readonly<Record<Suggestion['reason'], string>> = {
  tie: 'Equally good matches',
  conflict: 'Competing matches',
  weak_evidence: 'Weak evidence',
};

function SuggestionCard({ suggestion, index }: { suggestion: Suggestion; index: number }) {
  const busyKey = useReconSuggestions((state) => state.busyKey);
  const failure = useReconSuggestions((state) => state.failure);
  const confirm = useReconSuggestions((state) => state.confirm);
  const reject = useReconSuggestions((state) => state.reject);
  const busy = busyKey === suggestion.key;
  const titleId = `recon-suggestion-${index}`;
  return (
    <li className="recon-suggestion" data-testid="recon-suggestion">
      <h3 id={titleId}>
        Suggestion {index + 1}: {REASON_TITLES[suggestion.reason]}
      </h3>
      <p className="recon-reason">{REASON_LABELS[suggestion.reason]}</p>
      <ScrollTable
        className="data-table recon-options-table"
        head={
          <>
            <caption className="visually-hidden">Options of suggestion {index + 1}</caption>
            <TableHead
              columns={[
                'Option',
                'Bank line',
                'Request',
                'Difference',
                numColumn('Score'),
                'Evidence',
                unseenColumn('Action'),
              ]}
            />
          </>
        }
      >
        {suggestion.options.map((option, optionIndex) => (
          <tr key={optionIndex} data-testid="recon-suggestion-option">
            <th scope="row">
              {optionIndex + 1}
              <span className="recon-rule">{RULE_LABELS[option.rule]}</span>
            </th>
            <td>
              <ul className="recon-facts-list">
                {(option.lines ?? []).map((line) => (
                  <li key={line.id}>
                    <LineFacts line={line} />
                  </li>
                ))}
              </ul>
            </td>
            <td>
              <ul className="recon-facts-list">
                {(option.requests ?? []).map((request) => (
                  <li key={request.reference}>
                    <RequestFacts request={request} />
                  </li>
                ))}
              </ul>
            </td>
            <td className="recon-option-difference">
              <DifferenceText totals={option.totals} />
            </td>
            <td className="num">{scoreText(option.score)}</td>
            <td className="recon-explanation">{evidenceWords(option)}</td>
            <td className="recon-option-action">
              <button
                type="button"
                className="button recon-small"
                disabled={busyKey !== null || !option.confirmable}
                aria-label={`Confirm option ${optionIndex + 1} of suggestion ${index + 1}`}
                aria-describedby={option.confirmable ? undefined : `${titleId}-why-not-${optionIndex}`}
                onClick={() => void confirm(suggestion.key, optionIndex)}
              >
                Confirm
              </button>
              {option.confirmable ? null : (
                <span
                  id={`${titleId}-why-not-${optionIndex}`}
                  className="recon-why-not"
                  data-testid="recon-option-why-not"
                >
                  {option.whyNot ?? 'This option cannot be confirmed.'}
                </span>
              )}
            </td>
          </tr>
        ))}
      </ScrollTable>
      <div className="recon-actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={busyKey !== null}
          aria-label={`Reject suggestion ${index + 1}`}
          onClick={() => void reject(suggestion.key)}
        >
          {busy ? 'Saving…' : 'Reject'}
        </button>
        <span className="recon-hint">Rejected options are not proposed again.</span>
      </div>
      {failure?.key === suggestion.key ? (
        <ErrorState title="The decision could not be saved" error={failure.error} />
      ) : null}
    </li>
  );
}

/** Matches the engine would not make alone: a person confirms one option or rejects them all. */
export function SuggestionQueue() {
  const view = useReconSuggestions((state) => state.view);
  const total = useReconSuggestions((state) => state.total);
  const loadingMore = useReconSuggestions((state) => state.loadingMore);
  const reload = useReconSuggestions((state) => state.reload);
  const showMore = useReconSuggestions((state) => state.showMore);
  const suggestions = shownValue(view);
  const waiting = total ?? suggestions?.length ?? 0;
  return (
    <section
      className="recon-section"
      aria-labelledby="recon-suggestions-title"
      data-testid="recon-suggestions"
    >
      <h2 id="recon-suggestions-title" tabIndex={-1}>
        Suggestions to review{suggestions === null ? '' : ` (${formatNumber(waiting)})`}
      </h2>
      {view.status === 'error' ? (
        <ErrorState
          title="The suggestions could not be loaded"
          error={view.error}
          onRetry={() => void reload()}
        />
      ) : null}
      {suggestions === null ? (
        view.status === 'error' ? null : (
          <LoadingState label="Loading suggestions…" />
        )
      ) : suggestions.length === 0 ? (
        <p className="muted" data-testid="recon-no-suggestions">
          No suggestions to review.
        </p>
      ) : (
        <>
          <ol className="recon-suggestion-list">
            {suggestions.map((suggestion, index) => (
              <SuggestionCard key={suggestion.key} suggestion={suggestion} index={index} />
            ))}
          </ol>
          {suggestions.length < waiting ? (
            <div className="recon-actions" data-testid="recon-suggestions-more">
              <span className="muted">
                {formatNumber(suggestions.length)} of {formatNumber(waiting)} shown
              </span>
              <button
                type="button"
                className="button button-secondary"
                disabled={loadingMore}
                onClick={() => void showMore()}
              >
                {loadingMore
                  ? 'Loading…'
                  : `Show ${formatNumber(Math.min(SUGGESTION_PAGE, waiting - suggestions.length))} more`}
              </button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
