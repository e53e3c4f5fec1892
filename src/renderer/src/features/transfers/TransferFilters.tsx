import type { TransferFilters as Filters } from '@shared/ipc/contract-transfers';
import { useTransferOptions } from '../../stores/transfers';
import { statusLabel } from './columns';
import { hasFilters, type TransferView } from './transfer-query';
import { useTextFilter } from './useTextFilter';
import { DateField } from '../../components/DateField';
import { FilterBar, FilterSelect } from '../../components/FilterFields';
import { choicesWith, plainChoices, withoutEmpty } from '../../lib/filter-values';
import { LabelledInput } from '../../components/LabelledInput';

interface TransferFiltersProps {
  view: TransferView;
  /** replace: a value being typed (no new history entry for each key). */
  onChange: (filters: Filters, replace: boolean) => void;
}

/** Platform filters (float, currency, payment reference, dates, status) plus free text, all in the URL. */
export function TransferFilters({ view, onChange }: TransferFiltersProps) {
  const { filters } = view;
  const floats = useTransferOptions((state) => state.floats);
  const currencies = useTransferOptions((state) => state.currencies);
  const statuses = useTransferOptions((state) => state.statuses);
  const patch = (change: Partial<Filters>, replace = false): void =>
    onChange(withoutEmpty({ ...filters, ...change }), replace);
  const [reference, setReference] = useTextFilter(filters.paymentReference ?? '', (value) =>
    patch({ paymentReference: value.trim() }, true),
  );
  /** A select of the values the platform has (the chosen one kept even when none holds it now). */
  const valueSelect = (
    field: 'float' | 'currency',
    label: string,
    anyLabel: string,
    values: readonly string[],
    className = 'filter-field',
  ) => (
    <FilterSelect
      id={`transfers-${field}`}
      className={className}
      label={label}
      value={filters[field]}
      anyLabel={anyLabel}
      choices={plainChoices(choicesWith(values, filters[field]))}
      onChange={(value) => patch({ [field]: value })}
    />
  );
  const chosen = new Set(filters.statuses ?? []);
  const toggleStatus = (status: string, on: boolean): void => {
    const next = new Set(chosen);
    if (on) next.add(status);
    else next.delete(status);
    const known = statuses.filter((candidate) => next.has(candidate));
    patch({ statuses: [...known, ...[...next].filter((candidate) => !known.includes(candidate))] });
  };

  return (
    <FilterBar
      className="transfer-filters"
      label="Filter transfer requests"
      testId="transfer-filters"
      search={{
        id: 'transfers-text',
        className: 'filter-field filter-search',
        placeholder: 'Reference, float, amount, status…',
        value: filters.text ?? '',
        onCommit: (value) => patch({ text: value.trim() }, true),
      }}
      clearClassName="button button-secondary filter-clear"
      canClear={hasFilters(filters)}
      onClear={() => onChange({}, false)}
    >
      {valueSelect(
        'float',
        'Float',
        'All floats',
        floats.map((float) => float.name),
      )}
      {valueSelect('currency', 'Currency', 'All', currencies, 'filter-field filter-narrow')}
      <LabelledInput
        id="transfers-reference"
        className="filter-field"
        label="Payment reference"
        value={reference}
        maxLength={64}
        spellCheck={false}
        autoComplete="off"
        onChange={setReference}
      />
      <div className="filter-field filter-date">
        <label htmlFor="transfers-from">Created from</label>
        <DateField id="transfers-from" value={filters.from ?? ''} onChange={(from) => patch({ from })} />
      </div>
      <div className="filter-field filter-date">
        <label htmlFor="transfers-to">Created to</label>
        <DateField id="transfers-to" value={filters.to ?? ''} onChange={(to) => patch({ to })} />
      </div>
      <fieldset className="filter-statuses">
        <legend>Status</legend>
        {statuses.map((status) => (
          <label key={status} className={`status-toggle${chosen.has(status) ? ' on' : ''}`}>
            <input
              type="checkbox"
              checked={chosen.has(status)}
              data-testid={`status-filter-${status}`}
              onChange={(event) => toggleStatus(status, event.target.checked)}
            />
            {statusLabel(status)}
          </label>
        ))}
      </fieldset>
    </FilterBar>
  );
}
