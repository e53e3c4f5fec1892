import { useEffect } from 'react';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { usePlatformConnection } from '../../stores/platform-connection';
import { ConnectionForm } from './ConnectionForm';
import { ConnectionTest } from './ConnectionTest';
import { SettingsSection } from './SettingsSection';

/** Where the open workspace syncs from and with which credentials; a test of both. */
export function ConnectionSection() {
  const info = usePlatformConnection((state) => state.info);
  const loadError = usePlatformConnection((state) => state.loadError);
  const load = usePlatformConnection((state) => state.load);
  useEffect(() => void load(), [load]);
  return (
    <SettingsSection id="connection" title="Connection" testId="settings-connection">
      {info === null && loadError === null ? <LoadingState label="Loading the connection…" /> : null}
      {loadError ? (
        <ErrorState
          title="The connection could not be loaded"
          error={loadError}
          onRetry={() => void load()}
        />
      ) : null}
      {info?.kind === 'demo' ? (
        <p className="settings-note" data-testid="demo-connection-note">
          The demo workspace talks to the built-in simulator that runs inside FloatDesk. Its address, API key
          and secret are fixed and cannot be edited. Create a platform workspace to connect to the platform.
        </p>
      ) : null}
      {info?.kind === 'platform' ? <ConnectionForm info={info} /> : null}
      {info ? <ConnectionTest /> : null}
    </SettingsSection>
  );
}
