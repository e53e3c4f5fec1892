import { useEffect } from 'react';
import { credentialsBannerText } from '../../lib/credentials-banner';
import { usePlatformConnection } from '../../stores/platform-connection';
import './credentials-banner.css';

/**
 * A banner above every page while the credentials need attention: kept in memory only (no secure
 * key store, or a shell that never saves them), saved ones unusable, or none at all.
 */
export function CredentialsBanner() {
  const info = usePlatformConnection((state) => state.info);
  const load = usePlatformConnection((state) => state.load);
  useEffect(() => void load(), [load]);
  const text = credentialsBannerText(info);
  if (!text) return null;
  return (
    <div
      className={`banner credentials-banner state-${text.tone}`}
      role={text.tone === 'danger' ? 'alert' : 'status'}
      data-testid="credentials-banner"
    >
      <div>
        <p className="credentials-banner-title">
          <strong>{text.title}</strong>
        </p>
        <p>{text.message}</p>
      </div>
      {/* Not named "Settings": the side navigation's link is found by that name. */}
      <a className="button" href="#/settings">
        Go to the connection
      </a>
    </div>
  );
}
