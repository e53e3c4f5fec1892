import { useReconItems } from '../../stores/recon';
import { shownValue } from '../../stores/recon-client';
import type { AgeingBucket, ReconState } from '../../stores/recon-items-store';
import { FilterBar, FilterSelect } from '../../components/FilterFields';
import { LabelledInput } from '../../components/LabelledInput';
import { choicesWith, plainChoices, withoutEmpty } from '../../lib/filter-values';
import { useTextFilter } from '../transfers/useTextFilter';
import { hasItemFilters, type ReconView } from './recon-query';
import { AGEING_LABELS, AGEING_ORDER, STATE_LABELS, STATE_ORDER } from './recon-text';
import { readSearchAmount } from './search-amount';

interface ItemFiltersProps {
  view: ReconView;
  /** replace: a value being typed (no new history entry for each key). */
  onChange: (view: ReconView, replace?: boolean) => void;
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
    <LabelledInput
      id={id}
      className="recon-field recon-amount-bound"
      label={label}
      inputMode="decimal"
      value={text}
      maxLength={60}
      autoComplete="off"
      aria-invalid={problem !== null}
      aria-describedby={problem === null ? undefined : `${id}-error`}
      onChange={setText}
    >
      {problem === null ? null : (
        <span id={`${id}-error`} className="recon-field-error" role="alert">
          {problem}
        </span>
      )}
    </LabelledInput>
  );
}

const DIRECTION_CHOICES = [
  { value: 'in', label: 'Money in (requests)' },
  { value: 'out', label: 'Money out (bank payments)' },
];

/** Search, currency, float, state, age, direction and amount range of the open items, kept in the URL. */
export function ItemFilters({ view, onChange }: ItemFiltersProps) {
  const choices = useReconItems((state) => shownValue(state.view)?.choices);
  const patch = (change: Partial<ReconView>, replace = false): void =>
    onChange(withoutEmpty({ ...view, ...change }), replace);
  const currencies = choicesWith(choices?.currencies, view.currency);
  const floats = choicesWith(choices?.floats, view.float);

  return (
    <FilterBar
      className="recon-filters"
      label="Filter open items"
      testId="recon-item-filters"
      search={{
        id: 'recon-filter-search',
        className: 'recon-field recon-search',
        placeholder: 'Reference, bank text or amount',
        value: view.search ?? '',
        onCommit: (text) => patch({ search: text.trim() }, true),
      }}
      clearClassName="button button-secondary"
      canClear={hasItemFilters(view)}
      onClear={() => onChange({ asOf: view.asOf, ...(view.sort ? { sort: view.sort } : {}) })}
    >
      <FilterSelect
        id="recon-filter-currency"
        className="recon-field"
        label="Currency"
        value={view.currency}
        anyLabel="All currencies"
        choices={plainChoices(currencies)}
        onChange={(currency) => patch({ currency })}
      />
      <FilterSelect
        id="recon-filter-float"
        className="recon-field"
        label="Float"
        value={view.float}
        anyLabel="All floats and bank lines"
        title="Bank lines belong to no float: choosing one shows its requests."
        choices={floats.map((name) => ({ value: name, label: `${name} (requests)` }))}
        onChange={(float) => patch({ float })}
      />
      <FilterSelect
        id="recon-filter-state"
        className="recon-field"
        label="State"
        value={view.state}
        anyLabel="Every state"
        choices={STATE_ORDER.map((state) => ({ value: state, label: STATE_LABELS[state] }))}
        onChange={(state) => patch({ state: (state || undefined) as ReconState })}
      />
      <FilterSelect
        id="recon-filter-age"
        className="recon-field"
        label="Age"
        value={view.ageing}
        anyLabel="Any age"
        choices={AGEING_ORDER.map((bucket) => ({ value: bucket, label: AGEING_LABELS[bucket] }))}
        onChange={(ageing) => patch({ ageing: (ageing || undefined) as AgeingBucket })}
      />
      <FilterSelect
        id="recon-filter-direction"
        className="recon-field"
        label="Direction"
        value={view.direction}
        anyLabel="Money in and out"
        choices={DIRECTION_CHOICES}
        onChange={(direction) => patch({ direction: (direction || undefined) as ReconView['direction'] })}
      />
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
    </FilterBar>
  );
}
