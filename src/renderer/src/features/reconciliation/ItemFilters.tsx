import { useReconItems } from '../../stores/recon';
import { shownValue } from '../../stores/recon-client';
import type { AgeingBucket, ReconState } from '../../stores/recon-items-store';
import { useTextFilter } from '../transfers/useTextFilter';
import { hasItemFilters, type ReconView } from './recon-query';
import { AGEING_LABELS, AGEING_ORDER, STATE_LABELS, STATE_ORDER } from './recon-text';
import { readSearchAmount } from './search-amount';

interface ItemFiltersProps {
  view: ReconView;
  /** replace: a value being typed (no new history entry for each key). */
  onChange: (view: ReconView, replace?: boolean) => void;
}

/** The choices of a select: what the items hold, and the chosen value even when none holds it now. */
function choicesWith(values: readonly string[] | undefined, chosen: string | undefined): string[] {
  return [...new Set([...(values ?? []), ...(chosen ? [chosen] : [])])].sort();
}

function AmountBound({
  id,
  label,
  value,
  onCommit,
}: {
  id: string;
  label: string;
  value: string | undefined;
  onCommit: (text: string) => void;
}) {
  const [text, setText] = useTextFilter(value ?? '', onCommit);
  const typed = text.trim() === '' ? null : readSearchAmount(text);
  const problem = typed !== null && !typed.ok ? typed.problem : null;
  return (
    <div className="recon-field recon-amount-bound">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        value={text}
        maxLength={60}
        autoComplete="off"
        aria-invalid={problem !== null}
        aria-describedby={problem === null ? undefined : `${id}-error`}
        onChange={(event) => setText(event.target.value)}
      />
      {problem === null ? null : (
        <span id={`${id}-error`} className="recon-field-error" role="alert">
          {problem}
        </span>
      )}
    </div>
  );
}

/** Search, currency, float, state, age, direction and amount range of the open items, kept in the URL. */
export function ItemFilters({ view, onChange }: ItemFiltersProps) {
  const choices = useReconItems((state) => shownValue(state.view)?.choices);
  const patch = (change: Partial<ReconView>, replace = false): void => {
    const next: ReconView = { ...view, ...change };
    for (const key of Object.keys(next) as Array<keyof ReconView>) {
      if (next[key] === undefined || next[key] === '') delete next[key];
    }
    onChange(next, replace);
  };
  const [search, setSearch] = useTextFilter(view.search ?? '', (text) =>
    patch({ search: text.trim() }, true),
  );
  const currencies = choicesWith(choices?.currencies, view.currency);
  const floats = choicesWith(choices?.floats, view.float);

  return (
    <form
      className="recon-filters"
      role="search"
      aria-label="Filter open items"
      data-testid="recon-item-filters"
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="recon-field recon-search">
        <label htmlFor="recon-filter-search">Search</label>
        <input
          id="recon-filter-search"
          type="search"
          value={search}
          maxLength={200}
          placeholder="Reference, bank text or amount"
          aria-keyshortcuts="/"
          data-shortcut="search"
          autoComplete="off"
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <div className="recon-field">
        <label htmlFor="recon-filter-currency">Currency</label>
        <select
          id="recon-filter-currency"
          value={view.currency ?? ''}
          onChange={(event) => patch({ currency: event.target.value || undefined })}
        >
          <option value="">All currencies</option>
          {currencies.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </div>
      <div className="recon-field">
        <label htmlFor="recon-filter-float">Float</label>
        <select
          id="recon-filter-float"
          value={view.float ?? ''}
          title="Bank lines belong to no float: choosing one shows its requests."
          onChange={(event) => patch({ float: event.target.value || undefined })}
        >
          <option value="">All floats and bank lines</option>
          {floats.map((name) => (
            <option key={name} value={name}>
              {name} (requests)
            </option>
          ))}
        </select>
      </div>
      <div className="recon-field">
        <label htmlFor="recon-filter-state">State</label>
        <select
          id="recon-filter-state"
          value={view.state ?? ''}
          onChange={(event) => patch({ state: (event.target.value || undefined) as ReconState })}
        >
          <option value="">Every state</option>
          {STATE_ORDER.map((state) => (
            <option key={state} value={state}>
              {STATE_LABELS[state]}
            </option>
          ))}
        </select>
      </div>
      <div className="recon-field">
        <label htmlFor="recon-filter-age">Age</label>
        <select
          id="recon-filter-age"
          value={view.ageing ?? ''}
          onChange={(event) => patch({ ageing: (event.target.value || undefined) as AgeingBucket })}
        >
          <option value="">Any age</option>
          {AGEING_ORDER.map((bucket) => (
            <option key={bucket} value={bucket}>
              {AGEING_LABELS[bucket]}
            </option>
          ))}
        </select>
      </div>
      <div className="recon-field">
        <label htmlFor="recon-filter-direction">Direction</label>
        <select
          id="recon-filter-direction"
          value={view.direction ?? ''}
          onChange={(event) =>
            patch({ direction: (event.target.value || undefined) as ReconView['direction'] })
          }
        >
          <option value="">Money in and out</option>
          <option value="in">Money in (requests)</option>
          <option value="out">Money out (bank payments)</option>
        </select>
      </div>
      <AmountBound
        id="recon-filter-min"
        label="Amount from"
        value={view.min}
        onCommit={(text) => patch({ min: text.trim() }, true)}
      />
      <AmountBound
        id="recon-filter-max"
        label="Amount to"
        value={view.max}
        onCommit={(text) => patch({ max: text.trim() }, true)}
      />
      <button
        type="button"
        className="button button-secondary"
        disabled={!hasItemFilters(view)}
        onClick={() => onChange({ asOf: view.asOf, ...(view.sort ? { sort: view.sort } : {}) })}
      >
        Clear filters
      </button>
    </form>
  );
}
