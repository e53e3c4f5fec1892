import { useState } from 'react';
import type { Settings } from '@shared/ipc/contract-settings';
import type { ErrorShape } from '@shared/ipc/errors';
import { ErrorState } from '../../components/ErrorState';
import { applyTheme } from '../../lib/theme';
import { useSettings } from '../../stores/settings';
import { ChoiceGroup } from './Field';
import { SettingsSection } from './SettingsSection';

const THEMES = [
  { value: 'system', label: 'As the system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
] as const;

/** Light, dark, or whatever the operating system uses: shown at once, then saved. */
export function ThemeSection({ settings }: { settings: Settings }) {
  const update = useSettings((state) => state.update);
  const [choice, setChoice] = useState<Settings['theme']>(settings.theme);
  const [error, setError] = useState<ErrorShape | null>(null);

  async function choose(theme: Settings['theme']): Promise<void> {
    setChoice(theme);
    applyTheme(theme);
    const failed = await update({ theme });
    setError(failed);
    if (failed) {
      const saved = useSettings.getState().settings?.theme ?? settings.theme;
      setChoice(saved);
      applyTheme(saved);
    }
  }

  return (
    <SettingsSection id="theme" title="Theme" testId="settings-theme">
      <ChoiceGroup
        name="theme"
        legend="Colours"
        value={choice}
        options={THEMES}
        onChange={(theme) => void choose(theme)}
      />
      {error ? <ErrorState title="The theme could not be saved" error={error} /> : null}
    </SettingsSection>
  );
}
