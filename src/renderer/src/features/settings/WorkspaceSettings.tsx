import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { useSettings } from '../../stores/settings';
import { CompanyForm } from './CompanyForm';
import { FormatSection } from './FormatSection';
import { SignerNameSection } from './SignerNameSection';
import { SyncIntervalForm } from './SyncIntervalForm';
import { ThemeSection } from './ThemeSection';

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
      <section className="settings-section" aria-labelledby="sync-heading" data-testid="settings-sync">
        <h2 id="sync-heading">Sync</h2>
        <SyncIntervalForm settings={settings} />
      </section>
      <SignerNameSection settings={settings} />
      <section className="settings-section" aria-labelledby="company-heading" data-testid="settings-company">
        <h2 id="company-heading">Company details for proforma invoices</h2>
        <p className="settings-note">
          New transfer requests start with these; each can still be edited there.
        </p>
        <CompanyForm settings={settings} />
      </section>
      <FormatSection settings={settings} />
      <ThemeSection settings={settings} />
    </>
  );
}
