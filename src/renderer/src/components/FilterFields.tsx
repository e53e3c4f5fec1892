import type { ReactNode } from 'react';
import { useTextFilter } from '../features/transfers/useTextFilter';
import type { FilterChoice } from '../lib/filter-values';
import { LabelledSelect } from './LabelledInput';

/**
 * The search box of a filter bar ("/" focuses it): what is typed shows at once and reaches the view
 * through useTextFilter.
 */
export function SearchField({
  id,
  className,
  placeholder,
  value,
  onCommit,
}: {
  id: string;
  className: string;
  placeholder: string;
  value: string;
  onCommit: (text: string) => void;
}) {
  const [text, setText] = useTextFilter(value, onCommit);
  return (
    <div className={className}>
      <label htmlFor={id}>Search</label>
      <input
        id={id}
        type="search"
        value={text}
        maxLength={200}
        placeholder={placeholder}
        aria-keyshortcuts="/"
        data-shortcut="search"
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  );
}

/** One labelled select of a filter bar: "any" (the empty value) first, then the choices. */
export function FilterSelect({
  value,
  anyLabel,
  choices,
  ...field
}: {
  id: string;
  className: string;
  label: string;
  value: string | undefined;
  anyLabel: string;
  choices: readonly FilterChoice[];
  title?: string;
  onChange: (value: string) => void;
}) {
  return (
    <LabelledSelect {...field} value={value ?? ''} choices={[{ value: '', label: anyLabel }, ...choices]} />
  );
}

/**
 * A filter bar: a search form (Enter submits nothing), its search box first, then the filters given,
 * then "Clear filters", which is off while nothing is filtered.
 */
export function FilterBar({
  className,
  label,
  testId,
  search,
  clearClassName,
  canClear,
  onClear,
  children,
}: {
  className: string;
  /** The form's accessible name. */
  label: string;
  testId: string;
  search: Parameters<typeof SearchField>[0];
  clearClassName: string;
  canClear: boolean;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className={className}
      role="search"
      aria-label={label}
      data-testid={testId}
      onSubmit={(event) => event.preventDefault()}
    >
      <SearchField {...search} />
      {children}
      <button type="button" className={clearClassName} disabled={!canClear} onClick={onClear}>
        Clear filters
      </button>
    </form>
  );
}
