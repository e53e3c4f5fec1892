import type { AgeingBucket, ReconState } from '../../stores/recon-items-store';
import type { ReconView } from './recon-query';
import { AGEING_LABELS, AGEING_ORDER, STATE_LABELS, STATE_ORDER } from './recon-text';

interface ItemFiltersProps {
  view: ReconView;
  onChange: (view: ReconView) => void;
}

/** State and age filters of the open items, kept in the URL. */
export function ItemFilters({ view, onChange }: ItemFiltersProps) {
  return (
    <form
      className="recon-filters"
      role="search"
      aria-label="Filter open items"
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="recon-field">
        <label htmlFor="recon-filter-state">State</label>
        <select
          id="recon-filter-state"
          value={view.state ?? ''}
          data-shortcut="search"
          onChange={(event) => onChange({ ...view, state: (event.target.value || undefined) as ReconState })}
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
          onChange={(event) =>
            onChange({ ...view, ageing: (event.target.value || undefined) as AgeingBucket })
          }
        >
          <option value="">Any age</option>
          {AGEING_ORDER.map((bucket) => (
            <option key={bucket} value={bucket}>
              {AGEING_LABELS[bucket]}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="button button-secondary"
        disabled={view.state === undefined && view.ageing === undefined}
        onClick={() => onChange({ asOf: view.asOf })}
      >
        Clear filters
      </button>
    </form>
  );
}
