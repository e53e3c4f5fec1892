import { useState } from 'react';
import type { Settings } from '@shared/ipc/contract-settings';
import { ErrorState } from '../../components/ErrorState';
import { fieldErrorsOf, NO_FIELD_ERRORS, type FieldErrors } from '../../lib/field-errors';
import { formatMoney } from '../../lib/format-money';
import { formatDate, formatExactTime } from '../../lib/format-time';
import { useFormatPreferences } from '../../lib/use-format-preferences';
import { useSettings } from '../../stores/settings';
import { ChoiceGroup, SelectField } from './Field';
import { localeOptions } from './format-options';
import { SettingsSection } from './SettingsSection';

const PREVIEW_AMOUNT = '1234567.89';
const PREVIEW_DATE = '2026-11-22';
const PREVIEW_TIME = '2026-11-22T14:03:22Z';

/** How numbers and dates are written everywhere in this workspace; changes apply at once. */
export function FormatSection({ settings }: { settings: Settings }) {
  useFormatPreferences();
  const update = useSettings((state) => state.update);
  const [errors, setErrors] = useState<FieldErrors>(NO_FIELD_ERRORS);
  // Shown as chosen at once; the saved settings follow (or the choice goes back, with the error).
  const [locale, setLocale] = useState(settings.locale);
  const [dateStyle, setDateStyle] = useState(settings.dateStyle);

  async function change(patch: Pick<Settings, 'locale'> | Pick<Settings, 'dateStyle'>): Promise<void> {
    if ('locale' in patch) setLocale(patch.locale);
    else setDateStyle(patch.dateStyle);
    const error = await update(patch);
    setErrors(fieldErrorsOf(error, ['locale', 'dateStyle']));
    const saved = useSettings.getState().settings ?? settings;
    setLocale(saved.locale);
    setDateStyle(saved.dateStyle);
  }

  return (
    <SettingsSection id="format" title="Number and date format" testId="settings-format">
      <div className="format-controls">
        <SelectField
          id="format-locale"
          label="Format numbers and dates as"
          value={locale}
          options={localeOptions(settings.locale)}
          onChange={(next) => void change({ locale: next })}
          error={errors.fields.locale}
        />
        <ChoiceGroup
          name="date-style"
          legend="Dates"
          value={dateStyle}
          options={[
            { value: 'iso', label: `ISO (${PREVIEW_DATE})` },
            { value: 'locale', label: 'As the format above writes them' },
          ]}
          onChange={(next) => void change({ dateStyle: next })}
        />
      </div>
      {errors.other ? <ErrorState title="The format could not be saved" error={errors.other} /> : null}
      <dl className="facts format-preview" aria-label="Preview" data-testid="format-preview">
        <dt>Amount</dt>
        <dd className="amount">{formatMoney(PREVIEW_AMOUNT, 'EUR')}</dd>
        <dt>Date</dt>
        <dd>{formatDate(PREVIEW_DATE)}</dd>
        <dt>Date and time</dt>
        <dd>{formatExactTime(PREVIEW_TIME)}</dd>
      </dl>
    </SettingsSection>
  );
}
