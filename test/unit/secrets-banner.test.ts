import { describe, expect, it } from 'vitest';
import type { ConnectionInfo } from '@shared/ipc/contract-settings';
import { credentialsBannerText } from '../../src/renderer/src/lib/credentials-banner';

const platform = (fields: Partial<ConnectionInfo> = {}): ConnectionInfo => ({
  kind: 'platform',
  baseUrl: 'https://sandbox.example/api/v2',
  hasCredentials: true,
  credentialsSource: 'stored',
  credentialsStorage: 'encrypted',
  storageBackend: 'gnome_libsecret',
  storageNotice: null,
  plainTextStorage: { offered: false, enabled: false },
  ...fields,
});

describe('secrets: the credentials banner', () => {
  it('stays away from the demo and from credentials saved encrypted or from the environment', () => {
    expect(credentialsBannerText(null)).toBeNull();
    expect(credentialsBannerText(platform({ kind: 'demo', baseUrl: null }))).toBeNull();
    expect(credentialsBannerText(platform())).toBeNull();
    expect(
      credentialsBannerText(platform({ credentialsSource: 'environment', credentialsStorage: 'none' })),
    ).toBeNull();
  });

  it('says plainly that entered credentials are kept only until FloatDesk closes', () => {
    const message =
      'Your system has no secure key store, so FloatDesk keeps the API key and secret only until you close it. You will be asked for them again at next start.';
    expect(
      credentialsBannerText(
        platform({
          credentialsSource: 'session',
          credentialsStorage: 'memory',
          storageNotice: { kind: 'memory-only', message },
          plainTextStorage: { offered: true, enabled: false },
        }),
      ),
    ).toEqual({ tone: 'warning', title: 'API key kept until you close FloatDesk', message });
  });

  it('asks for them again when the saved ones cannot be used, and when there are none', () => {
    const message =
      'The API key and secret were saved with … Enter the API key and secret again in Settings.';
    expect(
      credentialsBannerText(
        platform({
          hasCredentials: false,
          credentialsSource: 'none',
          storageNotice: { kind: 're-enter', message },
        }),
      ),
    ).toMatchObject({ tone: 'danger', message });
    expect(
      credentialsBannerText(
        platform({
          hasCredentials: false,
          credentialsSource: 'none',
          plainTextStorage: { offered: true, enabled: false },
        }),
      ),
    ).toMatchObject({ title: 'No API key and secret', message: /no secure key store/ });
    expect(
      credentialsBannerText(platform({ hasCredentials: false, credentialsSource: 'none' })),
    ).toMatchObject({
      message: /until you enter the API key and secret/,
    });
  });
});
