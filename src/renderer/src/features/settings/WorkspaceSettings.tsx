import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { useSettings } from '../../stores/settings';
import { CompanyForm } from './CompanyForm';
import { FormatSection } from './FormatSection';
import { SignerNameSection } from './SignerNameSection';
import { SyncIntervalForm } from './SyncIntervalForm';
import { ThemeSection } from './ThemeSection';
import { SettingsSection } from './SettingsSection';

/** The open workspace's own settings (stores/settings.ts loads them at start). */
export function WorkspaceSettings() {
  const settings = useSettings((state) => state.settings);
  const loadError = useSettings((state) => state.loadError);
  const load = useSettings((state) => state.load);
  if (settings === null) {
    return loadError ? (
      <ErrorState title="Settings could not be loaded" error={loadError} onRetry={() => void load()} />
    ) : (
      <LoadingState label="Loading settings…" />
    );
  }
  return (
    <>
      <SettingsSection id="sync" title="Sync" testId="settings-sync">
        <SyncIntervalForm settings={settings} />
      </SettingsSection>
      <SignerNameSection settings={settings} />
      <SettingsSection id="company" title="Company details for proforma invoices" testId="settings-company">
        <p className="settings-note">
          New transfer requests start with these; each can still be edited there.
        </p>
        <CompanyForm settings={settings} />
      </SettingsSection>
      <FormatSection settings={settings} />
      <ThemeSection settings={settings} />
    </>
  );
}
