/**
 * The reconciliation export's explicit choice while the screen filters its open items: the complete
 * report (default), or only the open items the filter shows — labelled with the filter, which the
 * file then names too.
 */
export function ReportScopeChoice(props: {
  idPrefix: string;
  testId: string;
  filter: string;
  onlyShown: boolean;
  disabled: boolean;
  onChange: (onlyShown: boolean) => void;
}) {
  const { idPrefix, testId, filter, onlyShown, disabled, onChange } = props;
  const options = [
    {
      value: false,
      key: 'complete',
      label: 'The complete report',
      hint: 'Every open item, match, resolution and roll-forward line, whatever the screen’s filter.',
    },
    {
      value: true,
      key: 'shown',
      label: 'Only the open items the screen shows',
      hint: `Filter: ${filter}. The file says which filter it applied.`,
    },
  ];
  return (
    <fieldset className="export-formats" disabled={disabled} data-testid={`${testId}-scope`}>
      <legend>What to export</legend>
      {options.map((option) => (
        <div key={option.key} className="export-format">
          <input
            type="radio"
            id={`${idPrefix}-scope-${option.key}`}
            name={`${idPrefix}-scope`}
            checked={onlyShown === option.value}
            aria-describedby={`${idPrefix}-scope-${option.key}-hint`}
            data-testid={`${testId}-scope-${option.key}`}
            onChange={() => onChange(option.value)}
          />
          <label htmlFor={`${idPrefix}-scope-${option.key}`} className="export-format-label">
            {option.label}
          </label>
          <span id={`${idPrefix}-scope-${option.key}-hint`} className="export-hint">
            {option.hint}
          </span>
        </div>
      ))}
    </fieldset>
  );
}
